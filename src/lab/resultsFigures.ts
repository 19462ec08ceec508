// The figures on top of the results view, from the index: per variant, calls, failures, latency
// p50/p95 and mean and median length of the calls that succeeded (the same definitions as the
// results summary of src/runs/summary.ts: percentiles by Hyndman and Fan's definition 7), and the
// counts the status line shows. Pure Node: no `vscode`.
import { mean, quantile } from 'simple-statistics';
import { variantLabel } from '../runs/variants';
import type { ResultsIndex } from './resultsIndex';
import type { VariantFigures } from './resultsViewProtocol';

export interface IndexCounts {
  readonly figures: readonly VariantFigures[];
  readonly failedCells: number;
  /** Cells whose checks failed (a check run). */
  readonly failedChecks: number;
  /** Cells of the data file (rows × variants × samples) with no result: not run yet, or the run stopped. */
  readonly missingCells: number;
}

export function indexCounts(index: ResultsIndex): IndexCounts {
  const { header } = index;
  const perVariant = header.variants.map(() => ({ calls: 0, failures: 0, checked: 0, passed: 0, latencies: [] as number[], lengths: [] as number[] }));
  const checks = header.extensions.checks !== undefined;
  let recorded = 0;
  let rowErrors = 0;
  for (const row of index.rows.values()) {
    if (row.rowError !== undefined) {
      rowErrors += 1;
      continue;
    }
    row.cells.forEach((samples, variant) => {
      const figures = perVariant[variant];
      for (const sample of samples) {
        if (sample === undefined || figures === undefined) continue;
        recorded += 1;
        figures.calls += 1;
        if (sample.passed !== undefined) {
          figures.checked += 1;
          if (sample.passed) figures.passed += 1;
        }
        if (sample.failed) {
          figures.failures += 1;
        } else {
          figures.latencies.push(sample.latencyMs);
          figures.lengths.push(sample.length);
        }
      }
    });
  }
  const cellsPerRow = header.variants.length * header.samples;
  const expected = Math.max(header.data.rows, index.rows.size) * cellsPerRow;
  return {
    figures: perVariant.map((figures, variant) => {
      // Selected, not sorted: sorting 100,000 cells' figures took 30 ms of the event loop.
      const { latencies, lengths } = figures;
      const [latencyP50Ms, latencyP95Ms] = latencies.length === 0 ? [] : quantile(latencies, [0.5, 0.95]);
      return {
        label: variantLabel(header.variants[variant] ?? null),
        calls: figures.calls,
        failures: figures.failures,
        ...(latencyP50Ms === undefined || latencyP95Ms === undefined ? {} : { latencyP50Ms, latencyP95Ms }),
        ...(lengths.length === 0 ? {} : { meanLength: mean(lengths), medianLength: quantile(lengths, 0.5) }),
        ...(checks ? { checked: figures.checked, passed: figures.passed } : {}),
      };
    }),
    failedCells: perVariant.reduce((sum, figures) => sum + figures.failures, 0),
    failedChecks: perVariant.reduce((sum, figures) => sum + (figures.checked - figures.passed), 0),
    missingCells: Math.max(0, expected - recorded - rowErrors * cellsPerRow),
  };
}
