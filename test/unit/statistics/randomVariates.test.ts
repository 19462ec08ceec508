// The draws behind the bootstraps: gamma and beta by their moments, binomial against the exact
// distribution (Kolmogorov distance), multinomial by its totals and margins.
import { strict as assert } from 'node:assert';
import { binomialCdf } from '../../../src/statistics/binomial';
import { beta, binomial, gamma, multinomial } from '../../../src/statistics/randomVariates';
import { seededRandom } from '../../../src/statistics/seededRandom';

function moments(draw: () => number, count: number): { mean: number; variance: number } {
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < count; i++) {
    const value = draw();
    sum += value;
    squares += value * value;
  }
  const mean = sum / count;
  return { mean, variance: squares / count - mean * mean };
}

describe('random variates', () => {
  it('gamma(shape) has mean and variance shape; beta(a, b) has mean a/(a + b)', () => {
    const random = seededRandom(1);
    for (const shape of [1, 2.5, 40, 5000]) {
      const { mean, variance } = moments(() => gamma(shape, random), 50_000);
      assert.ok(Math.abs(mean / shape - 1) < 0.02, `mean ${mean} for ${shape}`);
      assert.ok(Math.abs(variance / shape - 1) < 0.05, `variance ${variance} for ${shape}`);
    }
    const { mean } = moments(() => beta(3, 7, random), 50_000);
    assert.ok(Math.abs(mean - 0.3) < 0.005, String(mean));
    assert.throws(() => gamma(0.5, random), RangeError);
  });

  it('binomial draws follow the exact binomial distribution (Kolmogorov distance < 0.01 over 50,000 draws)', () => {
    for (const [n, p] of [
      [7, 0.4],
      [60, 0.5],
      [1000, 0.01],
      [5000, 0.3],
      [100_000, 0.77],
    ] as const) {
      const random = seededRandom(n);
      const draws = Array.from({ length: 50_000 }, () => binomial(n, p, random)).sort((a, b) => a - b);
      let worst = 0;
      for (let i = 0; i < draws.length; i++) {
        const value = draws[i] as number;
        if (draws[i + 1] !== value) {
          worst = Math.max(worst, Math.abs((i + 1) / draws.length - binomialCdf(value, n, p)));
        }
        assert.ok(Number.isInteger(value) && value >= 0 && value <= n);
      }
      assert.ok(worst < 0.01, `n = ${n}, p = ${p}: ${worst}`);
    }
    const random = seededRandom(2);
    assert.equal(binomial(10, 0, random), 0);
    assert.equal(binomial(10, 1, random), 10);
    assert.equal(binomial(0, 0.5, random), 0);
    assert.throws(() => binomial(5, 1.2, random), RangeError);
  });

  it('multinomial counts add up to the draws, with each category near its share', () => {
    const random = seededRandom(3);
    const totals = new Float64Array(4);
    for (let i = 0; i < 2000; i++) {
      const counts = multinomial(5000, [10, 30, 0, 60], random);
      assert.equal(
        counts.reduce((sum, value) => sum + value, 0),
        5000,
      );
      assert.equal(counts[2], 0);
      counts.forEach((value, category) => (totals[category] = (totals[category] as number) + value));
    }
    const shares = Array.from(totals, (total) => total / (2000 * 5000));
    [0.1, 0.3, 0, 0.6].forEach((share, category) => assert.ok(Math.abs((shares[category] as number) - share) < 0.002, `category ${category}: ${shares[category]}`));
  });
});
