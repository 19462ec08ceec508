// Normal, gamma and beta draws from a seeded source, for drawing a bootstrap resample's median
// directly (see bootstrapMedian.ts). Normal: Marsaglia's polar method. Gamma: Marsaglia & Tsang,
// "A simple method for generating gamma variables", ACM TOMS 26 (2000) 363–372, for shape ≥ 1.
// Beta(a, b) = G(a) / (G(a) + G(b)). Pure: no `vscode`.
import type { RandomSource } from './seededRandom';

export function standardNormal(random: RandomSource): number {
  for (;;) {
    const u = 2 * random.nextFloat() - 1;
    const v = 2 * random.nextFloat() - 1;
    const s = u * u + v * v;
    if (s > 0 && s < 1) {
      return u * Math.sqrt((-2 * Math.log(s)) / s);
    }
  }
}

/** A Gamma(shape, 1) draw, shape ≥ 1. */
export function gamma(shape: number, random: RandomSource): number {
  if (!(shape >= 1)) {
    throw new RangeError(`This gamma sampler takes a shape ≥ 1, not ${shape}.`);
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = standardNormal(random);
    const root = 1 + c * x;
    if (root <= 0) {
      continue;
    }
    const v = root * root * root;
    const u = random.nextFloat();
    if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
      return d * v;
    }
  }
}

/** A Beta(a, b) draw, a ≥ 1 and b ≥ 1. */
export function beta(a: number, b: number, random: RandomSource): number {
  const x = gamma(a, random);
  const y = gamma(b, random);
  return x / (x + y);
}

/** Below this many trials a binomial draw counts Bernoulli trials one by one. */
const DIRECT_TRIALS = 40;

/**
 * A Binomial(n, p) draw in O(log n) steps, exactly: the count of n uniforms below p. Knuth, The Art of
 * Computer Programming 2, §3.4.1 (binomial distribution): the i-th smallest of the n uniforms, Y ~
 * Beta(i, n + 1 − i), splits them; if Y ≥ p only the i − 1 below Y can count, each with chance p/Y;
 * else those i all count and each of the n − i above Y counts with chance (p − Y)/(1 − Y).
 */
export function binomial(trials: number, p: number, random: RandomSource): number {
  if (!Number.isInteger(trials) || trials < 0 || !(p >= 0 && p <= 1)) {
    throw new RangeError(`A binomial draw needs whole trials ≥ 0 and 0 ≤ p ≤ 1, not ${trials} and ${p}.`);
  }
  let n = trials;
  let chance = p;
  let count = 0;
  while (n > DIRECT_TRIALS && chance > 0 && chance < 1) {
    const i = Math.min(n, Math.floor(1 + n * chance));
    const y = beta(i, n + 1 - i, random);
    if (y >= chance) {
      n = i - 1;
      chance /= y;
    } else {
      count += i;
      n -= i;
      chance = (chance - y) / (1 - y);
    }
  }
  if (chance >= 1) {
    return count + n;
  }
  for (let trial = 0; trial < n && chance > 0; trial++) {
    if (random.nextFloat() < chance) {
      count += 1;
    }
  }
  return count;
}

/** Counts of `trials` draws over categories with the given weights (any non-negative scale), by conditional binomials. */
export function multinomial(trials: number, weights: ArrayLike<number>, random: RandomSource, into: Float64Array = new Float64Array(weights.length)): Float64Array {
  let remainingWeight = 0;
  for (let c = 0; c < weights.length; c++) {
    remainingWeight += weights[c] as number;
  }
  let remaining = trials;
  for (let c = 0; c < weights.length; c++) {
    const weight = weights[c] as number;
    const drawn = c === weights.length - 1 || remainingWeight <= weight ? remaining : binomial(remaining, Math.min(1, weight / remainingWeight), random);
    into[c] = drawn;
    remaining -= drawn;
    remainingWeight -= weight;
  }
  return into;
}
