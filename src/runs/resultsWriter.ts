// Appends the lines of a results file as calls finish: lines are gathered for up to a second (or
// 8 MiB) and go out in one write, since an asynchronous write costs ~20 µs of CPU however short
// (a lab run makes thousands of calls a second); a crash loses at most those lines, whose cells a
// resume runs again (a line cut short is ignored by the reader and cut off on resume).
// Every line is redacted of every key given (see `resultsText.ts`). A writer holds the file's lock
// (shared/fileLock.ts) from before it opens the file until it is closed: one writer per file, across
// windows and processes. Pure Node: no `vscode`.
import { randomBytes } from 'node:crypto';
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FileLock, isFileLockError, type FileLockOptions } from '../shared/fileLock';
import { MAX_RESULT_LINE_BYTES } from '../shared/limits';
import type { ResultsLine, RunHeader } from './resultsFormat';
import { isResultsFileError, ResultsFileError } from './resultsFileError';
import { writtenLine } from './resultsText';

const LF = 0x0a;
/**
 * How long a line may wait for others to go out with it, and how many bytes go out at once
 * regardless. Each write is a file event for VS Code's watcher, the workbench (which forwards it
 * to every extension host), the results view and, in a workspace, the Git extension. A run at
 * full speed appends 5–7 MB a second: 64 KiB a write made ~60 writes a second, 200 ms or 1 MiB
 * about six, and the workbench's renderer spent about 11 µs of CPU a call on them against 6.4 at
 * one write a second (the bench, 28 November; see docs/performance.md for what the throughput
 * did). A crash loses at most the last second of results (resume runs them again).
 */
export const WRITE_GATHER_MS = 1000;
export const WRITE_GATHER_BYTES = 8 * 1024 * 1024;
/** Lines gather in buffers of this size: a slow run's few lines do not take a whole WRITE_GATHER_BYTES each time. */
const CHUNK_BYTES = 64 * 1024;
/**
 * Written chunks kept to gather the next lines in, at most a write's worth: a run at full speed
 * gathers 5–7 MB a second, which would otherwise be new buffers every second (the write itself
 * takes the chunks as they are, without a copy joining them).
 */
const MAX_SPARE_CHUNKS = WRITE_GATHER_BYTES / CHUNK_BYTES;

/**
 * Told of each line as it is queued and of each write once it is in the file, in the order of the
 * file: the bytes of the lines queued, in order, add up to each write's. What lets a results view
 * of the same window take a run's lines without reading them back (lab/liveResults.ts).
 */
export interface ResultsWriteObserver {
  /** A line queued (a new file's header first): the line as written, or undefined when what is written differs from it (redacted), and its bytes with the line break. */
  queued(line: RunHeader | ResultsLine | undefined, bytes: number): void;
  /** The bytes from `start` to `end` of the file, the lines queued next, are written. */
  written(start: number, end: number): void;
}

export interface ResultsWriterOptions {
  /** Every key the caller knows (the run's and any other profile's); none of them is ever written. */
  readonly secrets: readonly string[];
  /** Told of every line this writer writes: a new file's header, then each line appended. */
  readonly observer?: ResultsWriteObserver;
  /** Who writes, for the message another run gets while this one holds the file (default "gist-generate"), and where locks are kept. */
  readonly lock?: Partial<Omit<FileLockOptions, 'what'>>;
}

/** The size and modification time of a results file, as a resume's plan read it. */
export interface ResultsFileVersion {
  readonly size: number;
  readonly mtimeMs: number;
}

/** The file's lock; another writer holding it is a ResultsFileError of kind `busy`. */
async function lockOf(path: string, options: ResultsWriterOptions): Promise<FileLock> {
  try {
    return await FileLock.acquire(path, { tool: 'gist-generate', ...options.lock, what: 'results file' });
  } catch (error) {
    if (!isFileLockError(error)) throw error;
    throw new ResultsFileError(error.kind === 'busy' ? 'busy' : 'writeFailed', error.message, error);
  }
}

