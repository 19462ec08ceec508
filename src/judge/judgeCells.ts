// The cells of a results file as the review's pairs are made of (row, sample, variant, call id, a
// digest of the text), and the two texts of a pair read back when it is judged. The results index
// (src/lab/resultsIndex.ts) knows where each cell's line is; each successful cell's line is read
// once here for its call id, and again when its pair is judged, so no text is held in memory
// longer than one judgement. Automatic (no variant named) is "Automatic", as the results view
// labels its column. Pure Node: no `vscode`.
import type { ResultsIndex } from '../lab/resultsIndex';
import { ResultLines } from '../lab/resultsRows';
import type { CellResult } from '../review/cellResult';
import type { ReviewPair } from '../review/pairScheduler';
import type { Side } from '../review/votes';
import { variantLabel } from '../runs/variants';

export interface JudgeCells {
  /** The run's variants as the votes name them, in the results header's order. */
  readonly variants: readonly string[];
  readonly cells: readonly CellResult[];
}

/** Every cell of the results file; failed ones carry their error (the review never pairs them). */
export async function judgeCells(index: ResultsIndex): Promise<JudgeCells> {
  const variants = index.header.variants.map(variantLabel);
  const cells: CellResult[] = [];
  const lines = await ResultLines.open(index);
  try {
    const rows = [...index.rows.values()].sort((a, b) => a.row - b.row);
    for (const row of rows) {
      for (const [column, samples] of row.cells.entries()) {
        const variant = variants[column];
        if (variant === undefined) continue;
        for (const [at, sample] of samples.entries()) {
          if (sample === undefined) continue;
          const base = { row: row.row, sample: at + 1, variant };
          if (sample.failed) {
            cells.push({ ...base, callId: '', error: sample.errorKind ?? 'failed' });
            continue;
          }
          const line = await lines.cell(row.row, column, at + 1);
          if (line === undefined || line.callId === null || line.error !== null) {
            // Changed under the index (a rerun writing now): not judged this time.
            continue;
          }
          cells.push({ ...base, callId: line.callId, contentLength: sample.length, contentDigest: String(sample.hash), latencyMs: sample.latencyMs });
        }
      }
    }
  } finally {
    await lines.close();
  }
  return { variants, cells };
}

export interface PairTexts {
  readonly values: Readonly<Record<string, string>>;
  readonly left: string;
  readonly right: string;
}

/** Reads the texts of pairs from the results file, on one open file. */
export class PairReader {
  private constructor(
    private readonly lines: ResultLines,
    private readonly variants: readonly string[],
  ) {}

  static async open(index: ResultsIndex, variants: readonly string[]): Promise<PairReader> {
    return new PairReader(await ResultLines.open(index), variants);
  }

  /** The pair's values and texts; undefined when a cell is not the one the pair was made of any more (it was rerun). */
  async texts(pair: Pick<ReviewPair, 'row' | 'sample' | 'left' | 'right'>): Promise<PairTexts | undefined> {
    const left = await this.side(pair.row, pair.sample, pair.left);
    const right = await this.side(pair.row, pair.sample, pair.right);
    return left === undefined || right === undefined ? undefined : { values: left.values, left: left.content, right: right.content };
  }

  private async side(row: number, sample: number, side: Side): Promise<{ values: Readonly<Record<string, string>>; content: string } | undefined> {
    const column = this.variants.indexOf(side.variant);
    if (column === -1) return undefined;
    const line = await this.lines.cell(row, column, sample);
    return line === undefined || line.callId !== side.callId || line.content === null ? undefined : { values: line.values, content: line.content };
  }

  close(): Promise<void> {
    return this.lines.close();
  }
}
