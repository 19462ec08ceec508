// The cells of a run's rows in order (row × variant × sample), pulled as calls can start. Pure: no `vscode`.
import type { EngineOptions, EngineRow } from './engineTypes';

export interface Cell {
  readonly row: Extract<EngineRow, { kind: 'row' }>;
  readonly variantIndex: number;
  readonly sample: number;
}

export type Work = Cell | Extract<EngineRow, { kind: 'rowError' }>;

/**
 * The cells of the rows in order. The rows are pulled (a batch at a time) only as cells are
 * taken; a row's cells come from it without another hop through an async generator.
 */
export class CellCursor {
  private readonly rows: AsyncIterator<EngineRow | readonly EngineRow[]>;
  private batch: readonly EngineRow[] = [];
  private inBatch = 0;
  private row: Extract<EngineRow, { kind: 'row' }> | undefined;
  private variantIndex = 0;
  private sample = 1;

  constructor(private readonly options: EngineOptions) {
    this.rows = options.rows[Symbol.asyncIterator]();
  }

  /** The next cell or row error to do; undefined at the end of the rows. */
  async next(): Promise<Work | undefined> {
    const include = this.options.include;
    for (;;) {
      const row = this.row;
      if (row !== undefined) {
        while (this.variantIndex < this.options.variants.length) {
          const variantIndex = this.variantIndex;
          const sample = this.sample;
          if (sample >= this.options.samples) {
            this.variantIndex += 1;
            this.sample = 1;
          } else {
            this.sample += 1;
          }
          if (include === undefined || include(row.row, variantIndex, sample)) {
            return { row, variantIndex, sample };
          }
        }
        this.row = undefined;
      }
      const next = this.batch[this.inBatch];
      if (next === undefined) {
        const read = await this.rows.next();
        if (read.done === true) {
          return undefined;
        }
        this.batch = Array.isArray(read.value) ? (read.value as readonly EngineRow[]) : [read.value as EngineRow];
        this.inBatch = 0;
        continue;
      }
      this.inBatch += 1;
      if (next.kind === 'rowError') {
        if (this.options.includeRowError === undefined || this.options.includeRowError(next.row)) {
          return next;
        }
        continue;
      }
      this.row = next;
      this.variantIndex = 0;
      this.sample = 1;
    }
  }

  async close(): Promise<void> {
    await this.rows.return?.();
  }
}

