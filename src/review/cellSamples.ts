// For a run with several samples per cell, each cell (row × variant) as a distribution: identical
// texts, spread of length, and the flaky mark where its checks passed in some samples and failed in
// others. Pure: no `vscode`.
import { sampleSpread, type SampleSpread } from '../statistics/sampleSpread';
import { succeeded, type CellResult } from './cellResult';
import type { CellIndex } from './cellIndex';

export interface CellSamples {
  readonly row: number;
  readonly variant: string;
  readonly spread: SampleSpread;
}

export interface SampleVerdict {
  /** Cells with more than one sample, in row then variant order. */
  readonly cells: readonly CellSamples[];
  readonly flakyCells: number;
  /** Per variant: its cells with several samples and how many of them are flaky. */
  readonly byVariant: ReadonlyArray<{ readonly variant: string; readonly cells: number; readonly flaky: number }>;
}

export function sampleVerdict(index: CellIndex): SampleVerdict | undefined {
  if (index.oneSamplePerRow) {
    return undefined;
  }
  const variants = index.variants;
  const groups = new Map<number, Map<string, CellResult[]>>();
  for (const [position, { row }] of index.rowSamples.entries()) {
    let atRow = groups.get(row);
    if (atRow === undefined) {
      atRow = new Map();
      groups.set(row, atRow);
    }
    for (const [column, variant] of variants.entries()) {
      const cell = index.at(position, column);
      if (cell !== undefined) {
        const samples = atRow.get(variant);
        if (samples === undefined) {
          atRow.set(variant, [cell]);
        } else {
          samples.push(cell);
        }
      }
    }
  }
  const cells: CellSamples[] = [];
  for (const [row, atRow] of groups) {
    for (const variant of variants) {
      const samples = atRow.get(variant) ?? [];
      if (samples.length > 1) {
        const spread = sampleSpread(
          samples.map((cell) => ({
            ...(cell.contentDigest === undefined ? {} : { contentDigest: cell.contentDigest }),
            ...(cell.contentLength === undefined ? {} : { length: cell.contentLength }),
            ...(cell.passed === undefined ? {} : { passed: cell.passed }),
            failed: !succeeded(cell),
          })),
        );
        cells.push({ row, variant, spread });
      }
    }
  }
  if (cells.length === 0) {
    return undefined;
  }
  const byVariant = variants.map((variant) => {
    const mine = cells.filter((cell) => cell.variant === variant);
    return { variant, cells: mine.length, flaky: mine.filter((cell) => cell.spread.flaky).length };
  });
  return { cells, flakyCells: cells.filter((cell) => cell.spread.flaky).length, byVariant };
}
