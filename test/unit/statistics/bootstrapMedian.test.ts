// The bootstrap median drawn through order statistics must be the bootstrap: checked against the
// closed form of the bootstrap distribution of the median and against plain resampling.
import { strict as assert } from 'node:assert';
import { binomialUpperTail } from '../../../src/statistics/binomial';
import { medianOfSorted, medianWithInterval, resampledMedian } from '../../../src/statistics/bootstrapMedian';
import { seededRandom } from '../../../src/statistics/seededRandom';

describe('bootstrap median', () => {
  it('odd n: P(median* ≤ x₍ⱼ₎) = P(Binomial(n, j/n) ≥ (n + 1)/2) (Efron, Annals of Statistics 7 (1979) 1–26, §3), within 0.005 over 200,000 draws', () => {
    const n = 9;
    const sorted = Float64Array.from({ length: n }, (_, i) => i + 1);
    const random = seededRandom(11);
    const counts = new Array<number>(n + 1).fill(0);
    const draws = 200_000;
    for (let i = 0; i < draws; i++) {
      const value = resampledMedian(sorted, random);
      counts[value] = (counts[value] ?? 0) + 1;
    }
    let cumulative = 0;
    for (let j = 1; j <= n; j++) {
      cumulative += (counts[j] ?? 0) / draws;
      const exact = binomialUpperTail((n + 1) / 2, n, j / n);
      assert.ok(Math.abs(cumulative - exact) < 0.005, `j = ${j}: ${cumulative} against ${exact}`);
    }
  });

  it('even n: the same distribution as resampling n values and averaging the middle two (Kolmogorov distance < 0.01)', () => {
    const sorted = Float64Array.from([3, 1, 4, 1, 5, 9, 2, 6, 5, 3]).sort();
    const random = seededRandom(12);
    const direct: number[] = [];
    const resampled: number[] = [];
    for (let i = 0; i < 60_000; i++) {
      direct.push(resampledMedian(sorted, random));
      const resample = Float64Array.from({ length: sorted.length }, () => sorted[random.nextInt(sorted.length)] as number).sort();
      resampled.push(medianOfSorted(resample));
    }
    direct.sort((a, b) => a - b);
    resampled.sort((a, b) => a - b);
    const share = (values: number[], x: number): number => {
      let low = 0;
      let high = values.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((values[middle] as number) <= x) low = middle + 1;
        else high = middle;
      }
      return low / values.length;
    };
    for (const x of new Set([...direct, ...resampled])) {
      assert.ok(Math.abs(share(direct, x) - share(resampled, x)) < 0.01, `at ${x}`);
    }
  });

  it('reports the sample median and a percentile interval around it, the same for the same seed', () => {
    const values = Array.from({ length: 501 }, (_, i) => ((i * 37) % 101) - 50);
    const options = { resamples: 1000, level: 0.95, random: seededRandom(3) };
    const first = medianWithInterval(values, options);
    const again = medianWithInterval(values, { ...options, random: seededRandom(3) });
    assert.deepEqual(first, again);
    assert.equal(first.median, medianOfSorted(Float64Array.from(values).sort()));
    assert.ok(first.lower <= first.median && first.median <= first.upper, JSON.stringify(first));
    assert.ok(first.upper - first.lower < 30);
    assert.equal(first.resamples, 1000);
    assert.equal(first.n, 501);
  });

  it('is exact for one value or constant data and refuses no data', () => {
    assert.deepEqual(
      { ...medianWithInterval([42], { resamples: 10, level: 0.95, random: seededRandom(1) }) },
      { n: 1, median: 42, lower: 42, upper: 42, level: 0.95, resamples: 10 },
    );
    const constant = medianWithInterval([5, 5, 5, 5], { resamples: 100, level: 0.95, random: seededRandom(1) });
    assert.equal(constant.lower, 5);
    assert.equal(constant.upper, 5);
    assert.throws(() => medianWithInterval([], { resamples: 10, level: 0.95, random: seededRandom(1) }), RangeError);
  });
});
