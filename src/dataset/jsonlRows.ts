// Rows of a JSONL file: one JSON object per line (blank lines skipped). Each line stands alone,
// so a line that is not an object, not JSON, or too long is a bad row and the next line is read
// as usual. Pure: no `vscode`.
import { MAX_DATA_ROW_BYTES } from '../shared/limits';
import { oneLine } from '../shared/oneLine';
import type { DataRecord } from './dataRecord';
import { flatten } from './batches';
import { splitLineBatches } from './lineSplitter';
import { jsonRowValues } from './rowValues';

function parseLine(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reason: `it is not valid JSON (${oneLine(error instanceof Error ? error.message : String(error), 120)})` };
  }
}

export function jsonlRows(chunks: AsyncIterable<Uint8Array>, options: { readonly maxRowBytes?: number } = {}): AsyncGenerator<DataRecord> {
  return flatten(jsonlRowBatches(chunks, options));
}

/** The rows of `chunks`, in one batch per chunk. */
export async function* jsonlRowBatches(chunks: AsyncIterable<Uint8Array>, options: { readonly maxRowBytes?: number } = {}): AsyncGenerator<DataRecord[]> {
  const maxRowBytes = options.maxRowBytes ?? MAX_DATA_ROW_BYTES;
  let row = 0;
  for await (const lines of splitLineBatches(chunks, maxRowBytes)) {
    const batch: DataRecord[] = [];
    for (const { line, text, bytes } of lines) {
      if (text === undefined) {
        row += 1;
        batch.push({ kind: 'bad', row, line, reason: `the line is ${bytes} bytes long; a row is at most ${maxRowBytes} bytes` });
        continue;
      }
      if (text.trim() === '') {
        continue;
      }
      row += 1;
      const parsed = parseLine(text);
      const values = parsed.ok ? jsonRowValues(parsed.value) : parsed;
      batch.push(values.ok ? { kind: 'row', row, line, values: values.values } : { kind: 'bad', row, line, reason: values.reason });
    }
    if (batch.length > 0) {
      yield batch;
    }
  }
}
