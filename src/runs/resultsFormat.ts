// The results file of a run, `<data>.<gist>.gistrun.jsonl`: line 1 a header, then one line per
// finished call, appended as it finishes. Plain JSON lines, diffable and meant to be committed;
// documented in docs/results-format.md, with a JSON Schema in media/gistrun.schema.json. Pure: no `vscode`.
import * as path from 'node:path';
import type { ColumnMapping } from '../dataset/columnMapping';
import type { VariantChoice } from './variants';

export const RESULTS_FORMAT = 'gistrun';
/** The format's version. Readers refuse a larger one; additions within a version are optional members (see `extensions`). */
export const RESULTS_VERSION = 1;
export const RESULTS_SUFFIX = '.gistrun.jsonl';

/** Line 1. */
export interface RunHeader {
  readonly type: 'header';
  readonly format: typeof RESULTS_FORMAT;
  readonly version: number;
  readonly gist: string;
  /** In the order of the results view's columns; `null` is Automatic. */
  readonly variants: readonly VariantChoice[];
  /** Calls per row and variant (1 unless the variants are not deterministic). */
  readonly samples: number;
  readonly data: {
    /** The data file, relative to the results file's folder, with `/` between folders. */
    readonly path: string;
    /** SHA-256 of the data file's bytes, in hex: a resume checks it. */
    readonly sha256: string;
    /** `csv`, `jsonl` or `json` for the lab's data files; other tools (checks) name their own sources. */
    readonly format: string;
    /** Rows in the data file when the run started. */
    readonly rows: number;
  };
  /** Variable → `{column}` or `{constant}`. */
  readonly mapping: ColumnMapping;
  /** The name of the profile the run used, and the host of its service; never the key. */
  readonly profile: string | null;
  readonly host: string;
  /** ISO 8601. */
  readonly startedAt: string;
  /** What wrote the file: `gist-generate` (the extension) or `gist-check` (the command line), and its version. */
  readonly tool: { readonly name: string; readonly version: string };
  /**
   * Optional members added within this version, by name → their own version: a result line may
   * then carry a member of that name (the checks add `"checks": 1` and each cell's assertion
   * results under `checks`). Readers keep the members of the extensions they know and ignore the rest.
   */
  readonly extensions: Readonly<Record<string, number>>;
}

/** Why a call failed: the client's error kind (`rateLimited`, `service`, `network`, `timeout`, …), its message, and the HTTP status when there was one. */
export interface ResultError {
  readonly kind: string;
  readonly message: string;
  readonly status?: number;
}

/** One finished call. */
export interface CellResult {
  readonly type: 'result';
  /** The data row (from 1) and the line of the data file it starts on. */
  readonly row: number;
  readonly line: number;
  /** What was sent: variable → value. */
  readonly values: Readonly<Record<string, string>>;
  readonly variant: VariantChoice;
  /** From 1 to the header's `samples`. */
  readonly sample: number;
  readonly callId: string | null;
  /** The generated text, cut to MAX_RESULT_CONTENT_BYTES (then `truncated` is true); null when the call failed. */
  readonly content: string | null;
  /** Characters (Unicode code points) of the whole content, cut or not; null when the call failed. */
  readonly length: number | null;
  readonly truncated?: boolean;
  readonly error: ResultError | null;
  /** Calls made for this cell: 1, or more after retries. */
  readonly attempts: number;
  /** The last attempt's time from request to complete answer. */
  readonly latencyMs: number;
  /** ISO 8601. */
  readonly finishedAt: string;
  /** Members of the header's extensions, by name (for example `checks`). */
  readonly extensions?: Readonly<Record<string, unknown>>;
}

/** A data row that could not be sent (malformed, or without a mapped column): it counts as done for every variant. */
export interface RowError {
  readonly type: 'rowError';
  readonly row: number;
  readonly line: number;
  readonly message: string;
}

export type ResultsLine = CellResult | RowError;

/** `<data name>.<gist id>.gistrun.jsonl` beside the data file; a gist id is made safe for a file name. */
export function resultsPathFor(dataPath: string, gistId: string): string {
  const dataName = path.basename(dataPath).replace(/\.[^.]*$/, '');
  // eslint-disable-next-line no-control-regex
  const gist = gistId.replace(/[\u0000-\u001f<>:"/\\|?*\u007f]+/g, '_').replace(/^\.+/, '_').slice(0, 100);
  return path.join(path.dirname(dataPath), `${dataName}.${gist}${RESULTS_SUFFIX}`);
}

/** The data file's path as a header records it: relative to the results file, with `/`. */
export function relativeDataPath(resultsPath: string, dataPath: string): string {
  return path.relative(path.dirname(path.resolve(resultsPath)), path.resolve(dataPath)).split(path.sep).join('/');
}

/** The data file a header names, as a path on this machine. */
export function dataPathOf(resultsPath: string, header: RunHeader): string {
  return path.resolve(path.dirname(path.resolve(resultsPath)), ...header.data.path.split('/'));
}
