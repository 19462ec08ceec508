// Exact binomial probabilities against printed binomial tables and exact fractions.
import { strict as assert } from 'node:assert';
import { binomialCdf, binomialPmf, binomialUpperTail } from '../../../src/statistics/binomial';

const close = (actual: number, expected: number, tolerance: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual}, expected ${expected} ± ${tolerance}`);

describe('binomial distribution', () => {
  it('matches the cumulative binomial table for p = ½ (as printed in Conover, Practical Nonparametric Statistics, 3rd ed.)', () => {
    const table: Array<[number, number, number]> = [
      [1, 10, 0.0107],
      [2, 10, 0.0547],
      [5, 20, 0.0207],
      [6, 20, 0.0577],
      [7, 25, 0.0216],
      [8, 25, 0.0539],
    ];
    for (const [k, n, expected] of table) {
      close(binomialCdf(k, n, 0.5), expected, 5e-5, `P(X ≤ ${k}), n = ${n}`);
    }
  });

  it('matches the cumulative binomial table for n = 10, p = 0.3 (the same table)', () => {
    const expected = [0.0282, 0.1493, 0.3828, 0.6496, 0.8497, 0.9527, 0.9894, 0.9984, 0.9999, 1.0, 1.0];
    expected.forEach((value, k) => close(binomialCdf(k, 10, 0.3), value, 5e-5, `P(X ≤ ${k})`));
  });

  it('is exact where the fraction is known: P(X ≤ 2) = 56/1024 for n = 10, and 2⁻¹⁰⁰⁰ keeps its precision', () => {
    close(binomialCdf(2, 10, 0.5), 56 / 1024, 1e-15, 'n = 10');
    close(binomialPmf(5, 10, 0.5), 252 / 1024, 1e-15, 'pmf');
    const tiny = binomialCdf(0, 1000, 0.5);
    assert.ok(Math.abs(tiny / 2 ** -1000 - 1) < 1e-9, `relative error of ${tiny}`);
  });

  it('lower and upper tails add up and cover the edges', () => {
    for (const [n, p] of [
      [30, 0.5],
      [200, 0.1],
      [5000, 0.62],
    ] as const) {
      for (const k of [0, 1, Math.floor(n * p), n - 1]) {
        close(binomialCdf(k, n, p) + binomialUpperTail(k + 1, n, p), 1, 1e-12, `n = ${n}, p = ${p}, k = ${k}`);
      }
    }
    assert.equal(binomialCdf(-1, 10, 0.5), 0);
    assert.equal(binomialCdf(10, 10, 0.5), 1);
    assert.equal(binomialUpperTail(0, 10, 0.5), 1);
    assert.equal(binomialUpperTail(11, 10, 0.5), 0);
    assert.equal(binomialCdf(3, 10, 0), 1);
    assert.equal(binomialUpperTail(10, 10, 1), 1);
    assert.throws(() => binomialCdf(1, 2.5, 0.5), RangeError);
    assert.throws(() => binomialCdf(1, 10, 1.5), RangeError);
  });
});
