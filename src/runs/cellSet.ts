// Which cells of a run (row × variant × sample) are done, one bit each: a resume of 100,000 rows ×
// 3 variants × 3 samples holds 113 KB, never the results themselves. Pure: no `vscode`.

/** The shape of a run's grid: `variants` columns of `samples` cells per row. */
export interface CellGrid {
  readonly variants: number;
  readonly samples: number;
}

export function cellsPerRow(grid: CellGrid): number {
  return grid.variants * grid.samples;
}

/** The index of a cell; rows and samples count from 1, variants from 0 (their place in the run's list). */
export function cellIndex(grid: CellGrid, row: number, variantIndex: number, sample: number): number {
  return (row - 1) * cellsPerRow(grid) + variantIndex * grid.samples + (sample - 1);
}

/** A growable bit set of cell indexes (or of row numbers). */
export class BitSet {
  private bits = new Uint8Array(1024);
  private count = 0;

  has(index: number): boolean {
    const byte = index >> 3;
    return byte < this.bits.length && ((this.bits[byte] as number) & (1 << (index & 7))) !== 0;
  }

  /** Adds `index`; false when it was there already. */
  add(index: number): boolean {
    const byte = index >> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    const mask = 1 << (index & 7);
    if (((this.bits[byte] as number) & mask) !== 0) {
      return false;
    }
    this.bits[byte] = (this.bits[byte] as number) | mask;
    this.count += 1;
    return true;
  }

  delete(index: number): void {
    const byte = index >> 3;
    const mask = 1 << (index & 7);
    if (byte < this.bits.length && ((this.bits[byte] as number) & mask) !== 0) {
      this.bits[byte] = (this.bits[byte] as number) & ~mask;
      this.count -= 1;
    }
  }

  get size(): number {
    return this.count;
  }
}

/** The cells of one run, by row, variant and sample. */
export class CellSet {
  private readonly cells = new BitSet();

  constructor(readonly grid: CellGrid) {}

  has(row: number, variantIndex: number, sample: number): boolean {
    return this.cells.has(cellIndex(this.grid, row, variantIndex, sample));
  }

  add(row: number, variantIndex: number, sample: number): boolean {
    return this.cells.add(cellIndex(this.grid, row, variantIndex, sample));
  }

  delete(row: number, variantIndex: number, sample: number): void {
    this.cells.delete(cellIndex(this.grid, row, variantIndex, sample));
  }

  get size(): number {
    return this.cells.size;
  }
}
