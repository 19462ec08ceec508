// Votes as the figures count them: each tied to the two cells it judged, turned from sides (left,
// right) into the variants' order (first, second). A vote whose call ids are not the cells' any more
// (the results were rerun) or that names a variant the run does not have is stale and not counted.
// A model judge judges each pair twice with the sides swapped; the two judgements count as one vote,
// and when they disagree (position bias) that vote is a tie. Pure: no `vscode`.
import { succeeded } from './cellResult';
import type { CellIndex } from './cellIndex';
import { pairKey } from './pairKey';
import type { PairAction, ReviewerActions } from './reviewerActions';
import type { Verdict } from './votes';

/** first / second: that variant was better; tie: equally good; both-bad: neither acceptable. */
export type Outcome = 'first' | 'second' | 'tie' | 'both-bad';

export interface CountedVote {
  readonly row: number;
  readonly sample: number;
  /** Earlier in the run's variant order. */
  readonly first: string;
  readonly second: string;
  readonly outcome: Outcome;
}

export interface VoteCount {
  readonly votes: readonly CountedVote[];
  /** Votes on cells that changed since, or on variants the run does not have. */
  readonly stale: number;
  /** A judge's pairs judged one way only (the run was cancelled before the swapped judgement). */
  readonly incomplete: number;
}

/** The vote in variant order, or undefined when its cells are not the run's. */
function counted(action: PairAction & { kind: 'vote' }, index: CellIndex, order: ReadonlyMap<string, number>): CountedVote | undefined {
  const leftAt = order.get(action.left.variant);
  const rightAt = order.get(action.right.variant);
  if (leftAt === undefined || rightAt === undefined) {
    return undefined;
  }
  for (const side of [action.left, action.right]) {
    const cell = index.cell(action.row, action.sample, side.variant);
    if (cell === undefined || !succeeded(cell) || cell.callId !== side.callId) {
      return undefined;
    }
  }
  const leftFirst = leftAt < rightAt;
  const outcome = (verdict: Verdict): Outcome =>
    verdict === 'tie' || verdict === 'both-bad' ? verdict : (verdict === 'left') === leftFirst ? 'first' : 'second';
  return {
    row: action.row,
    sample: action.sample,
    first: leftFirst ? action.left.variant : action.right.variant,
    second: leftFirst ? action.right.variant : action.left.variant,
    outcome: outcome(action.verdict),
  };
}

/** People's votes: every reviewer's current vote on each pair. */
export function personVotes(reviewers: readonly ReviewerActions[], index: CellIndex, order: ReadonlyMap<string, number>): VoteCount {
  const votes: CountedVote[] = [];
  let stale = 0;
  for (const reviewer of reviewers) {
    for (const action of reviewer.current.values()) {
      if (action.kind !== 'vote') {
        continue;
      }
      const vote = counted(action, index, order);
      if (vote === undefined) {
        stale += 1;
      } else {
        votes.push(vote);
      }
    }
  }
  return { votes, stale, incomplete: 0 };
}

/** One judge's votes: its two judgements of each pair (sides swapped) combined into one. */
export function judgeVotes(judge: ReviewerActions, index: CellIndex, order: ReadonlyMap<string, number>): VoteCount {
  const byPair = new Map<string, CountedVote[]>();
  let stale = 0;
  for (const action of judge.current.values()) {
    if (action.kind !== 'vote') {
      continue;
    }
    const vote = counted(action, index, order);
    if (vote === undefined) {
      stale += 1;
      continue;
    }
    const key = pairKey(vote.row, vote.sample, vote.first, vote.second);
    byPair.set(key, [...(byPair.get(key) ?? []), vote]);
  }
  const votes: CountedVote[] = [];
  let incomplete = 0;
  for (const judgements of byPair.values()) {
    const [one, other] = judgements;
    if (one === undefined || other === undefined) {
      incomplete += 1;
      continue;
    }
    // Agreeing judgements stand; any disagreement is a tie.
    votes.push({ ...one, outcome: one.outcome === other.outcome ? one.outcome : 'tie' });
  }
  return { votes, stale, incomplete };
}
