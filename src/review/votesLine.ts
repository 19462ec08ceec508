// One line of a votes file, checked field by field: types, sizes, known values. The reader applies
// it to every line of a file from outside; the writer to every line it writes, so what we write we
// can always read back. Unknown fields are ignored (a later version may add some). Pure: no `vscode`.
import { utf8Bytes } from './textBytes';
import { hasControlCharacter, isRecord } from '../shared/text';
import { ENTRY_ID, VERDICTS, VOTES_FORMAT, VOTES_LIMITS, VOTES_VERSION, type Side, type Verdict, type VoteSource, type VotesEntry, type VotesHeader } from './votes';

/** A line's problem, or its value. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

const fail = (problem: string): { ok: false; problem: string } => ({ ok: false, problem });

function text(value: unknown, field: string, maxBytes: number, allowEmpty = false): string | { problem: string } {
  if (typeof value !== 'string') {
    return { problem: `"${field}" is not text` };
  }
  if (!allowEmpty && value.length === 0) {
    return { problem: `"${field}" is empty` };
  }
  if (utf8Bytes(value) > maxBytes) {
    return { problem: `"${field}" is longer than ${maxBytes} bytes` };
  }
  return value;
}

function wholeNumber(value: unknown, field: string, max: number): number | { problem: string } {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max ? value : { problem: `"${field}" is not a whole number from 0 to ${max}` };
}

function time(value: unknown, field: string): string | { problem: string } {
  return typeof value === 'string' && value.length <= 40 && Number.isFinite(Date.parse(value)) ? value : { problem: `"${field}" is not a time` };
}

function entryId(value: unknown, field: string): string | { problem: string } {
  return typeof value === 'string' && ENTRY_ID.test(value) ? value : { problem: `"${field}" is not an id (letters, digits, - and _, at most 64)` };
}

function side(value: unknown, field: string): Side | { problem: string } {
  if (!isRecord(value)) {
    return { problem: `"${field}" is not an object` };
  }
  const variant = text(value.variant, `${field}.variant`, VOTES_LIMITS.variantBytes);
  if (typeof variant !== 'string') {
    return variant;
  }
  if (hasControlCharacter(variant)) {
    return { problem: `"${field}.variant" holds a control character` };
  }
  const callId = text(value.callId, `${field}.callId`, VOTES_LIMITS.callIdBytes);
  return typeof callId === 'string' ? { variant, callId } : callId;
}

function sourceOf(value: unknown): VoteSource | undefined {
  return value === 'person' || value === 'judge' ? value : undefined;
}

/** The first problem among checked fields, if any. */
function firstProblem(...fields: unknown[]): string | undefined {
  for (const field of fields) {
    if (isRecord(field) && typeof field.problem === 'string') {
      return field.problem;
    }
  }
  return undefined;
}

export function checkHeader(value: unknown): Checked<VotesHeader> {
  if (!isRecord(value) || value.type !== 'header' || value.format !== VOTES_FORMAT) {
    return fail(`the first line is not a votes header ({"type":"header","format":"${VOTES_FORMAT}",…})`);
  }
  if (value.version !== VOTES_VERSION) {
    return fail(`format version ${JSON.stringify(value.version)} is not ${VOTES_VERSION}: the file was written by another version of the extension`);
  }
  const results = text(value.results, 'results', VOTES_LIMITS.resultsBytes);
  const reviewer = text(value.reviewer, 'reviewer', VOTES_LIMITS.reviewerBytes);
  const createdAt = time(value.createdAt, 'createdAt');
  const instruction = value.instruction === undefined ? undefined : typeof value.instruction === 'string' && value.instruction.length <= VOTES_LIMITS.instructionChars ? value.instruction : { problem: `"instruction" is not text of at most ${VOTES_LIMITS.instructionChars} characters` };
  const problem = firstProblem(results, reviewer, createdAt, instruction);
  if (problem !== undefined) {
    return fail(problem);
  }
  const source = sourceOf(value.source);
  if (source === undefined) {
    return fail('"source" is neither "person" nor "judge"');
  }
  return {
    ok: true,
    value: {
      results: results as string,
      reviewer: reviewer as string,
      source,
      createdAt: createdAt as string,
      ...(typeof instruction === 'string' ? { instruction } : {}),
    },
  };
}

export function checkEntry(value: unknown): Checked<VotesEntry> {
  if (!isRecord(value)) {
    return fail('the line is not a JSON object');
  }
  const id = entryId(value.id, 'id');
  const when = time(value.time, 'time');
  const reviewer = text(value.reviewer, 'reviewer', VOTES_LIMITS.reviewerBytes);
  const common = firstProblem(id, when, reviewer);
  if (common !== undefined) {
    return fail(common);
  }
  const source = sourceOf(value.source);
  if (source === undefined) {
    return fail('"source" is neither "person" nor "judge"');
  }
  const author = { id: id as string, time: when as string, reviewer: reviewer as string, source };
  if (value.type === 'undo') {
    const undoes = entryId(value.undoes, 'undoes');
    return typeof undoes === 'string' ? { ok: true, value: { kind: 'undo', ...author, undoes } } : fail(undoes.problem);
  }
  if (value.type !== 'vote' && value.type !== 'skip') {
    return fail(`"type" ${JSON.stringify(value.type)?.slice(0, 40) ?? 'undefined'} is not vote, skip or undo`);
  }
  const row = wholeNumber(value.row, 'row', VOTES_LIMITS.row);
  const sample = wholeNumber(value.sample, 'sample', VOTES_LIMITS.sample);
  const left = side(value.left, 'left');
  const right = side(value.right, 'right');
  const problem = firstProblem(row, sample, left, right);
  if (problem !== undefined) {
    return fail(problem);
  }
  const pair = { ...author, row: row as number, sample: sample as number, left: left as Side, right: right as Side };
  if (pair.left.variant === pair.right.variant) {
    return fail('both sides are the same variant');
  }
  if (value.type === 'skip') {
    return { ok: true, value: { kind: 'skip', ...pair } };
  }
  const verdict = VERDICTS.find((known) => known === value.verdict);
  return verdict === undefined ? fail('"verdict" is not left, right, tie or both-bad') : { ok: true, value: { kind: 'vote', ...pair, verdict: verdict satisfies Verdict } };
}
