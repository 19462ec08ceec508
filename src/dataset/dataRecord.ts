// What a data file reader yields: each row with its number and line, or why a row cannot be used.
// Pure: no `vscode`.

/**
 * One row of a data file. `row` counts the file's rows from 1 (a CSV header is not a row; a row
 * that cannot be read still takes its number, so numbers stay the same whatever is skipped);
 * `line` is the line of the file where the row starts. `values` is a null-prototype record of
 * column name → text (see `textValue.ts` for how JSON values become text).
 */
export interface DataRow {
  readonly kind: 'row';
  readonly row: number;
  readonly line: number;
  readonly values: Readonly<Record<string, string>>;
}

/** A row that cannot be used (malformed, too many fields, not an object…), with its line and why, as a sentence. */
export interface BadRow {
  readonly kind: 'bad';
  readonly row: number;
  readonly line: number;
  readonly reason: string;
}

/** A CSV file's header, yielded before its rows (JSON files have none: their columns are each row's keys). */
export interface DataHeader {
  readonly kind: 'header';
  readonly line: number;
  readonly columns: readonly string[];
}

export type DataRecord = DataRow | BadRow;
export type DataEvent = DataHeader | DataRecord;
