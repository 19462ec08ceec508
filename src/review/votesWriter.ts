// Lines to append to a votes file. Each is checked as the reader will check it (a line we could not
// read back is refused here, with the reason), and written as one line: JSON escapes line breaks,
// and U+2028/U+2029, which some editors take for line ends, are escaped too. Pure: no `vscode`.
import { checkEntry, checkHeader } from './votesLine';
import { VOTES_FORMAT, VOTES_LIMITS, VOTES_VERSION, type Side, type Verdict, type VoteSource, type VotesEntry, type VotesHeader } from './votes';
import { utf8Bytes } from './textBytes';

function line(value: Record<string, unknown>, maxBytes: number): string {
  const json = JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  if (utf8Bytes(json) > maxBytes) {
    throw new RangeError(`A votes line is longer than ${maxBytes} bytes.`);
  }
  return `${json}\n`;
}

/** The header line, first in a new votes file. */
export function formatVotesHeader(header: VotesHeader): string {
  const value = { type: 'header', format: VOTES_FORMAT, version: VOTES_VERSION, ...header };
  const checked = checkHeader(value);
  if (!checked.ok) {
    throw new RangeError(`Cannot write this votes header: ${checked.problem}.`);
  }
  return line(value, VOTES_LIMITS.headerBytes);
}

/** A vote, skip or undo line. */
export function formatVotesEntry(entry: VotesEntry): string {
  const { kind, ...fields } = entry;
  const value = { type: kind, ...fields };
  const checked = checkEntry(value);
  if (!checked.ok) {
    throw new RangeError(`Cannot write this votes line: ${checked.problem}.`);
  }
  return line(value, VOTES_LIMITS.lineBytes);
}

/** A fresh id for a line (a random UUID: unique across reviewers and machines, so merged files never collide). */
export function newEntryId(): string {
  return globalThis.crypto.randomUUID();
}

/** What a shown pair is: its row and sample, and the variant and call id on each side. */
export interface ShownPair {
  readonly row: number;
  readonly sample: number;
  readonly left: Side;
  readonly right: Side;
}

/** Who writes, when, and the line's id (fresh unless given). */
export interface Authoring {
  readonly reviewer: string;
  readonly source: VoteSource;
  readonly at?: Date;
  readonly id?: string;
}

const pairFields = (pair: ShownPair): ShownPair => ({ row: pair.row, sample: pair.sample, left: { ...pair.left }, right: { ...pair.right } });
const authorFields = (by: Authoring): { id: string; time: string; reviewer: string; source: VoteSource } => ({
  id: by.id ?? newEntryId(),
  time: (by.at ?? new Date()).toISOString(),
  reviewer: by.reviewer,
  source: by.source,
});

export function voteEntry(pair: ShownPair, verdict: Verdict, by: Authoring): VotesEntry {
  return { kind: 'vote', ...authorFields(by), ...pairFields(pair), verdict };
}

export function skipEntry(pair: ShownPair, by: Authoring): VotesEntry {
  return { kind: 'skip', ...authorFields(by), ...pairFields(pair) };
}

/** Takes back the vote or skip with id `undoes` (a line of its own; the vote's line stays as it was). */
export function undoEntry(undoes: string, by: Authoring): VotesEntry {
  return { kind: 'undo', ...authorFields(by), undoes };
}
