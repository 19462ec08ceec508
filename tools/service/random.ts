// A small seeded PRNG and the weighted variant draw, so a seed makes the draw reproducible.
import type { FixtureVariant } from './types';

/** mulberry32: 32-bit state, uniform floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks a variant with probability weight / total weight; zero-weight variants are never picked. */
export function drawVariant(variants: readonly FixtureVariant[], random: () => number): FixtureVariant {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  let point = random() * total;
  for (const variant of variants) {
    if (variant.weight <= 0) continue;
    if (point < variant.weight) return variant;
    point -= variant.weight;
  }
  // Floating-point rounding can leave `point` a hair above the last weight.
  const last = [...variants].reverse().find((v) => v.weight > 0);
  if (!last) throw new Error('no variant has a positive weight');
  return last;
}
