// The median with a percentile bootstrap interval, for paired differences of length and latency.
//
// A resample of n values drawn with replacement from the sorted data has its k-th smallest value at
// sorted position ⌈n·U₍ₖ₎⌉, where U₍ₖ₎ is the k-th smallest of n uniforms: drawing an index
// uniformly is ⌈n·U⌉, and ⌈n·u⌉ keeps order. U₍ₖ₎ ~ Beta(k, n − k + 1), and the next one up is
// U₍ₖ₎ + (1 − U₍ₖ₎)·(1 − V^(1/(n−k))) (the smallest of the n − k uniforms above it). So each
// resample's median is drawn exactly as resampling would give it, in constant time instead of n
// draws and a selection: 1,000 resamples of 10,000 pairs take microseconds. Checked against the
// closed form P(median* ≤ x₍ⱼ₎) = P(Binomial(n, j/n) ≥ m) for odd n = 2m − 1 (Efron, "Bootstrap
// methods: another look at the jackknife", Annals of Statistics 7 (1979) 1–26, §3) and against plain resampling.
// Pure: no `vscode`.
import { quantileSorted } from 'simple-statistics';
import { beta } from './randomVariates';
import type { RandomSource } from './seededRandom';

export interface MedianInterval {
  readonly n: number;
  /** The sample median (the mean of the two middle values when n is even). */
  readonly median: number;
  readonly lower: number;
  readonly upper: number;
  readonly level: number;
  readonly resamples: number;
}

export interface BootstrapOptions {
  readonly resamples: number;
  readonly level: number;
  readonly random: RandomSource;
}

/** The sample median of sorted values. */
export function medianOfSorted(sorted: ArrayLike<number>): number {
  const n = sorted.length;
  const middle = n >> 1;
  return n % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Sorted position (0-based) of the value at uniform order statistic u in a resample of n. */
function positionOf(u: number, n: number): number {
  return Math.min(n - 1, Math.max(0, Math.ceil(n * u) - 1));
}

/** One bootstrap resample's median of sorted data, drawn through its order statistics. */
export function resampledMedian(sorted: ArrayLike<number>, random: RandomSource): number {
  const n = sorted.length;
  if (n === 1) {
    return sorted[0] as number;
  }
  // The lower middle order statistic: the m-th of n, m = ⌈n/2⌉.
  const m = (n + 1) >> 1;
  const lowU = beta(m, n - m + 1, random);
  const low = sorted[positionOf(lowU, n)] as number;
  if (n % 2 === 1) {
    return low;
  }
  const highU = lowU + (1 - lowU) * (1 - Math.pow(random.nextFloat(), 1 / (n - m)));
  return (low + (sorted[positionOf(highU, n)] as number)) / 2;
}

/** Median and percentile bootstrap interval of `values` (finite numbers; at least one). */
export function medianWithInterval(values: ArrayLike<number>, options: BootstrapOptions): MedianInterval {
  if (values.length === 0) {
    throw new RangeError('A median needs at least one value.');
  }
  if (!Number.isInteger(options.resamples) || options.resamples < 1) {
    throw new RangeError(`Resamples are a whole number ≥ 1, not ${options.resamples}.`);
  }
  const sorted = Float64Array.from(values).sort();
  const medians = new Float64Array(options.resamples);
  for (let i = 0; i < medians.length; i++) {
    medians[i] = resampledMedian(sorted, options.random);
  }
  medians.sort();
  const tail = (1 - options.level) / 2;
  const replicates = Array.from(medians);
  return {
    n: sorted.length,
    median: medianOfSorted(sorted),
    lower: quantileSorted(replicates, tail),
    upper: quantileSorted(replicates, 1 - tail),
    level: options.level,
    resamples: options.resamples,
  };
}
