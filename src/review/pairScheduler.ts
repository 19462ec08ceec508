// The blind review's order, as Chatbot Arena runs it: two cells of the same row and sample from two
// variants, pairs in a random order over all rows and variant pairs, each pair's sides drawn at
// random, the names hidden until the vote. For one reviewer every pair comes once; within each pair
// of variants, each variant is on the left in half of its pairs (one more at most), so a preference
// for one side cannot favour a variant. The order comes from a seed (by default from the results
// file and the reviewer), so a reviewer who comes back finds the same order, and two reviewers
// different ones. Pure: no `vscode`.
import { seedFrom, seededRandom, shuffleInPlace } from '../statistics/seededRandom';
import { succeeded, type CellResult } from './cellResult';
import { indexCells } from './cellIndex';
import { pairKey } from './pairKey';
import type { Side } from './votes';

export interface ReviewPair {
  /** The pair's key (see pairKey.ts), the same whichever side each variant is on. */
  readonly key: string;
  readonly row: number;
  readonly sample: number;
  readonly left: Side;
  readonly right: Side;
}

export interface ScheduleOptions {
  readonly seed: number;
  /** The variants to pair, in the results header's order; default: every variant of the cells, by name. */
  readonly variants?: readonly string[];
  /** Also ask about pairs whose two texts are identical (known from their content digests); default false. */
  readonly includeIdentical?: boolean;
}

/** The seed of a reviewer's order over a results file. */
export function reviewSeed(resultsFileName: string, reviewer: string): number {
  return seedFrom('review', resultsFileName, reviewer);
}

interface PairDraft {
  readonly row: number;
  readonly sample: number;
  readonly first: CellResult;
  readonly second: CellResult;
  readonly group: number;
}

/** Every pair to review, in the reviewer's order, sides assigned. */
export function scheduleReview(input: Iterable<CellResult>, options: ScheduleOptions): ReviewPair[] {
  const cells = [...input];
  // Only the given variants are paired (the index also holds any others the cells have); without a
  // list, all of them in name order, so the cells' order cannot change the schedule.
  const all = options.variants === undefined ? [...new Set(Array.from(cells, (cell) => cell.variant))].sort() : undefined;
  const index = indexCells(cells, options.variants ?? all ?? []);
  const paired = options.variants === undefined ? index.variants.length : new Set(options.variants).size;
  const drafts: PairDraft[] = [];
  for (const [position, { row, sample }] of index.rowSamples.entries()) {
    let group = 0;
    for (let i = 0; i < paired; i++) {
      for (let j = i + 1; j < paired; j++, group++) {
        const first = index.at(position, i);
        const second = index.at(position, j);
        if (first === undefined || second === undefined || !succeeded(first) || !succeeded(second)) {
          continue;
        }
        if (options.includeIdentical !== true && first.contentDigest !== undefined && first.contentDigest === second.contentDigest) {
          continue;
        }
        drafts.push({ row, sample, first, second, group });
      }
    }
  }
  // Drafts are in row, sample and variant order whatever the cells' order, so the seed alone decides.
  const random = seededRandom(options.seed);
  shuffleInPlace(drafts, random);
  const byGroup = new Map<number, PairDraft[]>();
  for (const draft of drafts) {
    const group = byGroup.get(draft.group);
    if (group === undefined) {
      byGroup.set(draft.group, [draft]);
    } else {
      group.push(draft);
    }
  }
  const firstOnLeft = new Map<PairDraft, boolean>();
  for (const group of byGroup.values()) {
    // Half of the group's pairs show the first variant on the left, the odd one out by a coin toss,
    // and which pairs those are is shuffled.
    const sides = group.map((_, position) => position < Math.floor(group.length / 2));
    if (group.length % 2 === 1) {
      sides[group.length - 1] = random.nextInt(2) === 0;
    }
    shuffleInPlace(sides, random);
    group.forEach((draft, position) => firstOnLeft.set(draft, sides[position] === true));
  }
  return drafts.map((draft): ReviewPair => {
    const first: Side = { variant: draft.first.variant, callId: draft.first.callId };
    const second: Side = { variant: draft.second.variant, callId: draft.second.callId };
    const onLeft = firstOnLeft.get(draft) === true;
    return {
      key: pairKey(draft.row, draft.sample, first.variant, second.variant),
      row: draft.row,
      sample: draft.sample,
      left: onLeft ? first : second,
      right: onLeft ? second : first,
    };
  });
}
