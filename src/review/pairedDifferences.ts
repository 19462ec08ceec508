// Length and latency, variant against variant on the same rows: the median of the paired differences
// (first minus second) with a percentile bootstrap interval. Paired, because rows differ far more
// from each other than variants do: a long question gets a long answer from both. Failed calls have
// neither length nor a comparable latency and are left out. Pure: no `vscode`.
import { medianWithInterval, type MedianInterval } from '../statistics/bootstrapMedian';
import { seedFrom, seededRandom } from '../statistics/seededRandom';
import { succeeded, type CellResult } from './cellResult';
import type { CellIndex } from './cellIndex';

export type Measure = 'length' | 'latency';

export interface PairedDifference extends MedianInterval {
  readonly measure: Measure;
  /** The difference is first − second: characters, or milliseconds. */
  readonly first: string;
  readonly second: string;
}

const valueOf = (cell: CellResult | undefined, measure: Measure): number | undefined => {
  if (cell === undefined || !succeeded(cell)) {
    return undefined;
  }
  const value = measure === 'length' ? cell.contentLength : cell.latencyMs;
  return value !== undefined && Number.isFinite(value) ? value : undefined;
};

/** Per pair of the index's variants with at least one row measured for both. */
export function pairedDifferences(index: CellIndex, measure: Measure, options: { seed: number; resamples: number; level: number }): PairedDifference[] {
  const results: PairedDifference[] = [];
  const variants = index.variants;
  for (let i = 0; i < variants.length; i++) {
    for (let j = i + 1; j < variants.length; j++) {
      const first = variants[i] as string;
      const second = variants[j] as string;
      const differences: number[] = [];
      for (let rowSample = 0; rowSample < index.rowSamples.length; rowSample++) {
        const a = valueOf(index.at(rowSample, i), measure);
        const b = valueOf(index.at(rowSample, j), measure);
        if (a !== undefined && b !== undefined) {
          differences.push(a - b);
        }
      }
      if (differences.length === 0) {
        continue;
      }
      const interval = medianWithInterval(differences, {
        resamples: options.resamples,
        level: options.level,
        random: seededRandom(seedFrom(options.seed, measure, first, second)),
      });
      results.push({ measure, first, second, ...interval });
    }
  }
  return results;
}
