// The blind review's order: every pair once, sides balanced within each pair of variants, the same
// order for the same seed whatever the cells' order, and only pairs worth asking.
import { strict as assert } from 'node:assert';
import { pairKey } from '../../../src/review/pairKey';
import { reviewSeed, scheduleReview, type ReviewPair } from '../../../src/review/pairScheduler';
import { cells } from './reviewFixtures';

const VARIANTS = ['formal', 'friendly', 'short'];

function leftCounts(schedule: readonly ReviewPair[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const pair of schedule) {
    const key = `${pair.left.variant} on the left against ${pair.right.variant}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

describe('pair scheduler', () => {
  it('asks every pair of every row and sample exactly once', () => {
    const schedule = scheduleReview(cells(40, VARIANTS, 2), { seed: 1 });
    assert.equal(schedule.length, 40 * 2 * 3);
    const keys = new Set(schedule.map((pair) => pair.key));
    assert.equal(keys.size, schedule.length);
    for (let row = 1; row <= 40; row++) {
      for (const sample of [0, 1]) {
        for (const [a, b] of [
          ['formal', 'friendly'],
          ['formal', 'short'],
          ['friendly', 'short'],
        ] as const) {
          assert.ok(keys.has(pairKey(row, sample, a, b)), `${row}/${sample} ${a}–${b}`);
        }
      }
    }
    for (const pair of schedule) {
      assert.equal(pair.left.callId, `call-${pair.row}-${pair.sample}-${pair.left.variant}`);
      assert.equal(pair.right.callId, `call-${pair.row}-${pair.sample}-${pair.right.variant}`);
    }
  });

  it('balances the sides: within each pair of variants, each is on the left in half of the pairs (one more at most)', () => {
    for (const rows of [40, 41, 7]) {
      const counts = leftCounts(scheduleReview(cells(rows, VARIANTS), { seed: rows }));
      for (const [a, b] of [
        ['formal', 'friendly'],
        ['formal', 'short'],
        ['friendly', 'short'],
      ] as const) {
        const aLeft = counts.get(`${a} on the left against ${b}`) ?? 0;
        const bLeft = counts.get(`${b} on the left against ${a}`) ?? 0;
        assert.equal(aLeft + bLeft, rows);
        assert.ok(Math.abs(aLeft - bLeft) <= 1, `${rows} rows, ${a}–${b}: ${aLeft} and ${bLeft}`);
      }
    }
  });

  it('is random in order and in sides, and the same for the same seed whatever order the cells come in', () => {
    const all = cells(30, VARIANTS);
    const schedule = scheduleReview(all, { seed: 42 });
    assert.deepEqual(scheduleReview([...all].reverse(), { seed: 42 }), schedule);
    assert.notDeepEqual(scheduleReview(all, { seed: 43 }), schedule);
    // Not row by row: the first ten pairs come from several rows and several variant pairs.
    assert.ok(new Set(schedule.slice(0, 10).map((pair) => pair.row)).size > 5);
    // Sides are not a pattern: the first variant is not always left on the even rows.
    const evenRowsFirstLeft = schedule.filter((pair) => pair.row % 2 === 0 && pair.left.variant === 'formal').length;
    assert.ok(evenRowsFirstLeft > 0 && evenRowsFirstLeft < schedule.filter((pair) => pair.row % 2 === 0 && (pair.left.variant === 'formal' || pair.right.variant === 'formal')).length);
    // Each reviewer has an order of their own.
    assert.notEqual(reviewSeed('a.gistrun.jsonl', 'Ada'), reviewSeed('a.gistrun.jsonl', 'Grace'));
    assert.equal(reviewSeed('a.gistrun.jsonl', 'Ada'), reviewSeed('a.gistrun.jsonl', 'Ada'));
  });

  it('leaves out failed calls and identical texts (unless asked), and pairs only the variants given', () => {
    const withFailure = cells(3, VARIANTS, 1, (cell) => (cell.row === 2 && cell.variant === 'short' ? { error: 'server', contentLength: undefined } : {}));
    const schedule = scheduleReview(withFailure, { seed: 1 });
    assert.equal(schedule.length, 3 * 3 - 2);
    assert.ok(schedule.every((pair) => !(pair.row === 2 && (pair.left.variant === 'short' || pair.right.variant === 'short'))));
    const identical = cells(3, VARIANTS, 1, (cell) => (cell.row === 1 ? { contentDigest: 'same text' } : {}));
    assert.equal(scheduleReview(identical, { seed: 1 }).length, 6);
    assert.equal(scheduleReview(identical, { seed: 1, includeIdentical: true }).length, 9);
    const two = scheduleReview(cells(5, VARIANTS), { seed: 1, variants: ['short', 'formal'] });
    assert.equal(two.length, 5);
    assert.ok(two.every((pair) => new Set([pair.left.variant, pair.right.variant]).has('short') && new Set([pair.left.variant, pair.right.variant]).has('formal')));
  });
});
