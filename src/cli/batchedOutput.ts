// gist-check's stdout, written once per turn of the event loop instead of once per line: a run
// prints a line per cell, and each write to a file or a pipe (CI's stdout) is a system call of its
// own, ~10 µs of CPU a cell (npm run bench). Lines still appear as their cells finish: what one
// turn printed is written before the next turn starts. Pure Node.

/** Where the text goes: `process.stdout`, or a test's recorder. */
export interface TextSink {
  write(text: string): unknown;
}

export interface BatchedOutput {
  /** Queues `text`; it is written at the end of this turn of the event loop, or by `flush()`. */
  readonly write: (text: string) => void;
  /** Writes what is queued now (before stderr is written, so the two stay in order on a terminal). */
  readonly flush: () => void;
}

export function batchedOutput(sink: TextSink, schedule: (work: () => void) => void = setImmediate): BatchedOutput {
  let queued: string[] = [];
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (queued.length === 0) return;
    const text = queued.join('');
    queued = [];
    sink.write(text);
  };
  return {
    write: (text) => {
      queued.push(text);
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
    flush,
  };
}
