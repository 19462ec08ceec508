// The Wilson score interval against Newcombe's worked examples and the score test it inverts.
import { strict as assert } from 'node:assert';
import { zForConfidence } from '../../../src/statistics/normalQuantile';
import { wilsonInterval } from '../../../src/statistics/proportionInterval';

const close = (actual: number, expected: number, tolerance: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual}, expected ${expected} ± ${tolerance}`);

describe('Wilson score interval', () => {
  it("matches Newcombe's worked examples, method 3 (Statistics in Medicine 17 (1998) 857–872), to four decimals", () => {
    const table: Array<[number, number, number, number]> = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
      [29, 29, 0.883, 1],
    ];
    for (const [x, n, lower, upper] of table) {
      const interval = wilsonInterval(x, n);
      close(interval.lower, lower, 5e-5, `lower of ${x}/${n}`);
      close(interval.upper, upper, 5e-5, `upper of ${x}/${n}`);
      assert.equal(interval.estimate, x / n);
    }
  });

  it("gives promptfoo's example: 17 of 20 passing is 85%, 95% interval 64–95% (its PR #10325)", () => {
    const interval = wilsonInterval(17, 20);
    assert.equal(Math.round(interval.lower * 100), 64);
    assert.equal(Math.round(interval.upper * 100), 95);
  });

  it('at any level, its bounds are where the score test statistic equals z (Wilson 1927)', () => {
    for (const level of [0.8, 0.9, 0.99, 0.999]) {
      const z = zForConfidence(level);
      for (const [x, n] of [
        [3, 17],
        [50, 120],
        [199, 200],
      ] as const) {
        const interval = wilsonInterval(x, n, level);
        for (const bound of [interval.lower, interval.upper]) {
          const score = Math.abs(x / n - bound) / Math.sqrt((bound * (1 - bound)) / n);
          close(score, z, 1e-9, `${x}/${n} at ${level}`);
        }
        assert.equal(interval.level, level);
      }
    }
  });

  it('is wider at a higher level, never leaves [0, 1], and refuses impossible counts', () => {
    const narrow = wilsonInterval(7, 10, 0.9);
    const wide = wilsonInterval(7, 10, 0.99);
    assert.ok(wide.lower < narrow.lower && wide.upper > narrow.upper);
    assert.equal(wilsonInterval(0, 1).lower, 0);
    assert.equal(wilsonInterval(1, 1).upper, 1);
    for (const [x, n] of [
      [1, 0],
      [-1, 5],
      [6, 5],
      [1.5, 5],
    ] as const) {
      assert.throws(() => wilsonInterval(x, n), RangeError, `${x}/${n}`);
    }
  });
});
