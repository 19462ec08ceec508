// One pass over a data file before a run: its columns, how many rows it has and which cannot be
// used (with their lines), and its SHA-256, so the summary can say "240 rows × 3 variants" and a
// results file can record which data it ran on. Pure Node: no `vscode`.
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { MAX_DATA_COLUMNS } from '../shared/limits';
import { valuesOfRow, type ColumnMapping } from './columnMapping';
import type { DataFormat } from './dataFormat';
import type { BadRow, DataEvent } from './dataRecord';
import { readDataFileBatches, unreadable, type DataRowsOptions } from './dataRows';

/** Bad rows a scan lists (all are counted). */
export const MAX_LISTED_BAD_ROWS = 20;

export interface DataScan {
  readonly format: DataFormat;
  /** The CSV header, or the keys of a JSON file's rows in the order first seen (at most MAX_DATA_COLUMNS). */
  readonly columns: readonly string[];
  /** Rows read, bad ones included (a CSV header is not a row). */
  readonly rows: number;
  /** Rows that can be sent: read whole and, with a mapping, with a value for every variable. */
  readonly usableRows: number;
  /** Rows that cannot: malformed, or (with a mapping) without a mapped column or with a value too large. */
  readonly badRows: number;
  /** The first MAX_LISTED_BAD_ROWS of them, with their lines and why. */
  readonly firstBadRows: readonly BadRow[];
  readonly sha256: string;
  readonly bytes: number;
  /** The file's modification time when the scan began: a run reuses the scan only while it is the same (see `unchangedSince`). */
  readonly modifiedMs: number;
}

export interface ScanOptions extends Pick<DataRowsOptions, 'maxRows' | 'signal'> {
  /** With the mapping and the gist's variables, rows that would fail the mapping count as bad rows. */
  readonly mapping?: { readonly mapping: ColumnMapping; readonly variables: readonly string[] };
}

/** Reads the whole file once; throws a DataFileError when it cannot be read at all (see `DataFileErrorKind`). */
export async function scanDataFile(path: string, format: DataFormat, options: ScanOptions = {}): Promise<DataScan> {
  let bytes: number;
  let modifiedMs: number;
  try {
    ({ size: bytes, mtimeMs: modifiedMs } = await stat(path));
  } catch (error) {
    throw unreadable(error);
  }
  const hash = createHash('sha256');
  const columns = new Set<string>();
  const firstBadRows: BadRow[] = [];
  let rows = 0;
  let badRows = 0;
  const bad = (row: BadRow): void => {
    badRows += 1;
    if (firstBadRows.length < MAX_LISTED_BAD_ROWS) {
      firstBadRows.push(row);
    }
  };
  const scanRow = (event: DataEvent): void => {
    if (event.kind === 'header') {
      event.columns.forEach((column) => columns.add(column));
      return;
    }
    rows += 1;
    if (event.kind === 'bad') {
      bad(event);
      return;
    }
    if (format !== 'csv' && columns.size < MAX_DATA_COLUMNS) {
      for (const column of Object.keys(event.values)) {
        if (columns.size < MAX_DATA_COLUMNS) {
          columns.add(column);
        }
      }
    }
    if (options.mapping !== undefined) {
      const mapped = valuesOfRow(event, options.mapping.mapping, options.mapping.variables);
      if (!mapped.ok) {
        bad({ kind: 'bad', row: event.row, line: event.line, reason: mapped.reason });
      }
    }
  };
  for await (const batch of readDataFileBatches(path, format, { ...options, onChunk: (chunk) => hash.update(chunk) })) {
    batch.forEach(scanRow);
  }
  return { format, columns: [...columns], rows, usableRows: rows - badRows, badRows, firstBadRows, sha256: hash.digest('hex'), bytes, modifiedMs };
}

/**
 * True when the file at `path` is as `scan` found it, by size and modification time: the run then
 * reuses the scan the summary step made instead of reading the whole file again. Taken before
 * the scan read, a change during the scan shows as a different time, never as the same one.
 */
export async function unchangedSince(path: string, scan: DataScan): Promise<boolean> {
  try {
    const now = await stat(path);
    return now.size === scan.bytes && now.mtimeMs === scan.modifiedMs;
  } catch {
    return false;
  }
}
