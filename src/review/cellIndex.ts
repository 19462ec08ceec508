// The cells of a run by row and sample, then by variant, in a dense table, so the two cells of a pair
// are found in constant time (20,000 cells are looked up many times over by the figures). When a cell
// appears more than once (a rerun of a failed call), the last one counts, as it does in the results
// view. Variant names come from a file: Maps, never plain objects. Pure: no `vscode`.
import type { CellResult } from './cellResult';

export interface RowSample {
  readonly row: number;
  readonly sample: number;
}

export interface CellIndex {
  /** The variants, in the order given (the results header's), then any others in the order first seen. */
  readonly variants: readonly string[];
  /** Every (row, sample) with at least one cell, in row then sample order. */
  readonly rowSamples: readonly RowSample[];
  /** The cell of rowSamples[rowSample] and variants[variant]. */
  at(rowSample: number, variant: number): CellResult | undefined;
  cell(row: number, sample: number, variant: string): CellResult | undefined;
  /** Whether every (row, sample) is a different row: then a pair of cells is a row, and sentences say "rows". */
  readonly oneSamplePerRow: boolean;
}

export function indexCells(cells: Iterable<CellResult>, variants: readonly string[] = []): CellIndex {
  const order = [...new Set(variants)];
  const variantAt = new Map(order.map((variant, position) => [variant, position]));
  const found: Array<{ cell: CellResult; rowSample: RowSample }> = [];
  const byRow = new Map<number, Map<number, RowSample>>();
  for (const cell of cells) {
    if (!Number.isFinite(cell.row) || !Number.isFinite(cell.sample)) {
      continue;
    }
    let samples = byRow.get(cell.row);
    if (samples === undefined) {
      samples = new Map();
      byRow.set(cell.row, samples);
    }
    let rowSample = samples.get(cell.sample);
    if (rowSample === undefined) {
      rowSample = { row: cell.row, sample: cell.sample };
      samples.set(cell.sample, rowSample);
    }
    if (!variantAt.has(cell.variant)) {
      variantAt.set(cell.variant, order.length);
      order.push(cell.variant);
    }
    found.push({ cell, rowSample });
  }
  const rowSamples = [...byRow.values()].flatMap((samples) => [...samples.values()]).sort((a, b) => a.row - b.row || a.sample - b.sample);
  const position = new Map(rowSamples.map((rowSample, at) => [rowSample, at]));
  const width = order.length;
  const table: Array<CellResult | undefined> = new Array<CellResult | undefined>(rowSamples.length * width);
  for (const { cell, rowSample } of found) {
    table[(position.get(rowSample) as number) * width + (variantAt.get(cell.variant) as number)] = cell;
  }
  const at = (rowSample: number, variant: number): CellResult | undefined => table[rowSample * width + variant];
  return {
    variants: order,
    rowSamples,
    at,
    cell: (row, sample, variant) => {
      const rowSample = byRow.get(row)?.get(sample);
      const column = variantAt.get(variant);
      return rowSample === undefined || column === undefined ? undefined : at(position.get(rowSample) as number, column);
    },
    oneSamplePerRow: byRow.size === rowSamples.length,
  };
}
