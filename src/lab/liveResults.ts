// The lines a run of this window writes, told to the results views of its file as each write lands:
// a view takes their facts (lineFacts, the function its reads use) instead of reading back and
// parsing what the run has just written, ~3 µs of the extension host a line, a tenth of what a
// call costs it. Only what is in the file is told. A write holding a line written otherwise than
// as it was given (redacted) is not told at all, and the view reads that write from the file as it
// reads another window's. Pure: no `vscode`.
import type { ResultsLine, RunHeader } from '../runs/resultsFormat';
import type { ResultsWriteObserver } from '../runs/resultsWriter';
import { lineFacts, type FedLine, type LineFacts } from './resultsIndex';

/** Lines written at `start` of the file, in order. */
export type WrittenLines = (start: number, lines: readonly FedLine[]) => void;

/** Lines a run of this window wrote to `path`, at `start` of it. */
export interface ResultsWritten {
  readonly path: string;
  readonly start: number;
  readonly lines: readonly FedLine[];
}

export class LiveResults implements ResultsWriteObserver {
  /** Lines queued and not yet written, in the file's order; facts undefined for a line the view must read. */
  private pending: Array<{ readonly facts: LineFacts | undefined; readonly bytes: number }> = [];
  /** Set when the writes no longer add up to the lines queued: nothing more is told. */
  private lost = false;

  constructor(private readonly tellWritten: WrittenLines) {}

  queued(line: RunHeader | ResultsLine | undefined, bytes: number): void {
    if (this.lost) return;
    this.pending.push({ facts: line === undefined ? undefined : lineFacts(line), bytes });
  }

  written(start: number, end: number): void {
    if (this.lost) return;
    let bytes = 0;
    let count = 0;
    while (bytes < end - start && count < this.pending.length) {
      bytes += this.pending[count]?.bytes ?? 0;
      count += 1;
    }
    if (bytes !== end - start) {
      // Never so for the writer's own writes; if ever, the views read the file from here on.
      this.lost = true;
      this.pending = [];
      return;
    }
    const lines: FedLine[] = [];
    for (const { facts, bytes: lineBytes } of this.pending.splice(0, count)) {
      if (facts === undefined) return;
      lines.push({ facts, bytes: lineBytes });
    }
    this.tellWritten(start, lines);
  }
}
