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

type ResultFacts = Extract<LineFacts, { type: 'result' }>;

/** A pending line's kind: a result kept in the columns, another line kept whole, or one the view must read. */
const RESULT = 0;
const WHOLE = 1;
const UNREAD = 2;

const FAILED = 1;
const GRADED = 2;
const PASSED = 4;
/** Texts of this many lines are joined into one string, as the index's sample store does. */
const LINES_PER_TEXT = 128;

/**
 * The lines queued and not yet written, in columns: a run writes its lines once a second, and a
 * second's facts as an object and two strings a line (~300 bytes) outlived the young generation
 * and were copied into the old one, about 6 MB a round of 20,000 calls in the bench; numbers in
 * arrays and the texts of 128 lines in one string are a few objects a second. Header and row-error
 * lines, rare, are kept as their facts.
 */
class PendingLines {
  private head = 0;
  private kinds: number[] = [];
  private bytes: number[] = [];
  private numbers: number[] = [];
  private strings: Array<string | null | undefined> = [];
  private whole = new Map<number, LineFacts>();
  /** Each line's sort key then call id, joined LINES_PER_TEXT lines at a time; `textAt` is where a line's start. */
  private texts: string[] = [];
  private parts: string[] = [];
  private textAt: number[] = [];
  private partsLength = 0;

  get length(): number {
    return this.kinds.length - this.head;
  }

  bytesAt(at: number): number {
    return this.bytes[this.head + at] ?? 0;
  }

  add(facts: LineFacts | undefined, bytes: number): void {
    const slot = this.kinds.length;
    this.bytes.push(bytes);
    if (facts === undefined || facts.type !== 'result') {
      this.kinds.push(facts === undefined ? UNREAD : WHOLE);
      if (facts !== undefined) this.whole.set(slot, facts);
      // Every line takes the same room in the columns, so a slot's place there is its number.
      this.numbers.push(0, 0, 0, 0, 0, 0, 0, 0, 0);
      this.strings.push(undefined, undefined);
      this.textAt.push(this.texts.length, this.partsLength);
      return;
    }
    this.kinds.push(RESULT);
    const flags = (facts.failed ? FAILED : 0) | (facts.passed === undefined ? 0 : GRADED | (facts.passed ? PASSED : 0));
    this.numbers.push(facts.row, facts.line, facts.sample, facts.latencyMs, facts.length, facts.hash, flags, facts.sortKey.length, facts.callId.length);
    this.strings.push(facts.variant, facts.errorKind);
    this.textAt.push(this.texts.length, this.partsLength);
    this.parts.push(facts.sortKey, facts.callId);
    this.partsLength += facts.sortKey.length + facts.callId.length;
    if (this.parts.length >= 2 * LINES_PER_TEXT) this.seal();
  }

  /** The facts of the line `at` places from the front, as lineFacts gave them; undefined when the view must read it. */
  factsAt(at: number): LineFacts | undefined {
    const slot = this.head + at;
    const kind = this.kinds[slot];
    if (kind === UNREAD) return undefined;
    if (kind === WHOLE) return this.whole.get(slot);
    const n = slot * 9;
    const number = (offset: number): number => this.numbers[n + offset] ?? 0;
    const [chunk, start] = [this.textAt[slot * 2] ?? 0, this.textAt[slot * 2 + 1] ?? 0];
    if (chunk === this.texts.length) this.seal();
    const text = this.texts[chunk] ?? '';
    const sortKeyEnd = start + number(7);
    const flags = number(6);
    const facts: ResultFacts = {
      type: 'result',
      row: number(0),
      line: number(1),
      variant: this.strings[slot * 2] ?? null,
      sample: number(2),
      failed: (flags & FAILED) !== 0,
      errorKind: this.strings[slot * 2 + 1] ?? undefined,
      latencyMs: number(3),
      length: number(4),
      hash: number(5),
      sortKey: text.slice(start, sortKeyEnd),
      callId: text.slice(sortKeyEnd, sortKeyEnd + number(8)),
      passed: (flags & GRADED) === 0 ? undefined : (flags & PASSED) !== 0,
    };
    return facts;
  }

  /** Forgets the first `count` lines; the columns start again once none is left. */
  drop(count: number): void {
    if (this.whole.size > 0) for (let slot = this.head; slot < this.head + count; slot++) this.whole.delete(slot);
    this.head += count;
    if (this.head === this.kinds.length) this.clear();
  }

  clear(): void {
    this.head = 0;
    this.kinds = [];
    this.bytes = [];
    this.numbers = [];
    this.strings = [];
    this.whole = new Map();
    this.texts = [];
    this.parts = [];
    this.textAt = [];
    this.partsLength = 0;
  }

  private seal(): void {
    if (this.parts.length === 0) return;
    this.texts.push(this.parts.join(''));
    this.parts = [];
    this.partsLength = 0;
  }
}

export class LiveResults implements ResultsWriteObserver {
  private readonly pending = new PendingLines();
  /** Set when the writes no longer add up to the lines queued: nothing more is told. */
  private lost = false;

  constructor(private readonly tellWritten: WrittenLines) {}

  queued(line: RunHeader | ResultsLine | undefined, bytes: number): void {
    if (this.lost) return;
    this.pending.add(line === undefined ? undefined : lineFacts(line), bytes);
  }

  written(start: number, end: number): void {
    if (this.lost) return;
    let bytes = 0;
    let count = 0;
    while (bytes < end - start && count < this.pending.length) {
      bytes += this.pending.bytesAt(count);
      count += 1;
    }
    if (bytes !== end - start) {
      // Never so for the writer's own writes; if ever, the views read the file from here on.
      this.lost = true;
      this.pending.clear();
      return;
    }
    const lines: FedLine[] = [];
    let unread = false;
    for (let at = 0; at < count && !unread; at++) {
      const facts = this.pending.factsAt(at);
      if (facts === undefined) unread = true;
      else lines.push({ facts, bytes: this.pending.bytesAt(at) });
    }
    this.pending.drop(count);
    if (!unread) this.tellWritten(start, lines);
  }
}
