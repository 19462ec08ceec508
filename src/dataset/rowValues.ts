// Turns one parsed row (CSV fields under their header, or a JSON object) into a null-prototype
// record of text, or says why it cannot be one. Pure: no `vscode`.
import { nestedDeeperThan, TOO_DEEP_REASON } from '../shared/jsonDepth';
import { recordOf } from '../shared/keyedRecord';
import { MAX_COLUMN_NAME_BYTES, MAX_DATA_COLUMNS, utf8Length } from '../shared/limits';
import { oneLine } from '../shared/oneLine';
import { textOf } from './textValue';

export type RowValues = { readonly ok: true; readonly values: Record<string, string> } | { readonly ok: false; readonly reason: string };

/** A column name as a sentence shows it: quoted, on one line, cut. */
export function columnLabel(name: string): string {
  return `“${oneLine(name, 60)}”`;
}

/** CSV fields under their header's names. A row with more fields than the header is refused (its extra values would be lost); a shorter one lacks the last columns. */
export function csvRowValues(columns: readonly string[], fields: readonly string[]): RowValues {
  if (fields.length > columns.length) {
    return { ok: false, reason: `it has ${fields.length} fields and the header names ${columns.length} columns (a comma in a value needs the value in quotes)` };
  }
  const values = recordOf<string>();
  for (let index = 0; index < fields.length; index++) {
    values[columns[index] as string] = fields[index] as string;
  }
  return { ok: true, values };
}

/** A JSON or JSONL row: an object whose keys are the columns and whose values become text by the rule of `textValue.ts`. */
export function jsonRowValues(value: unknown): RowValues {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const found = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { ok: false, reason: `it is ${found}, not an object of column names and values` };
  }
  // Before any walk that recurses (textOf's JSON.stringify): a row nested a million deep overflows the stack.
  if (nestedDeeperThan(value)) {
    return { ok: false, reason: TOO_DEEP_REASON };
  }
  const keys = Object.keys(value);
  if (keys.length > MAX_DATA_COLUMNS) {
    return { ok: false, reason: `it has ${keys.length} keys; a row has at most ${MAX_DATA_COLUMNS}` };
  }
  const values = recordOf<string>();
  for (const key of keys) {
    if (utf8Length(key) > MAX_COLUMN_NAME_BYTES) {
      return { ok: false, reason: `the key ${columnLabel(key)} is longer than ${MAX_COLUMN_NAME_BYTES} bytes` };
    }
    values[key] = textOf((value as Record<string, unknown>)[key]);
  }
  return { ok: true, values };
}

/** Why a CSV header cannot name the columns, or undefined when it can. */
export function headerProblem(columns: readonly string[]): string | undefined {
  if (columns.length > MAX_DATA_COLUMNS) {
    return `The header names ${columns.length} columns; a data file has at most ${MAX_DATA_COLUMNS}.`;
  }
  const seen = new Map<string, number>();
  for (const [index, name] of columns.entries()) {
    if (utf8Length(name) > MAX_COLUMN_NAME_BYTES) {
      return `Column ${index + 1} of the header has a name longer than ${MAX_COLUMN_NAME_BYTES} bytes; is the first line the header?`;
    }
    const first = seen.get(name);
    if (first !== undefined) {
      return `The header names the column ${columnLabel(name)} twice (columns ${first + 1} and ${index + 1}); give each column its own name.`;
    }
    seen.set(name, index);
  }
  return undefined;
}
