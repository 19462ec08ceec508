// What the results view knows of a results file without holding its contents: per cell, where its
// line is in the file and a few numbers (latency, length, a hash of the text, a short sort key).
// Built by reading the file once, then extended by reading only what was appended (a run writing
// it, in this window or another), or by what a run in this window tells it it wrote (`feed`: the
// same facts of the same lines, without reading and parsing them back). A cell's text is read back
// from the file when it is shown. Every line read is checked as hostile input by the results
// reader's own rules. Pure Node: no `vscode`.
import { whyUnreadable } from '../dataset/dataRows';
import { openRegularFile } from '../shared/boundedFile';
import { MAX_RESULT_LINE_BYTES } from '../shared/limits';
import { oneLine } from '../shared/oneLine';
import type { ResultsLine, RunHeader } from '../runs/resultsFormat';
import { notResultsFile, ResultsFileError } from '../runs/resultsFileError';
import { headerLineProblem, resultsLineJson } from '../runs/resultsLineJson';
import { parseHeader, parseResultsLine } from '../runs/resultsValidation';
import { RESULTS_VERSION } from '../runs/resultsFormat';
import { CHECKS_EXTENSION, parseChecksMember } from '../runs/checksMember';
import { SampleStore } from './sampleStore';
import { orderedJson } from '../runs/resultsText';
import type { FileHandle } from 'node:fs/promises';

/** One sample of one cell: its last result line (a rerun's line replaces a failure's). */
export interface IndexedSample {
  readonly offset: number;
  readonly bytes: number;
  readonly failed: boolean;
  readonly errorKind: string | undefined;
  readonly latencyMs: number;
  /** Characters of the whole content; -1 when it failed. */
  readonly length: number;
  /** FNV-1a of the text, to tell samples and variants apart without keeping the text. */
  readonly hash: number;
  /** The start of the text, lower case, for sorting by it. */
  readonly sortKey: string;
  /** The service's call id ('' when the call failed before it gave one): votes name cells by it. */
  readonly callId: string;
  /** Whether every check of the cell passed, when the run has checks (the results' `checks` extension). */
  readonly passed?: boolean;
}

export interface IndexedRow {
  readonly row: number;
  readonly line: number;
  /** A line of this row, to read its values back from. */
  offset: number;
  bytes: number;
  rowError: string | undefined;
  /** Changes with every line taken for this row: what a view holds of the row is current while its stamp is. */
  stamp: number;
  /** [variant][sample - 1] */
  readonly cells: Array<Array<IndexedSample | undefined>>;
}

/**
 * What the index keeps of one line, without its text: made from a line read from the file, or from
 * a line a run of this window wrote (lineFacts, the one function for both).
 */
export type LineFacts =
  /** A new file's first line, and the probe of its bytes as written (how the index tells that file from another later). */
  | { readonly type: 'header'; readonly header: RunHeader; readonly probe: HeaderProbe }
  | { readonly type: 'rowError'; readonly row: number; readonly line: number; readonly message: string }
  | (Omit<IndexedSample, 'offset' | 'bytes' | 'passed'> & {
      readonly type: 'result';
      readonly row: number;
      readonly line: number;
      readonly variant: string | null;
      readonly sample: number;
      /** The grade of the `checks` extension, when the line has one (the index keeps it when the header names that extension). */
      readonly passed: boolean | undefined;
    });

/** A line a run wrote, as a feed gives it to the index: its facts and its bytes with the line break. */
export interface FedLine {
  readonly facts: LineFacts;
  readonly bytes: number;
}

/**
 * Of a header line, the bytes compared to tell a file replaced by another: its first and its last
 * (where the run's start time is) HEADER_PROBE_BYTES, with the line break. A header may be
 * megabytes long, and the file is checked at every read.
 */
export interface HeaderProbe {
  readonly end: number;
  readonly head: Buffer;
  readonly tail: Buffer;
}
const HEADER_PROBE_BYTES = 4096;

/** The probe of a header line's bytes (`raw`, its line break included), copied: the line is not kept. */
function probeOf(raw: Buffer): HeaderProbe {
  return { end: raw.length, head: Buffer.from(raw.subarray(0, HEADER_PROBE_BYTES)), tail: Buffer.from(raw.subarray(Math.max(0, raw.length - HEADER_PROBE_BYTES))) };
}

