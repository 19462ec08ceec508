// Reproducible randomness: every bootstrap and every review order comes from a seeded generator
// (pure-rand's xoroshiro128+), so the same data and seed give the same figure and the same order
// on every machine. Math.random is never used. Pure: no `vscode`.
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface RandomSource {
  /** A float in [0, 1) with 53 random bits. */
  nextFloat(): number;
  /**
   * An integer in [0, bound), bound ≥ 1. Below 2¹⁶ from one 32-bit draw (each value's chance off by
   * less than bound/2³², 1.5e-5 of it), else from 53 bits: far under any figure we show.
   */
  nextInt(bound: number): number;
}

const TWO_POW_16 = 2 ** 16;
const TWO_POW_27 = 2 ** 27;
const TWO_POW_32 = 2 ** 32;
const TWO_POW_53 = 2 ** 53;

/** A generator seeded with a 32-bit integer (other numbers are folded into one). */
export function seededRandom(seed: number): RandomSource {
  const generator = xoroshiro128plus(Number.isFinite(seed) ? seed | 0 : 0);
  const nextFloat = (): number => ((generator.next() >>> 6) * TWO_POW_27 + (generator.next() >>> 5)) / TWO_POW_53;
  return {
    nextFloat,
    // A bootstrap draws millions of indices: one 32-bit draw each where that is precise enough.
    nextInt: (bound) => Math.floor((bound <= TWO_POW_16 ? (generator.next() >>> 0) / TWO_POW_32 : nextFloat()) * bound),
  };
}

/**
 * A 32-bit seed from text and numbers (FNV-1a over their UTF-16 code units, with separators), so a
 * figure's seed can be derived from stable names: the results file, the reviewer, the figure.
 */
export function seedFrom(...parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5;
  const mix = (unit: number): void => {
    hash = Math.imul(hash ^ unit, 0x01000193);
  };
  for (const part of parts) {
    const text = typeof part === 'number' ? `#${part}` : part;
    for (let i = 0; i < text.length; i++) {
      mix(text.charCodeAt(i) & 0xff);
      mix(text.charCodeAt(i) >>> 8);
    }
    mix(0x1f);
  }
  return hash | 0;
}

/** Fisher–Yates: every order equally likely. */
export function shuffleInPlace<T>(items: T[], random: RandomSource): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.nextInt(i + 1);
    const held = items[i] as T;
    items[i] = items[j] as T;
    items[j] = held;
  }
  return items;
}