export class ResultsWriter {
  /**
   * Lines waiting, as UTF-8 in chunks of CHUNK_BYTES: each line's text is copied into a
   * chunk as it comes and dies young, instead of ~100 ms of strings outliving the garbage
   * collector's young generation (a fast run's lines were a good part of what it promoted).
   */
  private chunks: Buffer[] = [];
  /** The whole buffers behind `chunks`, given back to `spare` once written. */
  private chunkBuffers: Buffer[] = [];
  /** Written chunks of CHUNK_BYTES, to gather lines in again. */
  private spare: Buffer[] = [];
  private chunk: Buffer | undefined;
  private chunkUsed = 0;
  private queuedBytes = 0;
  private writingBytes = 0;
  private pump: Promise<void> | undefined;
  private gathering: NodeJS.Timeout | undefined;
  /** Callers waiting in `flushed()`: while any wait, the pump writes whatever is queued at once. */
  private waiting = 0;
  private failure: Error | undefined;
  private closed = false;
  /** Result and row-error lines appended (the header not counted). */
  private appended = 0;

  private constructor(
    private readonly handle: FileHandle,
    private position: number,
    private readonly secrets: readonly string[],
    private readonly lock: FileLock,
    /** With `replaceWhenClosed`: the file written, and the one it replaces once closed. */
    private readonly replacing: { readonly temporary: string; readonly target: string } | undefined,
    /** Told of the lines written; forgotten if it throws. */
    private observer: ResultsWriteObserver | undefined,
  ) {}

