// Per-variant figures of a results file, computed as it streams by: calls, failures, latency p50
// and p95, mean and median length. A cell with several result lines (a failure run again) counts
// by its last one. Only numbers are kept per cell, never contents. Pure Node: no `vscode`.
//
// Percentiles are R's and numpy's default (Hyndman & Fan's definition 7: linear interpolation
// between the order statistics), from simple-statistics. Latency and length are over the calls
// that succeeded; a failure's time says little about the variant. Length is in characters
// (Unicode code points) of the whole content, as the results line records it.
import { mean, quantileSorted } from 'simple-statistics';
import { BitSet, cellIndex, type CellGrid } from './cellSet';
import type { RunHeader } from './resultsFormat';
import { openResults, type ResultsEntry } from './resultsReader';
import type { VariantChoice } from './variants';

export interface VariantSummary {
  readonly variant: VariantChoice;
  /** Cells with a result (the last one of each cell). */
  readonly calls: number;
  readonly failures: number;
  /** Over successful calls; undefined when there are none. */
  readonly latencyP50Ms: number | undefined;
  readonly latencyP95Ms: number | undefined;
  readonly meanLength: number | undefined;
  readonly medianLength: number | undefined;
}

export interface RunSummary {
  readonly header: RunHeader;
  /** In the header's order. */
  readonly variants: readonly VariantSummary[];
  /** Rows recorded as row errors. */
  readonly rowErrors: number;
  /** Result lines for a cell that had one already (reruns). */
  readonly repeatedCells: number;
  readonly invalidLines: number;
  readonly truncatedLine: boolean;
}

const NONE = 0;
const SUCCEEDED = 1;
const FAILED = 2;

/** Per cell: its state, latency and length, in typed arrays that grow with the highest cell seen. */
class CellFigures {
  state = new Uint8Array(1024);
  latency = new Float64Array(1024);
  length = new Float64Array(1024);

  set(index: number, state: number, latency: number, length: number): boolean {
    if (index >= this.state.length) {
      const size = Math.max(index + 1, this.state.length * 2);
      const grow = <T extends Uint8Array | Float64Array>(from: T, make: (size: number) => T): T => {
        const to = make(size);
        to.set(from);
        return to;
      };
      this.state = grow(this.state, (n) => new Uint8Array(n));
      this.latency = grow(this.latency, (n) => new Float64Array(n));
      this.length = grow(this.length, (n) => new Float64Array(n));
    }
    const seen = this.state[index] !== NONE;
    this.state[index] = state;
    this.latency[index] = latency;
    this.length[index] = length;
    return seen;
  }
}

function sortedOf(values: number[]): number[] {
  return values.sort((a, b) => a - b);
}

/** The figures of one results file's entries (after its header). */
export async function summarize(header: RunHeader, entries: AsyncIterable<ResultsEntry>): Promise<RunSummary> {
  const grid: CellGrid = { variants: header.variants.length, samples: header.samples };
  const cells = new CellFigures();
  const rowErrors = new BitSet();
  let repeatedCells = 0;
  let invalidLines = 0;
  let truncatedLine = false;
  let highest = -1;
  for await (const entry of entries) {
    if (entry.kind === 'invalid') {
      invalidLines += 1;
      continue;
    }
    if (entry.kind === 'truncated') {
      truncatedLine = true;
      continue;
    }
    const line = entry.line;
    if (line.type === 'rowError') {
      rowErrors.add(line.row);
      continue;
    }
    const index = cellIndex(grid, line.row, header.variants.indexOf(line.variant), line.sample);
    highest = Math.max(highest, index);
    const failed = line.error !== null;
    if (cells.set(index, failed ? FAILED : SUCCEEDED, line.latencyMs, line.length ?? 0)) {
      repeatedCells += 1;
    }
  }
  const perVariant = header.variants.map(() => ({ calls: 0, failures: 0, latencies: [] as number[], lengths: [] as number[] }));
  const cellsPerRow = grid.variants * grid.samples;
  for (let index = 0; index <= highest; index++) {
    const state = cells.state[index];
    if (state === NONE) {
      continue;
    }
    const figures = perVariant[Math.floor((index % cellsPerRow) / grid.samples)];
    if (figures === undefined) {
      continue;
    }
    figures.calls += 1;
    if (state === FAILED) {
      figures.failures += 1;
    } else {
      figures.latencies.push(cells.latency[index] as number);
      figures.lengths.push(cells.length[index] as number);
    }
  }
  const variants = header.variants.map((variant, at): VariantSummary => {
    const figures = perVariant[at] ?? { calls: 0, failures: 0, latencies: [], lengths: [] };
    const latencies = sortedOf(figures.latencies);
    const lengths = sortedOf(figures.lengths);
    const some = latencies.length > 0;
    return {
      variant,
      calls: figures.calls,
      failures: figures.failures,
      latencyP50Ms: some ? quantileSorted(latencies, 0.5) : undefined,
      latencyP95Ms: some ? quantileSorted(latencies, 0.95) : undefined,
      meanLength: some ? mean(lengths) : undefined,
      medianLength: some ? quantileSorted(lengths, 0.5) : undefined,
    };
  });
  return { header, variants, rowErrors: rowErrors.size, repeatedCells, invalidLines, truncatedLine };
}

/** The figures of a results file. Throws a ResultsFileError for a file that is not one. */
export async function summarizeResultsFile(path: string, options: { readonly signal?: AbortSignal } = {}): Promise<RunSummary> {
  const { header, entries } = await openResults(path, options);
  return summarize(header, entries);
}
