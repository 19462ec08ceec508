// The cells of a results file as the verdicts count them (src/review's plain records), from the
// results view's index: no text is read, only what the index keeps of each cell. Variants are
// named as the view names them (Automatic for the service's own pick), which is also how votes
// name them. Pure: no `vscode`.
import type { CellResult } from '../review/cellResult';
import { variantLabel } from '../runs/variants';
import type { ResultsIndex } from './resultsIndex';

export function verdictVariants(index: ResultsIndex): string[] {
  return index.header.variants.map((variant) => variantLabel(variant));
}

export function verdictCells(index: ResultsIndex): CellResult[] {
  const variants = verdictVariants(index);
  const cells: CellResult[] = [];
  for (const row of index.rows.values()) {
    row.cells.forEach((samples, variantIndex) => {
      samples.forEach((sample, sampleIndex) => {
        if (sample === undefined) return;
        cells.push({
          row: row.row,
          sample: sampleIndex + 1,
          variant: variants[variantIndex] ?? '',
          callId: sample.callId,
          latencyMs: sample.latencyMs,
          ...(sample.failed
            ? { error: sample.errorKind ?? 'service' }
            : { contentLength: sample.length, contentDigest: sample.hash.toString(36) }),
          ...(sample.passed === undefined ? {} : { passed: sample.passed }),
        });
      });
    });
  }
  return cells;
}
