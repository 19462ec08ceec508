// How a judge's two judgements of each pair (sides swapped) came out: both name the same winner (or
// both say tie, or both say both bad), or they disagree, which the verdicts count as a tie: the
// judge preferred a side, not a text (position bias; Zheng et al. 2023, arXiv 2306.05685, swap the
// positions and call a win only when both orders agree). The same
// rule as the verdict panel's (review/countedVotes.ts judgeVotes), counted here per pair for the
// message at the end of a run. Pure: no `vscode`.
import { orientedPairKey } from '../review/pairKey';
import type { ReviewPair } from '../review/pairScheduler';
import type { PairAction, ReviewerActions } from '../review/reviewerActions';

export interface Agreement {
  /** Pairs judged both ways on the cells as they are. */
  readonly complete: number;
  /** Of those, the pairs whose two judgements agree. */
  readonly agreed: number;
  /** Of those, the pairs whose judgements disagree: each counts as a tie. */
  readonly disagreed: number;
  /** Pairs judged one way only. */
  readonly incomplete: number;
}

/** What a vote says in terms of variants: the winner's name, or tie, or both bad. */
export function outcomeOf(action: PairAction): string | undefined {
  if (action.kind !== 'vote') return undefined;
  switch (action.verdict) {
    case 'left':
      return `wins:${action.left.variant}`;
    case 'right':
      return `wins:${action.right.variant}`;
    default:
      return action.verdict;
  }
}

function voteOn(actions: ReviewerActions, pair: ReviewPair, swapped: boolean): PairAction | undefined {
  const [left, right] = swapped ? [pair.right, pair.left] : [pair.left, pair.right];
  const action = actions.current.get(orientedPairKey(pair.row, pair.sample, left.variant, right.variant));
  return action?.kind === 'vote' && action.left.callId === left.callId && action.right.callId === right.callId ? action : undefined;
}

/** The judge's agreement with itself over the pairs of its schedule. */
export function judgeAgreement(schedule: readonly ReviewPair[], actions: ReviewerActions): Agreement {
  let complete = 0;
  let agreed = 0;
  let incomplete = 0;
  for (const pair of schedule) {
    const first = voteOn(actions, pair, false);
    const second = voteOn(actions, pair, true);
    if (first === undefined && second === undefined) continue;
    if (first === undefined || second === undefined) {
      incomplete += 1;
      continue;
    }
    complete += 1;
    if (outcomeOf(first) === outcomeOf(second)) agreed += 1;
  }
  return { complete, agreed, disagreed: complete - agreed, incomplete };
}
