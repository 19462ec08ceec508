// Opens a data file and streams its rows, whatever its format, with the run's row cap. The file is
// read in 64 KiB chunks and never whole, and only when it is a regular file: a stream of /dev/zero
// never ends and a named pipe's open waits forever (shared/boundedFile.ts). Results files are
// streamed through the same chunks. Pure Node: no `vscode`.
import { isFileRefusal, openRegularFile } from '../shared/boundedFile';
import { MAX_RUN_ROWS } from '../shared/limits';
import { flatten } from './batches';
import { csvRowBatches } from './csvRows';
import { DataFileError, isDataFileError } from './dataFileError';
import type { DataFormat } from './dataFormat';
import type { DataEvent } from './dataRecord';
import { jsonArrayRowBatches } from './jsonArrayRows';
import { jsonlRowBatches } from './jsonlRows';

export const READ_CHUNK_BYTES = 64 * 1024;

/**
 * What a run hands the parser at a time (`parseBytes`): a batch's rows wait until calls take
 * them, and objects that outlive two young-generation collections are copied to the old
 * generation. A 64 KiB chunk's ~1,800 rows waited ~150 ms at full speed, so every row was: about
 * 10 MB a round of 20,000 calls in plain Node, and the old generation's collections that followed
 * took some rounds' CPU a call up by a third. 4 KiB of rows are taken within milliseconds.
 */
export const RUN_PARSE_BYTES = 4 * 1024;

export interface DataRowsOptions {
  /** Rows past this end the reading with a `tooManyRows` DataFileError. Default MAX_RUN_ROWS. */
  readonly maxRows?: number;
  readonly maxRowBytes?: number;
  /** Called with every chunk as it is read (to hash the file in the same pass). */
  readonly onChunk?: (chunk: Uint8Array) => void;
  readonly signal?: AbortSignal;
  /** Bytes handed to the parser at a time, when fewer than a chunk read (RUN_PARSE_BYTES for a run); the file is still read in chunks. */
  readonly parseBytes?: number;
}

/** The events of `chunks` read as `format`: a CSV header, then rows and bad rows, each with its line. */
export function dataEvents(chunks: AsyncIterable<Uint8Array>, format: DataFormat, options: DataRowsOptions = {}): AsyncGenerator<DataEvent> {
  return flatten(dataEventBatches(chunks, format, options));
}

/** The same in batches (one per chunk read), the form a run takes. */
export async function* dataEventBatches(chunks: AsyncIterable<Uint8Array>, format: DataFormat, options: DataRowsOptions = {}): AsyncGenerator<readonly DataEvent[]> {
  const maxRows = options.maxRows ?? MAX_RUN_ROWS;
  const batches: AsyncIterable<readonly DataEvent[]> = format === 'csv' ? csvRowBatches(chunks, options) : format === 'jsonl' ? jsonlRowBatches(chunks, options) : jsonArrayRowBatches(chunks, options);
  for await (const batch of batches) {
    const last = batch[batch.length - 1];
    if (last !== undefined && last.kind !== 'header' && last.row > maxRows) {
      // The rows up to the cap come first.
      const within = batch.filter((event) => event.kind === 'header' || event.row <= maxRows);
      if (within.length > 0) {
        yield within;
      }
      const over = batch.find((event) => event.kind !== 'header' && event.row > maxRows) as Exclude<DataEvent, { kind: 'header' }>;
      throw new DataFileError(
        'tooManyRows',
        `The data file has more than ${maxRows.toLocaleString('en-US')} rows (line ${over.line} starts row ${over.row.toLocaleString('en-US')}); a run takes at most ${maxRows.toLocaleString('en-US')}. Split the file and run each part.`,
        over.line,
      );
    }
    yield batch;
  }
}

/** The chunks of a file, each handed to `onChunk` first; a file system failure, or a file that is not a regular one, is a DataFileError. */
export async function* fileChunks(path: string, options: Pick<DataRowsOptions, 'onChunk' | 'signal'> = {}): AsyncGenerator<Uint8Array> {
  const checkAborted = (): void => {
    if (options.signal?.aborted === true) throw new DOMException('The read was aborted.', 'AbortError');
  };
  checkAborted();
  const opened = await openRegularFile(path);
  if (!opened.ok) throw unreadable(opened);
  try {
    for (;;) {
      checkAborted();
      // A buffer of its own for each chunk: a reader may keep it (a line that goes on in the next one).
      const chunk = Buffer.allocUnsafe(READ_CHUNK_BYTES);
      const { bytesRead } = await opened.handle.read(chunk, 0, READ_CHUNK_BYTES, null);
      if (bytesRead === 0) return;
      const read = bytesRead === READ_CHUNK_BYTES ? chunk : chunk.subarray(0, bytesRead);
      options.onChunk?.(read);
      yield read;
    }
  } catch (error) {
    throw unreadable(error);
  } finally {
    await opened.handle.close().catch(() => undefined);
  }
}

/** Why the file system refused a file, as the end of a sentence. */
export function whyUnreadable(error: unknown): string {
  let cause = isDataFileError(error) ? error.cause : error;
  if (isFileRefusal(cause)) {
    // What the file is (a device, a pipe) is said as the refusal says it; what the system said, as before.
    if ((cause.kind !== 'missing' && cause.kind !== 'unreadable') || cause.cause === undefined) return cause.reason;
    cause = cause.cause;
  }
  const code = (cause as { code?: unknown } | undefined)?.code;
  return code === 'ENOENT'
    ? 'it does not exist (was it moved or renamed?)'
    : code === 'EISDIR'
      ? 'it is a folder'
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission was denied'
        : `the system said ${String(code ?? (cause instanceof Error ? cause.message : cause))}`;
}

/** A file system error (or a file refused as not a regular one) as a DataFileError that says what to do. */
export function unreadable(error: unknown): unknown {
  if (isDataFileError(error) || (error instanceof Error && error.name === 'AbortError')) {
    return error;
  }
  return new DataFileError('unreadable', `The data file cannot be read: ${whyUnreadable(error)}.`, undefined, error);
}

/** The rows of the data file at `path`. */
export function readDataFile(path: string, format: DataFormat, options: DataRowsOptions = {}): AsyncGenerator<DataEvent> {
  return dataEvents(fileChunks(path, options), format, options);
}

/** The same in batches, one per chunk read (or per `parseBytes` of it). */
export function readDataFileBatches(path: string, format: DataFormat, options: DataRowsOptions = {}): AsyncGenerator<readonly DataEvent[]> {
  const chunks = fileChunks(path, options);
  return dataEventBatches(options.parseBytes === undefined ? chunks : slicesOf(chunks, options.parseBytes), format, options);
}

/** Each chunk in pieces of at most `bytes` (views of it, not copies). */
async function* slicesOf(chunks: AsyncIterable<Uint8Array>, bytes: number): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    for (let at = 0; at < chunk.length; at += bytes) yield chunk.subarray(at, Math.min(chunk.length, at + bytes));
  }
}
