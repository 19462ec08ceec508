// Where a reviewer resumes: the pairs of their schedule they have not voted on or skipped, the ones
// they just undid first (latest first), then the rest in schedule order. A vote on a pair whose cells
// have since changed (the call was rerun, so its call id differs) does not count: that pair is asked
// again. Skipped pairs come back only when asked for. Pure: no `vscode`.
import type { ReviewPair } from './pairScheduler';
import type { ReviewerActions } from './reviewerActions';

export interface ReviewProgress {
  readonly total: number;
  readonly voted: number;
  readonly skipped: number;
  /** What is left to ask, in order; `next` is its first. */
  readonly queue: readonly ReviewPair[];
  readonly next?: ReviewPair;
}

const sameCells = (pair: ReviewPair, left: { callId: string; variant: string }, right: { callId: string; variant: string }): boolean => {
  const byVariant = new Map([
    [left.variant, left.callId],
    [right.variant, right.callId],
  ]);
  return byVariant.get(pair.left.variant) === pair.left.callId && byVariant.get(pair.right.variant) === pair.right.callId;
};

/** A person's progress through their schedule, given their actions so far. */
export function reviewProgress(schedule: readonly ReviewPair[], actions: ReviewerActions | undefined, options: { readonly includeSkipped?: boolean } = {}): ReviewProgress {
  let voted = 0;
  let skipped = 0;
  const pending: ReviewPair[] = [];
  const skippedPairs: ReviewPair[] = [];
  const byKey = new Map(schedule.map((pair) => [pair.key, pair]));
  for (const pair of schedule) {
    const action = actions?.current.get(pair.key);
    if (action === undefined || !sameCells(pair, action.left, action.right)) {
      pending.push(pair);
    } else if (action.kind === 'vote') {
      voted += 1;
    } else {
      skipped += 1;
      skippedPairs.push(pair);
    }
  }
  const undone = (actions?.undonePairs ?? []).map((key) => byKey.get(key)).filter((pair): pair is ReviewPair => pair !== undefined);
  const first = new Set(undone);
  const queue = [...undone, ...pending.filter((pair) => !first.has(pair)), ...(options.includeSkipped === true ? skippedPairs : [])];
  return { total: schedule.length, voted, skipped, queue, ...(queue[0] === undefined ? {} : { next: queue[0] }) };
}
