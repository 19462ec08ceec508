// Test helpers: text as a stream of chunks cut at every size, and reading a reader to the end.
import type { DataEvent } from '../../../src/dataset/dataRecord';

/** `text` (UTF-8) as chunks of `size` bytes: cuts fall inside CRLFs, quotes and multi-byte characters. */
export async function* chunksOf(text: string | Buffer, size: number): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (let start = 0; start < bytes.length; start += size) {
    await Promise.resolve();
    yield bytes.subarray(start, start + size);
  }
}

/** Every event of a reader; a thrown error is returned as the last element. */
export async function collect<T>(events: AsyncIterable<T>): Promise<{ events: T[]; error?: unknown }> {
  const out: T[] = [];
  try {
    for await (const event of events) {
      out.push(event);
    }
  } catch (error) {
    return { events: out, error };
  }
  return { events: out };
}

/** Rows as `line:value,value` strings and bad rows as `line!`: short to compare. */
export function brief(events: readonly DataEvent[]): string[] {
  return events.map((event) => {
    if (event.kind === 'header') {
      return `header@${event.line}:${event.columns.join('|')}`;
    }
    if (event.kind === 'bad') {
      return `bad#${event.row}@${event.line}`;
    }
    return `#${event.row}@${event.line}:${Object.entries(event.values)
      .map(([key, value]) => `${key}=${value}`)
      .join('|')}`;
  });
}

/** The chunk sizes every reader is tried with: one byte, a few, and whole. */
export const CHUNK_SIZES = [1, 2, 3, 7, 64 * 1024];
