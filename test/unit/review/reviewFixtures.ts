// Cells and votes files for the review tests, built in code so each test states its data.
import type { CellResult } from '../../../src/review/cellResult';
import type { ReviewPair } from '../../../src/review/pairScheduler';
import type { Verdict, VoteSource, VotesEntry } from '../../../src/review/votes';
import { formatVotesEntry, formatVotesHeader, voteEntry } from '../../../src/review/votesWriter';

export const RESULTS = 'people.welcome-email.gistrun.jsonl';

/** One successful cell per row, sample and variant, with distinct contents. */
export function cells(rows: number, variants: readonly string[], samples = 1, extra: (cell: CellResult) => Partial<CellResult> = () => ({})): CellResult[] {
  const result: CellResult[] = [];
  for (let row = 1; row <= rows; row++) {
    for (let sample = 0; sample < samples; sample++) {
      for (const variant of variants) {
        const cell: CellResult = { row, sample, variant, callId: `call-${row}-${sample}-${variant}`, contentLength: 100 + row, contentDigest: `${row}/${sample}/${variant}`, latencyMs: 500 };
        result.push({ ...cell, ...extra(cell) });
      }
    }
  }
  return result;
}

export function header(reviewer: string, source: VoteSource = 'person', instruction?: string): string {
  return formatVotesHeader({ results: RESULTS, reviewer, source, createdAt: '2026-01-05T10:00:00.000Z', ...(instruction === undefined ? {} : { instruction }) });
}

let counter = 0;
/** A vote line on a pair, with a readable unique id. */
export function vote(pair: Pick<ReviewPair, 'row' | 'sample' | 'left' | 'right'>, verdict: Verdict, reviewer: string, source: VoteSource = 'person'): VotesEntry {
  counter += 1;
  return voteEntry(pair, verdict, { reviewer, source, at: new Date(Date.UTC(2026, 0, 5, 10, 0, counter % 60)), id: `v${counter}` });
}

export function fileText(reviewer: string, entries: readonly VotesEntry[], source: VoteSource = 'person', instruction?: string): string {
  return header(reviewer, source, instruction) + entries.map((entry) => formatVotesEntry(entry)).join('');
}

/** The pair of two variants' cells at a row (sample 0), `left` shown on the left. */
export function shown(row: number, left: string, right: string, sample = 0): Pick<ReviewPair, 'row' | 'sample' | 'left' | 'right'> {
  return { row, sample, left: { variant: left, callId: `call-${row}-${sample}-${left}` }, right: { variant: right, callId: `call-${row}-${sample}-${right}` } };
}
