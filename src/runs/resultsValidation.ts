// Every line of a results file is hostile input (it may come from a repository): its JSON is
// checked member by member (types, ranges, sizes) and rebuilt from what was checked, with
// null-prototype records, before anything reads it. Unknown members are dropped. Pure: no `vscode`.
import { isValueSource, type ValueSource } from '../dataset/columnMapping';
import { identifierProblem } from '../client/identifiers';
import { recordOf } from '../shared/keyedRecord';
import {
  MAX_CALL_ID_BYTES,
  MAX_CALL_VALUE_BYTES,
  MAX_CALL_VALUES,
  MAX_COLUMN_NAME_BYTES,
  MAX_ERROR_BYTES,
  MAX_LAB_RETRIES,
  MAX_PROFILE_FIELD_BYTES,
  MAX_RESULT_CONTENT_BYTES,
  MAX_RUN_ROWS,
  MAX_RUN_SAMPLES,
  MAX_RUN_VARIANTS,
  MAX_VARIABLE_NAME_BYTES,
  utf8Length,
} from '../shared/limits';
import { isRecord } from '../shared/text';
import { RESULTS_FORMAT, type CellResult, type ResultError, type ResultsLine, type RunHeader } from './resultsFormat';
import type { VariantChoice } from './variants';

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

const MAX_PATH_BYTES = 4096;
const MAX_SHORT_TEXT_BYTES = 256;
const MAX_EXTENSIONS = 16;
/** Lines of a data file as a results file may name them (a row can span lines). */
const MAX_LINE_NUMBER = 2 ** 31 - 1;

class Invalid extends Error {}

function fail(problem: string): never {
  throw new Invalid(problem);
}

function text(value: unknown, name: string, maxBytes: number): string {
  if (typeof value !== 'string') {
    fail(`${name} is not text`);
  }
  if (value.length > maxBytes || utf8Length(value) > maxBytes) {
    fail(`${name} is longer than ${maxBytes} bytes`);
  }
  return value;
}

function integer(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(`${name} is not a whole number from ${min} to ${max}`);
  }
  return value;
}

function record(value: unknown, name: string, maxEntries: number): Array<[string, unknown]> {
  if (!isRecord(value)) {
    fail(`${name} is not an object`);
  }
  const entries = Object.entries(value);
  if (entries.length > maxEntries) {
    fail(`${name} has more than ${maxEntries} members`);
  }
  return entries;
}

function variant(value: unknown, name: string): VariantChoice {
  if (value === null) {
    return null;
  }
  const slug = text(value, name, MAX_SHORT_TEXT_BYTES);
  const problem = slug === '' ? 'is empty' : identifierProblem(slug, 'variant slug');
  if (problem !== undefined) {
    fail(`${name} ${problem}`);
  }
  return slug;
}

function isoTime(value: unknown, name: string): string {
  const time = text(value, name, 64);
  if (Number.isNaN(Date.parse(time))) {
    fail(`${name} is not a date and time`);
  }
  return time;
}

function mapping(value: unknown): Record<string, ValueSource> {
  const checked = recordOf<ValueSource>();
  for (const [name, source] of record(value, 'mapping', MAX_CALL_VALUES)) {
    text(name, 'a mapped variable', MAX_VARIABLE_NAME_BYTES);
    if (!isValueSource(source)) {
      fail(`the mapping of a variable is neither {"column"} nor {"constant"}`);
    }
    checked[name] = 'column' in source ? { column: text(source.column, 'a mapped column', MAX_COLUMN_NAME_BYTES) } : { constant: text(source.constant, 'a constant', MAX_CALL_VALUE_BYTES) };
  }
  return checked;
}

function checkHeader(value: unknown): RunHeader {
  if (!isRecord(value) || value.type !== 'header' || value.format !== RESULTS_FORMAT) {
    fail(`it is not the header of a results file (type "header", format "${RESULTS_FORMAT}")`);
  }
  const version = integer(value.version, 'version', 1, Number.MAX_SAFE_INTEGER);
  const gist = text(value.gist, 'gist', MAX_SHORT_TEXT_BYTES);
  const gistProblem = gist === '' ? 'is empty' : identifierProblem(gist, 'gist id');
  if (gistProblem !== undefined) {
    fail(`gist ${gistProblem}`);
  }
  if (!Array.isArray(value.variants) || value.variants.length === 0 || value.variants.length > MAX_RUN_VARIANTS) {
    fail(`variants is not a list of 1 to ${MAX_RUN_VARIANTS} variants`);
  }
  const variants = value.variants.map((item, index) => variant(item, `variant ${index + 1}`));
  if (new Set(variants).size !== variants.length) {
    fail('variants names a variant twice');
  }
  const samples = integer(value.samples, 'samples', 1, MAX_RUN_SAMPLES);
  const data = isRecord(value.data) ? value.data : fail('data is not an object');
  const sha256 = text(data.sha256, 'data.sha256', 64);
  if (!/^[0-9a-f]{64}$/.test(sha256)) {
    fail('data.sha256 is not a SHA-256 in hex');
  }
  const format = text(data.format, 'data.format', 32);
  if (!/^[a-z][a-z0-9-]*$/.test(format)) {
    fail('data.format is not a format name');
  }
  const tool = isRecord(value.tool) ? value.tool : fail('tool is not an object');
  const extensions = recordOf<number>();
  for (const [name, extensionVersion] of record(value.extensions ?? {}, 'extensions', MAX_EXTENSIONS)) {
    if (!/^[a-z][A-Za-z0-9]{0,31}$/.test(name)) {
      fail('extensions holds a name that is not a plain word');
    }
    extensions[name] = integer(extensionVersion, `the version of extension ${name}`, 1, Number.MAX_SAFE_INTEGER);
  }
  return {
    type: 'header',
    format: RESULTS_FORMAT,
    version,
    gist,
    variants,
    samples,
    data: { path: text(data.path, 'data.path', MAX_PATH_BYTES), sha256, format, rows: integer(data.rows, 'data.rows', 0, MAX_RUN_ROWS) },
    mapping: mapping(value.mapping),
    profile: value.profile === null ? null : text(value.profile, 'profile', MAX_PROFILE_FIELD_BYTES),
    host: text(value.host, 'host', MAX_SHORT_TEXT_BYTES),
    startedAt: isoTime(value.startedAt, 'startedAt'),
    tool: { name: text(tool.name, 'tool.name', 64), version: text(tool.version, 'tool.version', 64) },
    extensions,
  };
}

