// Each variant's latency as a distribution (the calls that gave content): the five figures of a box
// plot with whiskers at the 5th and 95th percentiles, which people read at a glance where a table of
// percentiles takes a minute. Pure: no `vscode`.
import { quantileSorted } from 'simple-statistics';
import { succeeded, type CellResult } from './cellResult';
import type { CellIndex } from './cellIndex';

export interface LatencyDistribution {
  readonly variant: string;
  readonly calls: number;
  readonly p5: number;
  readonly p25: number;
  readonly median: number;
  readonly p75: number;
  readonly p95: number;
}

/** Per variant with at least one call that gave content, in the index's variant order. */
export function latencyDistributions(index: CellIndex): LatencyDistribution[] {
  const byVariant = index.variants.map((): number[] => []);
  for (let position = 0; position < index.rowSamples.length; position++) {
    for (let column = 0; column < index.variants.length; column++) {
      const cell: CellResult | undefined = index.at(position, column);
      if (cell !== undefined && succeeded(cell) && cell.latencyMs !== undefined && Number.isFinite(cell.latencyMs)) byVariant[column]?.push(cell.latencyMs);
    }
  }
  return index.variants.flatMap((variant, column) => {
    const latencies = (byVariant[column] ?? []).sort((a, b) => a - b);
    if (latencies.length === 0) return [];
    const at = (p: number): number => quantileSorted(latencies, p);
    return [{ variant, calls: latencies.length, p5: at(0.05), p25: at(0.25), median: at(0.5), p75: at(0.75), p95: at(0.95) }];
  });
}
