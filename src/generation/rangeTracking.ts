// Keeps the ranges where a generation was invoked valid while the user keeps editing.
// Works on document offsets, so it is pure and unit tested; the editor side converts positions.

export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

/** One content change, as VS Code reports it (offsets before the change). */
export interface OffsetChange {
  readonly rangeOffset: number;
  readonly rangeLength: number;
  readonly text: string;
}

type Bias = 'before' | 'after';

/**
 * Where an offset ends up after a change. An offset inside the replaced text, or exactly at
 * an insertion point, goes to the start of the new text (`before`) or past it (`after`).
 */
export function mapOffset(offset: number, change: OffsetChange, bias: Bias): number {
  const changeStart = change.rangeOffset;
  const changeEnd = change.rangeOffset + change.rangeLength;
  if (offset < changeStart) {
    return offset;
  }
  if (offset > changeEnd) {
    return offset + change.text.length - change.rangeLength;
  }
  return bias === 'before' ? changeStart : changeStart + change.text.length;
}

/**
 * Maps a range through one change. A cursor (empty range) stays where it was invoked, before
 * anything typed there. A selection keeps text typed at its edges outside of it; if its whole
 * text was replaced, it becomes an empty range after the replacement.
 */
export function mapRange(range: OffsetRange, change: OffsetChange): OffsetRange {
  if (range.start === range.end) {
    const point = mapOffset(range.start, change, 'before');
    return { start: point, end: point };
  }
  const start = mapOffset(range.start, change, 'after');
  const end = mapOffset(range.end, change, 'before');
  return end < start ? { start, end: start } : { start, end };
}

/** Applies the changes of one document event in order (each is relative to the previous). */
export function mapRanges(ranges: readonly OffsetRange[], changes: readonly OffsetChange[]): OffsetRange[] {
  return ranges.map((range) => changes.reduce(mapRange, range));
}