/** The probe of the file's first `end` bytes as they are now (shorter parts when the file is shorter). */
async function probeOfFile(handle: FileHandle, end: number): Promise<HeaderProbe> {
  const head = Buffer.alloc(Math.min(HEADER_PROBE_BYTES, end));
  const tail = Buffer.alloc(Math.min(HEADER_PROBE_BYTES, end));
  const readHead = await handle.read(head, 0, head.length, 0);
  const readTail = await handle.read(tail, 0, tail.length, end - tail.length);
  return { end, head: head.subarray(0, readHead.bytesRead), tail: tail.subarray(0, readTail.bytesRead) };
}

/** Problems shown with the view; more than this are counted. */
const MAX_PROBLEMS = 20;
/** Reads in large pieces: one call and one buffer for many lines. */
const READ_BYTES = 1024 * 1024;
const MIN_READ_BYTES = 64 * 1024;
const SORT_KEY_CHARS = 24;
const LF = 0x0a;
const CR = 0x0d;

/** The line from `start` to `end` (its line feed), without a carriage return before it. */
function lineText(buffer: Buffer, start: number, end: number): string {
  return buffer.toString('utf8', start, end > start && buffer[end - 1] === CR ? end - 1 : end);
}

/** 32-bit FNV-1a over UTF-16 code units: enough to say whether two texts differ. */
export function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class ResultsIndex {
  readonly rows = new Map<number, IndexedRow>();
  readonly problems: string[] = [];
  private samples = new SampleStore();
  /** The last row stamp given; never reset, so a row read again after the file was replaced gets a stamp of its own. */
  private stamps = 0;
  private problemCount = 0;
  /** Where the next read starts: just after the last complete line. */
  private readOffset = 0;
  private lineNumber = 0;
  private header_: RunHeader | undefined;
  private more_ = false;
  /** While a read is under way its lines are not yet counted in readOffset: a feed then would count them twice. */
  private catchingUp = false;
  /** Of the header line read: a file whose start differs was replaced, and is read again from its start. */
  private headerProbe: HeaderProbe | undefined;
  /** Where the header line read ends (its line break included), until its probe is taken at the end of that read. */
  private headerEnd = 0;

  private constructor(readonly path: string) {}

  /**
   * Reads the file (its first `maxBytes` or `maxMs` or so when given: `more` says whether any is
   * left for catchUp); throws a ResultsFileError when it is not a results file this version reads.
   */
  static async open(path: string, signal?: AbortSignal, maxBytes?: number, maxMs?: number): Promise<ResultsIndex> {
    const index = new ResultsIndex(path);
    await index.catchUp(signal, maxBytes, maxMs);
    if (index.header_ === undefined) {
      throw new ResultsFileError('empty', 'The results file has no header line yet: the run that makes it has written nothing. Start a new run, or wait for this one.');
    }
    return index;
  }

  get header(): RunHeader {
    if (this.header_ === undefined) throw new Error('read the index first');
    return this.header_;
  }

  get problemTotal(): number {
    return this.problemCount;
  }

  /** Bytes of the file read so far (to the end of its last whole line). */
  get bytesRead(): number {
    return this.readOffset;
  }

  /** Whether the last read stopped at its byte budget with more of the file left to read. */
  get more(): boolean {
    return this.more_;
  }

  /**
   * Reads what was appended since the last read; true when anything new was read. With `maxBytes`,
   * stops at the first line end past that many bytes, and with `maxMs` at the first line end past
   * that much time (`more` then says whether any is left), so a big file can be read in slices with
   * the event loop free between them: a time budget holds on a slow or busy machine, where a slice
   * of bytes took 20–60 ms.
   */
  async catchUp(signal?: AbortSignal, maxBytes = Number.POSITIVE_INFINITY, maxMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    // Read up to the size the open file has, and only a regular file: a named pipe's open would wait forever.
    const opened = await openRegularFile(this.path);
    if (!opened.ok) {
      throw new ResultsFileError('unreadable', `The results file cannot be read: ${whyUnreadable(opened)}.`, opened.cause ?? opened);
    }
    const { handle, size } = opened;
    let changed = false;
    this.catchingUp = true;
    try {
      // The file was cut, or replaced (by a new run of the same name, as long as before or longer): read it again from its start.
      if (size < this.readOffset || !(await this.sameStart(handle))) this.forget();
      const from = this.readOffset;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let lineStart = this.readOffset;
      let position = this.readOffset;
      const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(READ_BYTES, size - position, Math.max(maxBytes, MIN_READ_BYTES))));
      // The clock starts with the parsing: the file's opening is not the event loop's.
      let deadline = Number.POSITIVE_INFINITY;
      let outOfTime = false;
      // Within the budget, and past it until a whole line was read (a line longer than the budget is still read).
      while (position < size && !outOfTime && (position - from < maxBytes || lineStart === from)) {
        signal?.throwIfAborted();
        const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - position), position);
        if (bytesRead === 0) break;
        if (deadline === Number.POSITIVE_INFINITY) deadline = performance.now() + maxMs;
        let start = 0;
        for (let at = buffer.indexOf(LF, 0); at !== -1 && at < bytesRead; at = buffer.indexOf(LF, at + 1)) {
          const lineBytes = pendingBytes + at - start;
          // A line within the buffer is decoded from it in place; one begun in an earlier read is put together first.
          const text = lineBytes > MAX_RESULT_LINE_BYTES ? undefined : pendingBytes === 0 ? lineText(buffer, start, at) : lineText(Buffer.concat([...pending, buffer.subarray(start, at)], lineBytes), 0, lineBytes);
          this.take(text, lineStart, lineBytes);
          changed = true;
          pending = [];
          pendingBytes = 0;
          lineStart = position + at + 1;
          start = at + 1;
          if (performance.now() > deadline) {
            // The rest of this read is read again next time, from the line after this one.
            outOfTime = true;
            break;
          }
        }
        if (outOfTime) break;
        if (start < bytesRead) {
          const rest = buffer.subarray(start, bytesRead);
          // A line longer than the cap is only counted, never held.
          if (pendingBytes + rest.length <= MAX_RESULT_LINE_BYTES) pending.push(Buffer.from(rest));
          pendingBytes += rest.length;
        }
        position += bytesRead;
      }
      // A last line without its break is being written (or was cut by a crash): read it next time.
      this.readOffset = lineStart;
      if (this.headerProbe === undefined && this.header_ !== undefined) this.headerProbe = await probeOfFile(handle, this.headerEnd);
      this.more_ = (outOfTime ? lineStart : position) < size;
      this.samples.seal();
    } finally {
      this.catchingUp = false;
      await handle.close();
    }
    return changed;
  }

  /**
   * Takes lines a run of this window wrote at `start` of the file, as if read from it; false (and
   * nothing taken) unless they follow on from what was read, or start a new file with its header,
   * with no read under way: what is not taken is read from the file by the next catchUp.
   */
  feed(start: number, lines: readonly FedLine[]): boolean {
    if (this.catchingUp || lines.some((line, at) => line.facts.type === 'header' && at > 0)) return false;
    const first = lines[0]?.facts;
    const newFile = first?.type === 'header';
    if (newFile ? start !== 0 : this.header_ === undefined || start !== this.readOffset) return false;
    if (newFile) this.forget();
    let offset = start;
    for (const { facts, bytes } of lines) {
      this.lineNumber += 1;
      if (facts.type === 'header') {
        this.header_ = facts.header;
        this.headerProbe = facts.probe;
      } else {
        // A line's bytes as the index keeps them do not count its line break (a writer's is one byte).
        this.record(facts, offset, bytes - 1);
      }
      offset += bytes;
    }
    this.readOffset = offset;
    this.samples.seal();
    return true;
  }

  /** Whether the file still starts with the header this index read (or was told of). */
  private async sameStart(handle: FileHandle): Promise<boolean> {
    const probe = this.headerProbe;
    if (probe === undefined) return true;
    const now = await probeOfFile(handle, probe.end);
    return now.head.equals(probe.head) && now.tail.equals(probe.tail);
  }

  /** Everything read so far, for a file read again from its start. */
  private forget(): void {
    this.rows.clear();
    this.samples = new SampleStore();
    this.problems.length = 0;
    this.problemCount = 0;
    this.readOffset = 0;
    this.lineNumber = 0;
    this.header_ = undefined;
    this.headerProbe = undefined;
    this.headerEnd = 0;
  }

  private problem(text: string): void {
    this.problemCount += 1;
    if (this.problems.length < MAX_PROBLEMS) this.problems.push(text);
  }

  private take(text: string | undefined, offset: number, bytes: number): void {
    this.lineNumber += 1;
    const lineNumber = this.lineNumber;
    if (text === undefined) {
      this.problem(`Line ${lineNumber} is longer than ${MAX_RESULT_LINE_BYTES / 1024 / 1024} MiB; it is skipped.`);
      return;
    }
    const json = resultsLineJson(lineNumber === 1 ? text.replace(/^\uFEFF/, '') : text);
    if (!json.ok) {
      if (lineNumber === 1) throw notResultsFile(headerLineProblem(json));
      this.problem(`Line ${lineNumber} ${json.kind === 'notJson' ? 'is not JSON' : json.problem}; it is skipped.`);
      return;
    }
    const { value } = json;
    if (lineNumber === 1) {
      const header = parseHeader(value);
      if (!header.ok) throw notResultsFile(header.problem);
      if (header.value.version > RESULTS_VERSION) {
        throw new ResultsFileError('newerVersion', `The results file is of format version ${header.value.version}, written by a newer version of Gist Generate; this one reads version ${RESULTS_VERSION}. Update the extension.`);
      }
      this.header_ = header.value;
      this.headerEnd = offset + bytes + 1;
      return;
    }
    const parsed = parseResultsLine(value, this.header);
    if (!parsed.ok) {
      this.problem(`Line ${lineNumber} ${oneLine(parsed.problem, 200)}; it is skipped.`);
      return;
    }
    this.record(lineFacts(parsed.value), offset, bytes);
  }

  private rowOf(line: Exclude<LineFacts, { type: 'header' }>, offset: number, bytes: number): IndexedRow {
    let row = this.rows.get(line.row);
    if (row === undefined) {
      const hasValues = line.type === 'result';
      row = { row: line.row, line: line.line, offset: hasValues ? offset : 0, bytes: hasValues ? bytes : 0, rowError: undefined, stamp: 0, cells: this.header.variants.map(() => []) };
      this.rows.set(line.row, row);
    }
    return row;
  }

  private record(line: Exclude<LineFacts, { type: 'header' }>, offset: number, bytes: number): void {
    const row = this.rowOf(line, offset, bytes);
    this.stamps += 1;
    row.stamp = this.stamps;
    if (line.type === 'rowError') {
      row.rowError = line.message;
      return;
    }
    const variant = this.header.variants.indexOf(line.variant);
    const cells = row.cells[variant];
    if (variant === -1 || cells === undefined) {
      this.problem(`A result of row ${line.row} is for a variant the header does not list; it is skipped.`);
      return;
    }
    // The row's values are read back from a line that has them.
    if (row.bytes === 0) {
      row.offset = offset;
      row.bytes = bytes;
    }
    const checks = this.header.extensions[CHECKS_EXTENSION] !== undefined;
    const sample = this.samples.add({
      offset,
      bytes,
      failed: line.failed,
      errorKind: line.errorKind,
      latencyMs: line.latencyMs,
      length: line.length,
      hash: line.hash,
      sortKey: line.sortKey,
      callId: line.callId,
      passed: checks ? line.passed : undefined,
    });
    // A one-element literal: an empty array given its first element grows to 17 slots, 500 bytes a row of 4 variants.
    if (cells.length === 0 && line.sample === 1) row.cells[variant] = [sample];
    else cells[line.sample - 1] = sample;
  }
}

/** What the index keeps of a line (checked already, or written by this window's run as it is). */
export function lineFacts(line: ResultsLine): Exclude<LineFacts, { type: 'header' }>;
export function lineFacts(line: RunHeader | ResultsLine): LineFacts;
export function lineFacts(line: RunHeader | ResultsLine): LineFacts {
  if (line.type === 'header') return { type: 'header', header: line, probe: probeOf(Buffer.from(`${orderedJson(line)}\n`)) };
  if (line.type === 'rowError') return { type: 'rowError', row: line.row, line: line.line, message: line.message };
  const failed = line.error !== null;
  const text = line.content ?? '';
  return {
    type: 'result',
    row: line.row,
    line: line.line,
    variant: line.variant,
    sample: line.sample,
    failed,
    errorKind: line.error?.kind,
    latencyMs: line.latencyMs,
    length: failed ? -1 : (line.length ?? 0),
    hash: failed ? 0 : textHash(text),
    sortKey: text.slice(0, SORT_KEY_CHARS).toLowerCase(),
    callId: line.callId ?? '',
    passed: failed ? undefined : parseChecksMember(line.extensions?.[CHECKS_EXTENSION])?.pass,
  };
}
