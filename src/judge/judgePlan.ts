// Which judgements a run asks for. The judge gets the same pairs as a person, in its own order (the
// review's scheduler, seeded by the results file and the model's name, sides balanced per variant
// pair), and judges each pair twice: as scheduled, then with the sides swapped. A judgement already
// in the judge's votes file, on the cells as they are now, is never asked again; a failed one (a
// skip line) and one on a cell that was rerun since are. The order is random over rows, so a run
// cut short (or a sample of N pairs) covers random rows, not the first ones. Pure: no `vscode`.
import { orientedPairKey } from '../review/pairKey';
import type { ReviewPair } from '../review/pairScheduler';
import type { ReviewerActions } from '../review/reviewerActions';
import type { Side } from '../review/votes';

/** One request to the judge: a pair with one side on the left (shown as A) and the other on the right (B). */
export interface Judgement {
  readonly pair: ReviewPair;
  readonly left: Side;
  readonly right: Side;
  /** True for the second judgement of a pair, sides swapped from the schedule's. */
  readonly swapped: boolean;
}

export interface PendingPair {
  readonly pair: ReviewPair;
  /** One or both of its judgements. */
  readonly judgements: readonly Judgement[];
}

export interface JudgePlan {
  readonly totalPairs: number;
  /** Pairs judged both ways already. */
  readonly judgedPairs: number;
  /** Pairs with a judgement missing, in the judge's order. */
  readonly pending: readonly PendingPair[];
}

/** Whether the judge's votes hold a vote on this judgement, about these very cells. */
function judged(actions: ReviewerActions | undefined, judgement: Judgement): boolean {
  const action = actions?.current.get(orientedPairKey(judgement.pair.row, judgement.pair.sample, judgement.left.variant, judgement.right.variant));
  return action?.kind === 'vote' && action.left.callId === judgement.left.callId && action.right.callId === judgement.right.callId;
}

export function planJudging(schedule: readonly ReviewPair[], actions: ReviewerActions | undefined): JudgePlan {
  let judgedPairs = 0;
  const pending: PendingPair[] = [];
  for (const pair of schedule) {
    const both: Judgement[] = [
      { pair, left: pair.left, right: pair.right, swapped: false },
      { pair, left: pair.right, right: pair.left, swapped: true },
    ];
    const missing = both.filter((judgement) => !judged(actions, judgement));
    if (missing.length === 0) {
      judgedPairs += 1;
    } else {
      pending.push({ pair, judgements: missing });
    }
  }
  return { totalPairs: schedule.length, judgedPairs, pending };
}

/** The judgements of the first `pairs` pending pairs, each pair's two one after the other. */
export function judgementsOf(pending: readonly PendingPair[], pairs: number): Judgement[] {
  return pending.slice(0, Math.max(0, pairs)).flatMap((entry) => entry.judgements);
}
