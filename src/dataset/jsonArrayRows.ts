// Rows of a .json file holding one array of objects, streamed: @streamparser/json tokenizes the
// bytes as they come and builds one element at a time (the array itself is never kept), so a
// 100 MB file is never in memory whole. Each row carries the line its element starts on, counted
// from the tokenizer's byte offsets. Pure: no `vscode`.
import type { ParsedTokenInfo } from '@streamparser/json';
import { TOO_DEEP_REASON } from '../shared/jsonDepth';
import { MAX_DATA_ROW_BYTES, MAX_JSON_DEPTH } from '../shared/limits';
import { oneLine } from '../shared/oneLine';
import { DataFileError } from './dataFileError';
import type { DataRecord } from './dataRecord';
import { flatten } from './batches';
import { LineIndex } from './lineIndex';
import { jsonRowValues } from './rowValues';

function sizeMessage(line: number, maxRowBytes: number): string {
  return `Line ${line}: the array element starting here is larger than ${Math.round(maxRowBytes / 1024 / 1024)} MiB, so the file cannot be read past it.`;
}

const BOM = [0xef, 0xbb, 0xbf];

/** The stream without a UTF-8 byte order mark at its start (the tokenizer's offsets would not count it). */
async function* withoutByteOrderMark(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  /** The first bytes while they may still be a byte order mark; undefined once decided. */
  let head: Uint8Array | undefined = new Uint8Array(0);
  for await (const chunk of chunks) {
    if (head === undefined) {
      yield chunk;
      continue;
    }
    const taken = Math.min(chunk.length, BOM.length - head.length);
    const start: Uint8Array = Uint8Array.from([...head, ...chunk.subarray(0, taken)]);
    const rest = chunk.subarray(taken);
    const prefixOfBom = start.every((byte: number, at: number) => byte === BOM[at]);
    if (prefixOfBom && start.length < BOM.length) {
      head = start;
      continue;
    }
    head = undefined;
    if (!prefixOfBom) {
      yield start;
    }
    yield rest;
  }
  if (head !== undefined && head.length > 0) {
    yield head;
  }
}

/**
 * Yields every element of the top-level array as a row, or a bad row when it is not an object.
 * Throws a DataFileError when the file is not an array, stops being JSON (nothing after that
 * point can be found), is empty, or holds an element past the size cap.
 */
export function jsonArrayRows(chunks: AsyncIterable<Uint8Array>, options: { readonly maxRowBytes?: number } = {}): AsyncGenerator<DataRecord> {
  return flatten(jsonArrayRowBatches(chunks, options));
}

