// Splits a byte stream into lines without ever holding more than one line, and not even that
// when a line is longer than the cap (a hostile file may have no line break at all). Lines end at
// LF; a CR before it is dropped. Used by the JSONL reader and the results file reader. Pure: no `vscode`.

import { flatten } from './batches';

const LF = 0x0a;
const CR = 0x0d;

export interface SplitLine {
  /** From 1. */
  readonly line: number;
  /** The line's text (UTF-8; invalid bytes become U+FFFD), or undefined when it is longer than the cap. */
  readonly text: string | undefined;
  /** The line's length in bytes, without its break. */
  readonly bytes: number;
  /** False for a last line with no LF after it (a line cut short when a writer stopped). */
  readonly terminated: boolean;
}

/** The lines of `chunks`, one at a time. */
export function splitLines(chunks: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<SplitLine> {
  return flatten(splitLineBatches(chunks, maxBytes));
}

/** The lines of `chunks`, in one batch per chunk: those that end in it. */
export async function* splitLineBatches(chunks: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<SplitLine[]> {
  let pieces: Uint8Array[] = [];
  let length = 0;
  let lastByte = -1;
  let line = 1;
  const finish = (terminated: boolean): SplitLine => {
    const bytes = lastByte === CR ? length - 1 : length;
    let text: string | undefined;
    if (bytes <= maxBytes) {
      const joined = pieces.length === 1 ? (pieces[0] as Uint8Array) : Buffer.concat(pieces, length);
      text = Buffer.from(joined.buffer, joined.byteOffset, bytes).toString('utf8');
      // A byte order mark starts the first line of files some editors save.
      if (line === 1 && text.startsWith('\uFEFF')) {
        text = text.slice(1);
      }
    }
    const result: SplitLine = { line, text, bytes, terminated };
    pieces = [];
    length = 0;
    lastByte = -1;
    line += 1;
    return result;
  };
  for await (const chunk of chunks) {
    const batch: SplitLine[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(LF, start);
      const end = newline === -1 ? chunk.length : newline;
      if (end > start) {
        // Past the cap (+1 for a CR before the LF) the line is only counted, never kept.
        if (length + (end - start) <= maxBytes + 1) {
          pieces.push(chunk.subarray(start, end));
        } else {
          pieces = [];
        }
        length += end - start;
        lastByte = chunk[end - 1] ?? -1;
      }
      if (newline === -1) {
        break;
      }
      batch.push(finish(true));
      start = newline + 1;
    }
    if (batch.length > 0) {
      yield batch;
    }
  }
  if (length > 0) {
    yield [finish(false)];
  }
}
