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
