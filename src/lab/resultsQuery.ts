// Which rows the results view shows and in which order: sorted by any column, filtered by text,
// only the rows where the variants differ, only the rows with a failure. Pure Node: no `vscode`.
import type { ViewQuery } from './resultsViewProtocol';
import type { IndexedRow, IndexedSample, ResultsIndex } from './resultsIndex';

/** The first sample of each variant decides what a row shows and how it sorts. */
function firstSample(row: IndexedRow, variant: number): IndexedSample | undefined {
  return row.cells[variant]?.find((sample) => sample !== undefined);
}

export function rowHasFailure(row: IndexedRow): boolean {
  return row.rowError !== undefined || row.cells.some((samples) => samples.some((sample) => sample?.failed === true || sample?.passed === false));
}

/** The variants (and their samples) did not all give the same text, or some failed and some did not. */
export function rowDiffers(row: IndexedRow): boolean {
  const seen = new Set<number | 'failed'>();
  for (const samples of row.cells) {
    for (const sample of samples) {
      if (sample !== undefined) seen.add(sample.failed ? 'failed' : sample.hash);
    }
  }
  return seen.size > 1;
}

type SortKey = number | string;

function sortKey(row: IndexedRow, query: ViewQuery): SortKey {
  const { sort } = query;
  switch (sort.by) {
    case 'row':
      return row.row;
    case 'values':
      // The row number stands in for the values, which are read from the file only when shown.
      return row.line;
    case 'text':
      return firstSample(row, sort.variant)?.sortKey ?? '\uffff';
    case 'latency':
      return firstSample(row, sort.variant)?.latencyMs ?? Number.MAX_VALUE;
    case 'length':
      return firstSample(row, sort.variant)?.length ?? Number.MAX_VALUE;
  }
}

/**
 * The rows to show, as row numbers in their order. `textMatches` holds the rows whose values or
 * texts contain the filter (see `rowsContaining`); undefined when there is no filter.
 */
export function orderRows(index: ResultsIndex, query: ViewQuery, textMatches: ReadonlySet<number> | undefined): number[] {
  const chosen: Array<{ row: number; key: SortKey }> = [];
  for (const row of index.rows.values()) {
    if (textMatches !== undefined && !textMatches.has(row.row)) continue;
    if (query.onlyFailures && !rowHasFailure(row)) continue;
    if (query.onlyDifferent && !rowDiffers(row)) continue;
    chosen.push({ row: row.row, key: sortKey(row, query) });
  }
  const direction = query.descending ? -1 : 1;
  chosen.sort((a, b) => {
    const order = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : String(a.key).localeCompare(String(b.key));
    return order !== 0 ? order * direction : a.row - b.row;
  });
  return chosen.map((entry) => entry.row);
}