function values(value: unknown): Record<string, string> {
  const checked = recordOf<string>();
  for (const [name, item] of record(value, 'values', MAX_CALL_VALUES)) {
    text(name, 'a variable name', MAX_VARIABLE_NAME_BYTES);
    checked[name] = text(item, `the value of a variable`, MAX_CALL_VALUE_BYTES);
  }
  return checked;
}

function resultError(value: unknown): ResultError | null {
  if (value === null) {
    return null;
  }
  if (!isRecord(value)) {
    fail('error is neither null nor an object');
  }
  const kind = text(value.kind, 'error.kind', 32);
  if (!/^[A-Za-z]+$/.test(kind)) {
    fail('error.kind is not a word');
  }
  const message = text(value.message, 'error.message', MAX_ERROR_BYTES);
  return value.status === undefined ? { kind, message } : { kind, message, status: integer(value.status, 'error.status', 100, 599) };
}

function checkResult(value: Record<string, unknown>, header: RunHeader): CellResult {
  const variantValue = variant(value.variant, 'variant');
  if (!header.variants.includes(variantValue)) {
    fail('variant is not one of the header\'s variants');
  }
  const error = resultError(value.error);
  const content = value.content === null ? null : text(value.content, 'content', MAX_RESULT_CONTENT_BYTES);
  const callId = value.callId === null ? null : text(value.callId, 'callId', MAX_CALL_ID_BYTES);
  const length = value.length === null ? null : integer(value.length, 'length', 0, Number.MAX_SAFE_INTEGER);
  if (error === null && (content === null || callId === null || length === null)) {
    fail('a result without an error has no content, call id or length');
  }
  if (error !== null && content !== null) {
    fail('a failed result has content');
  }
  if (value.truncated !== undefined && typeof value.truncated !== 'boolean') {
    fail('truncated is not true or false');
  }
  if (typeof value.latencyMs !== 'number' || !Number.isFinite(value.latencyMs) || value.latencyMs < 0 || value.latencyMs > 1e9) {
    fail('latencyMs is not a time in milliseconds');
  }
  const extensions = recordOf<unknown>();
  for (const name of Object.keys(header.extensions)) {
    if (Object.hasOwn(value, name)) {
      extensions[name] = value[name];
    }
  }
  return {
    type: 'result',
    row: integer(value.row, 'row', 1, MAX_RUN_ROWS),
    line: integer(value.line, 'line', 1, MAX_LINE_NUMBER),
    values: values(value.values),
    variant: variantValue,
    sample: integer(value.sample, 'sample', 1, header.samples),
    callId,
    content,
    length,
    ...(value.truncated === true ? { truncated: true } : {}),
    error,
    attempts: integer(value.attempts, 'attempts', 1, MAX_LAB_RETRIES + 1),
    latencyMs: value.latencyMs,
    finishedAt: isoTime(value.finishedAt, 'finishedAt'),
    ...(Object.keys(extensions).length > 0 ? { extensions } : {}),
  };
}

function checkLine(value: unknown, header: RunHeader): ResultsLine {
  if (!isRecord(value)) {
    fail('it is not a JSON object');
  }
  if (value.type === 'result') {
    return checkResult(value, header);
  }
  if (value.type === 'rowError') {
    return {
      type: 'rowError',
      row: integer(value.row, 'row', 1, MAX_RUN_ROWS),
      line: integer(value.line, 'line', 1, MAX_LINE_NUMBER),
      message: text(value.message, 'message', MAX_ERROR_BYTES),
    };
  }
  return fail('its type is neither "result" nor "rowError"');
}

function checked<T>(check: () => T): Checked<T> {
  try {
    return { ok: true, value: check() };
  } catch (error) {
    if (error instanceof Invalid) {
      return { ok: false, problem: error.message };
    }
    throw error;
  }
}

/** The header of a results file from line 1's parsed JSON. */
export function parseHeader(value: unknown): Checked<RunHeader> {
  return checked(() => checkHeader(value));
}

/** A result or row error from a later line's parsed JSON, checked against its file's header. */
export function parseResultsLine(value: unknown, header: RunHeader): Checked<ResultsLine> {
  return checked(() => checkLine(value, header));
}
