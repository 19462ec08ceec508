// What a reviewer's lines amount to. Lines are never changed, so an undo is a later line naming the
// vote or skip it takes back; per pair the last vote or skip not taken back is what counts (voting
// again on a pair replaces the earlier vote, and undoing that brings the earlier one back). Several
// files of one reviewer (the same person on two machines) are read as one, each line once.
// Pure: no `vscode`.
import { orientedPairKey, pairKey } from './pairKey';
import type { SkipEntry, VoteEntry, VoteSource, VotesEntry } from './votes';
import type { VotesFile } from './votesReader';

export type PairAction = VoteEntry | SkipEntry;

export interface ReviewerActions {
  readonly reviewer: string;
  readonly source: VoteSource;
  /** A judge's instruction, from its file's header. */
  readonly instruction?: string;
  /** Per pair (per pair and side for a judge, which judges both ways): the action that counts. */
  readonly current: ReadonlyMap<string, PairAction>;
  /** Pairs whose last line was an undo and that have no action left, latest undo first: asked again first. */
  readonly undonePairs: readonly string[];
}

/** Whether actions are kept per orientation: a judge's two judgements of a pair (sides swapped) both count. */
const keyOf = (action: PairAction, source: VoteSource): string =>
  source === 'judge' ? orientedPairKey(action.row, action.sample, action.left.variant, action.right.variant) : pairKey(action.row, action.sample, action.left.variant, action.right.variant);

/** Applies one reviewer's lines in order. */
export function reviewerActions(reviewer: string, source: VoteSource, entries: readonly VotesEntry[], instruction?: string): ReviewerActions {
  const byId = new Map<string, { action: PairAction; key: string }>();
  const stacks = new Map<string, string[]>();
  const lastUndo = new Map<string, number>();
  let step = 0;
  for (const entry of entries) {
    step += 1;
    if (entry.kind === 'undo') {
      const target = byId.get(entry.undoes);
      if (target === undefined) {
        continue;
      }
      byId.delete(entry.undoes);
      const stack = stacks.get(target.key) ?? [];
      const at = stack.lastIndexOf(entry.undoes);
      if (at !== -1) {
        stack.splice(at, 1);
      }
      lastUndo.set(target.key, step);
      continue;
    }
    const key = keyOf(entry, source);
    byId.set(entry.id, { action: entry, key });
    const stack = stacks.get(key) ?? [];
    stack.push(entry.id);
    stacks.set(key, stack);
    lastUndo.delete(key);
  }
  const current = new Map<string, PairAction>();
  for (const [key, stack] of stacks) {
    const id = stack.at(-1);
    const action = id === undefined ? undefined : byId.get(id)?.action;
    if (action !== undefined) {
      current.set(key, action);
    }
  }
  const undonePairs = [...lastUndo.entries()]
    .filter(([key]) => !current.has(key))
    .sort((a, b) => b[1] - a[1])
    .map(([key]) => key);
  return { reviewer, source, ...(instruction === undefined ? {} : { instruction }), current, undonePairs };
}

/** Every reviewer's actions from a set of votes files, one reviewer (source and name) however many files they have. */
export function actionsByReviewer(files: readonly VotesFile[]): ReviewerActions[] {
  const groups = new Map<string, VotesFile[]>();
  for (const file of files) {
    const key = JSON.stringify([file.header.source, file.header.reviewer]);
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0] as VotesFile;
    let entries: readonly VotesEntry[] = first.entries;
    if (group.length > 1) {
      // Lines of several files: each once, in the order they were written (stable for equal times).
      const seen = new Set<string>();
      entries = group
        .flatMap((file) => file.entries)
        .filter((entry) => !seen.has(entry.id) && seen.add(entry.id) !== undefined)
        .map((entry, order) => ({ entry, order }))
        .sort((a, b) => (a.entry.time < b.entry.time ? -1 : a.entry.time > b.entry.time ? 1 : a.order - b.order))
        .map(({ entry }) => entry);
    }
    return reviewerActions(first.header.reviewer, first.header.source, entries, group.find((file) => file.header.instruction !== undefined)?.header.instruction);
  });
}
