// Line numbers of byte offsets in a stream read in chunks, for parsers that report where a record
// ends in bytes but count lines in their own way (csv-parse counts a quoted CRLF as two lines) or
// not at all (the JSON tokenizer). A break is CRLF, LF or a lone CR. Offsets asked for never go
// back, so only the chunks past the last one asked for are kept. Pure: no `vscode`.

const LF = 0x0a;
const CR = 0x0d;

interface Chunk {
  readonly start: number;
  readonly bytes: Uint8Array;
}

export class LineIndex {
  private readonly chunks: Chunk[] = [];
  private pushed = 0;
  private cursor = 0;
  private line = 1;
  /** The byte before the cursor was a CR: an LF at the cursor ends the same line. */
  private afterCr = false;
  /** The line of the last byte passed that is not a line break. */
  private contentLine = 1;

  /** Adds the next chunk of the stream. */
  push(bytes: Uint8Array): void {
    this.chunks.push({ start: this.pushed, bytes });
    this.pushed += bytes.length;
  }

  /** Bytes pushed so far. */
  get length(): number {
    return this.pushed;
  }

  /** The line (from 1) that the byte at `offset` is on. `offset` may not be less than one asked for before. */
  lineAt(offset: number): number {
    this.advance(offset, false);
    return this.line;
  }

  /** The line of the last byte before `end` that is not a line break (where a record that ends at `end` ends). */
  lastContentLineBefore(end: number): number {
    this.advance(end, false);
    return this.contentLine;
  }

  /**
   * The line of the first byte at or after `offset` that is not a line break (empty lines are
   * skipped); the end of what was pushed when only breaks follow.
   */
  contentLineFrom(offset: number): number {
    this.advance(offset, false);
    this.advance(this.pushed, true);
    return this.line;
  }

  private advance(target: number, onlyBreaks: boolean): void {
    const end = Math.min(target, this.pushed);
    while (this.cursor < end) {
      const chunk = this.chunks[0];
      if (chunk === undefined) {
        return;
      }
      const chunkEnd = chunk.start + chunk.bytes.length;
      if (this.cursor >= chunkEnd) {
        this.chunks.shift();
        continue;
      }
      const bytes = chunk.bytes;
      let index = this.cursor - chunk.start;
      const stop = Math.min(end, chunkEnd) - chunk.start;
      while (index < stop) {
        const byte = bytes[index];
        if (byte === CR) {
          this.line += 1;
          this.afterCr = true;
        } else if (byte === LF) {
          if (!this.afterCr) {
            this.line += 1;
          }
          this.afterCr = false;
        } else if (onlyBreaks) {
          this.cursor = chunk.start + index;
          return;
        } else {
          this.afterCr = false;
          this.contentLine = this.line;
        }
        index += 1;
      }
      this.cursor = chunk.start + index;
    }
  }
}
