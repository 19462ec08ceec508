// The seeded generator: reproducible, uniform over [0, 1), and every integer of a range reachable.
import { strict as assert } from 'node:assert';
import { seedFrom, seededRandom, shuffleInPlace } from '../../../src/statistics/seededRandom';

describe('seeded random source', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: number): number[] => {
      const random = seededRandom(seed);
      return Array.from({ length: 20 }, () => random.nextFloat());
    };
    assert.deepEqual(draw(7), draw(7));
    assert.notDeepEqual(draw(7), draw(8));
  });

  it('spreads floats evenly over [0, 1): each tenth gets 10% ± 0.5% of 200,000 draws', () => {
    // A float built from too few bits once covered only [0, 0.5): half the tenths stayed empty.
    const random = seededRandom(20240304);
    const bins = new Array<number>(10).fill(0);
    const draws = 200_000;
    for (let i = 0; i < draws; i++) {
      const value = random.nextFloat();
      assert.ok(value >= 0 && value < 1, String(value));
      bins[Math.floor(value * 10)] = (bins[Math.floor(value * 10)] ?? 0) + 1;
    }
    for (const [tenth, count] of bins.entries()) {
      assert.ok(Math.abs(count / draws - 0.1) < 0.005, `tenth ${tenth}: ${count}`);
    }
  });

  it('draws every integer of a small and a large range, and none outside', () => {
    for (const bound of [1, 3, 70_000]) {
      const random = seededRandom(bound);
      const seen = new Set<number>();
      for (let i = 0; i < Math.min(bound * 20, 2_000_000); i++) {
        const value = random.nextInt(bound);
        assert.ok(Number.isInteger(value) && value >= 0 && value < bound, `${value} of ${bound}`);
        seen.add(value);
      }
      assert.equal(seen.size, bound);
    }
  });

  it('shuffles into a permutation, each item landing first about equally often', () => {
    const random = seededRandom(1);
    const first = new Array<number>(4).fill(0);
    for (let i = 0; i < 40_000; i++) {
      const order = shuffleInPlace([0, 1, 2, 3], random);
      assert.deepEqual([...order].sort(), [0, 1, 2, 3]);
      first[order[0] as number] = (first[order[0] as number] ?? 0) + 1;
    }
    for (const count of first) {
      assert.ok(Math.abs(count / 40_000 - 0.25) < 0.01, String(count));
    }
  });

  it('derives stable 32-bit seeds from names, telling apart parts that concatenate alike', () => {
    assert.equal(seedFrom('results.jsonl', 'Ada'), seedFrom('results.jsonl', 'Ada'));
    assert.notEqual(seedFrom('ab', 'c'), seedFrom('a', 'bc'));
    assert.notEqual(seedFrom('x', 1), seedFrom('x', '1'));
    assert.ok(Number.isInteger(seedFrom('x')) && Math.abs(seedFrom('x')) < 2 ** 31);
  });
});
