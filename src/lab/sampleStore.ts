// The results index's samples, kept in columns: numbers in typed arrays and the short texts (sort
// key, call id) in a few long strings. One object and two strings per sample made the index of
// 20,000 results ~10 MB of small objects, which every young-generation garbage collection copied
// while the file was read: 20–60 ms pauses of the extension host in the verdict bench. Typed arrays
// live outside the JavaScript heap and the texts of 128 samples are one string, so the collector
// has little to copy. Pure Node: no `vscode`.
import type { IndexedSample } from './resultsIndex';

/** A sample as it is added: every field, `passed` undefined when the run has no checks. */
export type SampleFields = Omit<IndexedSample, 'passed'> & { readonly passed: boolean | undefined };

const FAILED = 1;
const GRADED = 2;
const PASSED = 4;
/** Texts gathered before they are joined into one string: few, as each keeps the content it was cut from alive until then. */
const PARTS_PER_CHUNK = 256;
const FIRST_CAPACITY = 1024;

function grown<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(array: T, capacity: number, make: (length: number) => T): T {
  const bigger = make(capacity);
  bigger.set(array);
  return bigger;
}

export class SampleStore {
  private count = 0;
  private capacity = 0;
  private offsets = new Float64Array(0);
  private byteCounts = new Float64Array(0);
  private latencies = new Float64Array(0);
  private lengths = new Float64Array(0);
  private hashes = new Uint32Array(0);
  private flags = new Uint8Array(0);
  private errorKindAt = new Int32Array(0);
  private readonly errorKinds: string[] = [];
  /** Each kind's place in errorKinds: a file may hold any number of distinct kinds (any word is one). */
  private readonly errorKindNumbers = new Map<string, number>();
  /** Where a sample's texts are: its chunk, the start of its sort key, then the call id right after it. */
  private chunkAt = new Int32Array(0);
  private textStart = new Int32Array(0);
  private sortKeyLength = new Int32Array(0);
  private callIdLength = new Int32Array(0);
  private readonly chunks: string[] = [];
  private parts: string[] = [];
  private partsLength = 0;

  add(sample: SampleFields): IndexedSample {
    if (this.count === this.capacity) this.grow();
    const slot = this.count;
    this.count += 1;
    this.offsets[slot] = sample.offset;
    this.byteCounts[slot] = sample.bytes;
    this.latencies[slot] = sample.latencyMs;
    this.lengths[slot] = sample.length;
    this.hashes[slot] = sample.hash;
    this.flags[slot] = (sample.failed ? FAILED : 0) | (sample.passed === undefined ? 0 : GRADED | (sample.passed ? PASSED : 0));
    this.errorKindAt[slot] = sample.errorKind === undefined ? -1 : this.kindNumber(sample.errorKind);
    this.chunkAt[slot] = this.chunks.length;
    this.textStart[slot] = this.partsLength;
    this.sortKeyLength[slot] = sample.sortKey.length;
    this.callIdLength[slot] = sample.callId.length;
    this.parts.push(sample.sortKey, sample.callId);
    this.partsLength += sample.sortKey.length + sample.callId.length;
    if (this.parts.length >= PARTS_PER_CHUNK) this.seal();
    return new StoredSample(this, slot);
  }

  /** Joins the texts gathered so far into one string (a copy: the content they were cut from is not kept). */
  seal(): void {
    if (this.parts.length === 0) return;
    this.chunks.push(this.parts.join(''));
    this.parts = [];
    this.partsLength = 0;
  }

  offset(slot: number): number {
    return this.offsets[slot] ?? 0;
  }

  bytes(slot: number): number {
    return this.byteCounts[slot] ?? 0;
  }

  latencyMs(slot: number): number {
    return this.latencies[slot] ?? 0;
  }

  length(slot: number): number {
    return this.lengths[slot] ?? 0;
  }

  hash(slot: number): number {
    return this.hashes[slot] ?? 0;
  }

  failed(slot: number): boolean {
    return ((this.flags[slot] ?? 0) & FAILED) !== 0;
  }

  passed(slot: number): boolean | undefined {
    const flags = this.flags[slot] ?? 0;
    return (flags & GRADED) === 0 ? undefined : (flags & PASSED) !== 0;
  }

  errorKind(slot: number): string | undefined {
    return this.errorKinds[this.errorKindAt[slot] ?? -1];
  }

  sortKey(slot: number): string {
    const start = this.textStart[slot] ?? 0;
    return this.chunk(slot).slice(start, start + (this.sortKeyLength[slot] ?? 0));
  }

  callId(slot: number): string {
    const start = (this.textStart[slot] ?? 0) + (this.sortKeyLength[slot] ?? 0);
    return this.chunk(slot).slice(start, start + (this.callIdLength[slot] ?? 0));
  }

  private chunk(slot: number): string {
    const at = this.chunkAt[slot] ?? 0;
    // A sample added since the last join is read before the next one.
    if (at === this.chunks.length) this.seal();
    return this.chunks[at] ?? '';
  }

  private kindNumber(kind: string): number {
    let number = this.errorKindNumbers.get(kind);
    if (number === undefined) {
      number = this.errorKinds.length;
      this.errorKinds.push(kind);
      this.errorKindNumbers.set(kind, number);
    }
    return number;
  }

  private grow(): void {
    const capacity = Math.max(FIRST_CAPACITY, this.capacity * 2);
    this.offsets = grown(this.offsets, capacity, (length) => new Float64Array(length));
    this.byteCounts = grown(this.byteCounts, capacity, (length) => new Float64Array(length));
    this.latencies = grown(this.latencies, capacity, (length) => new Float64Array(length));
    this.lengths = grown(this.lengths, capacity, (length) => new Float64Array(length));
    this.hashes = grown(this.hashes, capacity, (length) => new Uint32Array(length));
    this.flags = grown(this.flags, capacity, (length) => new Uint8Array(length));
    this.errorKindAt = grown(this.errorKindAt, capacity, (length) => new Int32Array(length));
    this.chunkAt = grown(this.chunkAt, capacity, (length) => new Int32Array(length));
    this.textStart = grown(this.textStart, capacity, (length) => new Int32Array(length));
    this.sortKeyLength = grown(this.sortKeyLength, capacity, (length) => new Int32Array(length));
    this.callIdLength = grown(this.callIdLength, capacity, (length) => new Int32Array(length));
    this.capacity = capacity;
  }
}

/** One sample of the store, read through: the object is the only thing per sample on the heap. */
class StoredSample implements IndexedSample {
  constructor(
    private readonly store: SampleStore,
    private readonly slot: number,
  ) {}

  get offset(): number {
    return this.store.offset(this.slot);
  }

  get bytes(): number {
    return this.store.bytes(this.slot);
  }

  get failed(): boolean {
    return this.store.failed(this.slot);
  }

  get errorKind(): string | undefined {
    return this.store.errorKind(this.slot);
  }

  get latencyMs(): number {
    return this.store.latencyMs(this.slot);
  }

  get length(): number {
    return this.store.length(this.slot);
  }

  get hash(): number {
    return this.store.hash(this.slot);
  }

  get sortKey(): string {
    return this.store.sortKey(this.slot);
  }

  get callId(): string {
    return this.store.callId(this.slot);
  }

  get passed(): boolean | undefined {
    return this.store.passed(this.slot);
  }
}