  /**
   * A new results file with its header. Refuses to replace a file that exists unless `overwrite`,
   * and any file another run is writing (a ResultsFileError of kind `busy`), even with `overwrite`.
   */
  static async create(path: string, header: RunHeader, options: ResultsWriterOptions & { readonly overwrite?: boolean; readonly replaceWhenClosed?: boolean }): Promise<ResultsWriter> {
    const lock = await lockOf(path, options);
    // Replacing when closed, the lines go to a file beside it (the lock held on `path` meanwhile).
    const replacing = options.overwrite === true && options.replaceWhenClosed === true ? { temporary: join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`), target: path } : undefined;
    let handle: FileHandle;
    try {
      // A folder of that name would refuse the rename only at the end, after every call.
      if (replacing !== undefined && (await stat(path).catch(() => undefined))?.isDirectory() === true) {
        throw Object.assign(new Error(`${path} is a folder`), { code: 'EISDIR' });
      }
      handle = await open(replacing?.temporary ?? path, replacing !== undefined ? 'wx' : options.overwrite === true ? 'w' : 'wx');
    } catch (error) {
      await lock.release();
      if ((error as { code?: unknown }).code === 'EEXIST') {
        throw new ResultsFileError('exists', 'A results file of that name exists already: resume it, or pick another name.', error);
      }
      throw new ResultsFileError('writeFailed', `The results file cannot be created: ${String((error as { message?: unknown }).message ?? error)}`, error);
    }
    // Replacing when closed, the lines go to another file than the one the observer's views show.
    const writer = new ResultsWriter(handle, 0, options.secrets, lock, replacing, replacing === undefined ? options.observer : undefined);
    writer.queueHeader(header);
    try {
      await writer.flushed();
    } catch (error) {
      await handle.close().catch(() => undefined);
      if (replacing !== undefined) await unlink(replacing.temporary).catch(() => undefined);
      await lock.release();
      throw error;
    }
    return writer;
  }

  /**
   * Opens a results file to append to (a resume): a last line cut short by a crash is cut off
   * first, so the next line starts on a line of its own. With `expected` (what the resume's plan
   * read), a file that changed since is refused (kind `changed`): the plan would run cells that
   * are no longer missing. A file another run is writing is refused (kind `busy`).
   */
  static async reopen(path: string, options: ResultsWriterOptions & { readonly expected?: ResultsFileVersion }): Promise<ResultsWriter> {
    const lock = await lockOf(path, options);
    let handle: FileHandle;
    try {
      handle = await open(path, 'r+');
    } catch (error) {
      await lock.release();
      throw new ResultsFileError('writeFailed', `The results file cannot be opened to add to it: ${String((error as { message?: unknown }).message ?? error)}`, error);
    }
    try {
      const { size, mtimeMs } = await handle.stat();
      if (options.expected !== undefined && (size !== options.expected.size || mtimeMs !== options.expected.mtimeMs)) {
        throw new ResultsFileError('changed', 'The results file changed after the resume was planned: another run wrote to it. Resume again, to run only the cells still missing.');
      }
      const end = await completeLinesEnd(handle);
      if (end !== size) {
        await handle.truncate(end);
      }
      return new ResultsWriter(handle, end, options.secrets, lock, undefined, options.observer);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await lock.release();
      if (isResultsFileError(error)) throw error;
      throw new ResultsFileError('writeFailed', `The results file cannot be repaired to add to it: ${String((error as { message?: unknown }).message ?? error)}`, error);
    }
  }

  /** Queues a line. A line that cannot be written (or an earlier failure) shows in `flushed()`. */
  append(line: ResultsLine): void {
    if (this.closed || this.failure !== undefined) {
      return;
    }
    let written: ReturnType<typeof writtenLine>;
    try {
      written = writtenLine(line, this.secrets);
    } catch (error) {
      this.failure = new ResultsFileError('writeFailed', error instanceof Error ? error.message : String(error), error);
      return;
    }
    this.appended += 1;
    this.queue(line, written);
  }

  /** The header of a new file (its errors thrown: nothing is written yet). */
  private queueHeader(header: RunHeader): void {
    this.queue(header, writtenLine(header, this.secrets));
  }

  private queue(line: RunHeader | ResultsLine, written: ReturnType<typeof writtenLine>): void {
    const bytes = this.enqueue(written.text);
    this.tell((observer) => observer.queued(written.asIs ? line : undefined, bytes));
  }

  /** Tells the observer; one that throws is told nothing more (what it watches reads the file instead), and the run goes on. */
  private tell(what: (observer: ResultsWriteObserver) => void): void {
    if (this.observer === undefined) return;
    try {
      what(this.observer);
    } catch {
      this.observer = undefined;
    }
  }

  /** Bytes queued or being written: a run stops taking new calls while this is high (the disk is slower than the service). */
  get pendingBytes(): number {
    return this.queuedBytes + this.writingBytes;
  }

  /** Resolves once every line appended so far is written; rejects with the first write failure. */
  async flushed(): Promise<void> {
    this.waiting += 1;
    try {
      while (this.pump !== undefined || (this.queued && this.failure === undefined)) {
        this.startPump();
        await this.pump;
      }
    } finally {
      this.waiting -= 1;
    }
    if (this.failure !== undefined) {
      throw this.failure;
    }
  }

  /**
   * Writes what is queued, syncs and closes the file. Rejects with the first write failure, if any.
   * Replacing when closed, the new file takes the old one's place only when it is whole and holds
   * a line besides its header: a run that stopped before its first result keeps the earlier results.
   */
  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    let whole = false;
    try {
      await this.flushed();
      await this.handle.sync();
      whole = true;
    } finally {
      this.closed = true;
      this.spare = [];
      try {
        await this.handle.close();
        if (this.replacing !== undefined) {
          if (whole && this.appended > 0) await this.putInPlace(this.replacing);
          else await unlink(this.replacing.temporary).catch(() => undefined);
        }
      } finally {
        await this.lock.release();
      }
    }
  }

  private async putInPlace({ temporary, target }: { readonly temporary: string; readonly target: string }): Promise<void> {
    try {
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw new ResultsFileError('writeFailed', `The results could not replace the results file: ${String((error as { message?: unknown }).message ?? error)}`, error);
    }
  }

  /** Queues `text`; its bytes. */
  private enqueue(text: string): number {
    // No character takes more than 3 bytes of UTF-8 per UTF-16 unit: most lines need no counting.
    const room = this.chunk === undefined ? 0 : this.chunk.length - this.chunkUsed;
    if (text.length * 3 > room) {
      const bytes = Buffer.byteLength(text);
      if (bytes > room) {
        this.seal();
        this.chunk = (bytes <= CHUNK_BYTES ? this.spare.pop() : undefined) ?? Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
      }
    }
    const written = (this.chunk as Buffer).write(text, this.chunkUsed);
    this.chunkUsed += written;
    this.queuedBytes += written;
    if (this.pump === undefined) {
      if (this.queuedBytes >= WRITE_GATHER_BYTES) {
        this.startPump();
      } else {
        this.gathering ??= setTimeout(() => this.startPump(), WRITE_GATHER_MS);
      }
    }
    return written;
  }

  /** The chunk being filled joins those waiting to be written. */
  private seal(): void {
    if (this.chunk !== undefined && this.chunkUsed > 0) {
      this.chunks.push(this.chunk.subarray(0, this.chunkUsed));
      this.chunkBuffers.push(this.chunk);
    } else if (this.chunk !== undefined && this.chunk.length === CHUNK_BYTES) {
      this.spare.push(this.chunk);
    }
    this.chunk = undefined;
    this.chunkUsed = 0;
  }

  private get queued(): boolean {
    return this.queuedBytes > 0;
  }

  private startPump(): void {
    clearTimeout(this.gathering);
    this.gathering = undefined;
    this.pump ??= this.drain().finally(() => {
      this.pump = undefined;
      // Lines that came during the last write wait for others again, unless someone waits for them.
      if (this.queued && this.failure === undefined && this.waiting === 0) {
        this.gathering ??= setTimeout(() => this.startPump(), WRITE_GATHER_MS);
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queued && this.failure === undefined) {
      this.seal();
      // The chunks as they are, in one call: not joined into a copy first.
      const parts = this.chunks;
      const buffers = this.chunkBuffers;
      this.chunks = [];
      this.chunkBuffers = [];
      const length = this.queuedBytes;
      this.writingBytes = this.queuedBytes;
      this.queuedBytes = 0;
      try {
        for (let written = 0; written < length; ) {
          const { bytesWritten } = await this.handle.writev(written === 0 ? parts : partsAfter(parts, written), this.position + written);
          written += bytesWritten;
        }
        for (const buffer of buffers) {
          if (buffer.length === CHUNK_BYTES && this.spare.length < MAX_SPARE_CHUNKS) this.spare.push(buffer);
        }
        const start = this.position;
        this.position += length;
        this.tell((observer) => observer.written(start, this.position));
        // Lines that came during this write go out with the next gathering (one write, not one per few lines).
        if (this.waiting === 0 && this.queuedBytes < WRITE_GATHER_BYTES) {
          break;
        }
      } catch (error) {
        this.failure = new ResultsFileError('writeFailed', `The results file cannot be written: ${String((error as { message?: unknown }).message ?? error)}`, error);
      } finally {
        this.writingBytes = 0;
      }
    }
  }
}

/** What is left of `parts` after their first `skip` bytes (a write that took only some of them). */
function partsAfter(parts: readonly Buffer[], skip: number): Buffer[] {
  const rest: Buffer[] = [];
  let left = skip;
  for (const part of parts) {
    if (left >= part.length) {
      left -= part.length;
      continue;
    }
    rest.push(left === 0 ? part : part.subarray(left));
    left = 0;
  }
  return rest;
}

/** The length of the file up to and with its last line break (0 when it has none). */
async function completeLinesEnd(handle: FileHandle): Promise<number> {
  const size = (await handle.stat()).size;
  const block = Buffer.alloc(64 * 1024);
  let end = size;
  // A line is never longer than a reader takes, so the search stops there.
  while (end > 0 && size - end <= MAX_RESULT_LINE_BYTES) {
    const start = Math.max(0, end - block.length);
    const { bytesRead } = await handle.read(block, 0, end - start, start);
    const at = block.subarray(0, bytesRead).lastIndexOf(LF);
    if (at !== -1) {
      return start + at + 1;
    }
    end = start;
  }
  return 0;
}
