// The votes file, `<results name>.<reviewer>.votes.jsonl`: one file per reviewer, one JSON object a
// line, only ever appended to. Line 1 is the header (who reviews which results, and for a model
// judge the instruction it was given); then a line per vote, skip or undo. An undo is a line of its
// own naming the line it takes back; no line is ever changed or removed. So two reviewers never
// write the same file, and their files merge in git without conflicts; the same person on two
// machines at worst appends to one file twice, and since every line carries a unique id, keeping both
// sides of such a merge is always right (the reader drops repeated ids). Pure: no `vscode`.
import { MAX_CALL_ID_BYTES, MAX_VARIANT_BYTES } from '../shared/limits';

export const VOTES_FORMAT = 'gist-votes';
export const VOTES_VERSION = 1;

/** left: the left side is better; right: the right one; tie: equally good; both-bad: neither is acceptable. */
export type Verdict = 'left' | 'right' | 'tie' | 'both-bad';
export const VERDICTS: readonly Verdict[] = ['left', 'right', 'tie', 'both-bad'];

/** A person reviewing, or a language model judging: never counted together. */
export type VoteSource = 'person' | 'judge';

/** One side of a pair as it was shown: which variant's cell, by its call id. */
export interface Side {
  readonly variant: string;
  readonly callId: string;
}

export interface VotesHeader {
  readonly results: string;
  /** The person's name (from /v1/me or set by them), or the judging model's name. */
  readonly reviewer: string;
  readonly source: VoteSource;
  readonly createdAt: string;
  /** For a model judge: the judging instruction it was given, as the user saw and edited it. */
  readonly instruction?: string;
}

/** Who wrote a line: every line says so itself, and it must agree with the file's header. */
interface Author {
  readonly reviewer: string;
  readonly source: VoteSource;
}

interface PairEntry extends Author {
  readonly id: string;
  readonly time: string;
  readonly row: number;
  readonly sample: number;
  readonly left: Side;
  readonly right: Side;
}

export interface VoteEntry extends PairEntry {
  readonly kind: 'vote';
  readonly verdict: Verdict;
}

export interface SkipEntry extends PairEntry {
  readonly kind: 'skip';
}

export interface UndoEntry extends Author {
  readonly kind: 'undo';
  readonly id: string;
  readonly time: string;
  /** The id of the vote or skip taken back. */
  readonly undoes: string;
}

export type VotesEntry = VoteEntry | SkipEntry | UndoEntry;

/** Limits on what a votes file may hold: it comes from a repository, so it is hostile until checked. */
export const VOTES_LIMITS = {
  /** Characters of the whole file; a larger one is not read. */
  fileChars: 64 * 1024 * 1024,
  /** Bytes of the header line (it carries the judging instruction). */
  headerBytes: 64 * 1024,
  /** Bytes of any other line. */
  lineBytes: 8 * 1024,
  entries: 200_000,
  instructionChars: 16_000,
  reviewerBytes: 256,
  resultsBytes: 1024,
  callIdBytes: MAX_CALL_ID_BYTES,
  variantBytes: MAX_VARIANT_BYTES,
  row: 10_000_000,
  sample: 10_000,
  /** Problems listed one by one; the rest are counted. */
  problemsListed: 100,
} as const;

/** Ids are ours: letters, digits, `-` and `_`, at most 64. */
export const ENTRY_ID = /^[A-Za-z0-9_-]{1,64}$/;