/** The rows of `chunks`, in one batch per chunk: the elements that end in it. */
export async function* jsonArrayRowBatches(chunks: AsyncIterable<Uint8Array>, options: { readonly maxRowBytes?: number } = {}): AsyncGenerator<DataRecord[]> {
  const maxRowBytes = options.maxRowBytes ?? MAX_DATA_ROW_BYTES;
  // Loaded when a .json file is read: the extension's startup bundle leaves it out (esbuild.mjs).
  const { TokenParser, Tokenizer, TokenType } = await import('@streamparser/json');
  const OPENING = new Set<number>([TokenType.LEFT_BRACE, TokenType.LEFT_BRACKET]);
  const CLOSING = new Set<number>([TokenType.RIGHT_BRACE, TokenType.RIGHT_BRACKET]);
  const index = new LineIndex();
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: ['$.*'], keepStack: false });
  const ready: DataRecord[] = [];
  /** Where each element not yet built starts (its line), oldest first. */
  const starts: number[] = [];
  let depth = 0;
  /**
   * The parser builds each element by recursion, so a level past MAX_JSON_DEPTH (inside the top
   * array) is not given to it: that whole value becomes one `null` token, and its row a bad row.
   * While one is skipped, this is the depth its opening bracket was at.
   */
  let skippedFrom: number | undefined;
  /** Elements started so far, and which of them (by that count, as rows are numbered) nest too deep. */
  let elements = 0;
  const tooDeep = new Set<number>();
  let sawArray = false;
  let elementStart: number | undefined;
  let lastOffset = 0;
  let row = 0;
  let failure: Error | undefined;
  /** Where the first failure was found: tokens after it are not looked at. */
  let failureOffset = 0;
  const fail = (error: Error): void => {
    if (failure === undefined) {
      failure = error;
      failureOffset = lastOffset;
    }
  };

  tokenizer.onToken = (info: ParsedTokenInfo) => {
    if (failure !== undefined) {
      return;
    }
    lastOffset = info.offset;
    if (depth === 0 && !sawArray) {
      if (info.token !== TokenType.LEFT_BRACKET) {
        throw new DataFileError('notArray', 'The JSON file does not hold an array: it must be [ {…}, {…} ] with one object per row (for one object per line, name the file .jsonl).', index.lineAt(info.offset));
      }
      sawArray = true;
    } else if (depth === 1 && info.token !== TokenType.COMMA && !CLOSING.has(info.token)) {
      // The first token of an element: where its row starts.
      starts.push(index.lineAt(info.offset));
      elementStart = info.offset;
      elements += 1;
    } else if (elementStart !== undefined && info.offset - elementStart > maxRowBytes) {
      throw new DataFileError('rowTooLarge', sizeMessage(starts[starts.length - 1] ?? 1, maxRowBytes), starts[starts.length - 1]);
    }
    if (skippedFrom === undefined && OPENING.has(info.token) && depth + 1 > MAX_JSON_DEPTH + 1) {
      skippedFrom = depth;
      tooDeep.add(elements);
      parser.write({ token: TokenType.NULL, value: null });
    }
    if (OPENING.has(info.token)) {
      depth += 1;
    } else if (CLOSING.has(info.token)) {
      depth -= 1;
    }
    if (depth <= 1 && info.token !== TokenType.COMMA) {
      elementStart = undefined;
    }
    if (skippedFrom !== undefined) {
      if (depth === skippedFrom) skippedFrom = undefined;
      return;
    }
    parser.write(info);
  };
  tokenizer.onError = fail;
  parser.onError = fail;
  parser.onValue = ({ value }) => {
    row += 1;
    const line = starts.shift() ?? 1;
    if (tooDeep.delete(row)) {
      ready.push({ kind: 'bad', row, line, reason: TOO_DEEP_REASON });
      return;
    }
    const values = jsonRowValues(value);
    ready.push(values.ok ? { kind: 'row', row, line, values: values.values } : { kind: 'bad', row, line, reason: values.reason });
  };

  const check = (): void => {
    if (failure === undefined) {
      return;
    }
    if (failure instanceof DataFileError) {
      throw failure;
    }
    const position = /absolute position "(\d+)"/.exec(failure.message)?.[1];
    const line = index.lineAt(Math.max(failureOffset, position === undefined ? 0 : Number(position)));
    throw new DataFileError('syntax', `Line ${line}: the file stops being valid JSON here (${oneLine(failure.message, 160)}), so nothing after it can be read.`, line, failure);
  };

  const write = (write: () => void): void => {
    try {
      write();
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
    check();
  };

  for await (const chunk of withoutByteOrderMark(chunks)) {
    index.push(chunk);
    try {
      write(() => tokenizer.write(chunk));
    } finally {
      // The rows before a syntax error come first.
      if (ready.length > 0) {
        yield ready.splice(0);
      }
    }
    if (elementStart !== undefined && index.length - elementStart > maxRowBytes) {
      const line = starts[starts.length - 1] ?? 1;
      throw new DataFileError('rowTooLarge', sizeMessage(line, maxRowBytes), line);
    }
  }
  if (!sawArray) {
    throw new DataFileError('empty', 'The JSON file is empty: it must hold an array of objects, one per row.');
  }
  write(() => tokenizer.end());
  if (!parser.isEnded) {
    write(() => parser.end());
  }
  if (ready.length > 0) {
    yield ready.splice(0);
  }
}
