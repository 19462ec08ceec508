// The cells of a results file as the verdicts count them (src/review's plain records), from the
// results view's index: no text is read, only what the index keeps of each cell. Variants are
// named as the view names them (Automatic for the service's own pick), which is also how votes
// name them. For the worker thread they travel packed, a column per field in typed arrays whose
// memory moves over without a copy, the call ids in one string: a structured clone of 20,000
// records took the extension host's event loop about 50 ms, one of 100,000 call ids 15 ms.
// Pure: no `vscode`.
import type { CellResult } from '../review/cellResult';
import { variantLabel } from '../runs/variants';
import type { ResultsIndex } from './resultsIndex';

export function verdictVariants(index: ResultsIndex): string[] {
  return index.header.variants.map((variant) => variantLabel(variant));
}

/** The cells of an index, a column per field; `variant` indexes `variants`. */
export interface PackedCells {
  readonly variants: readonly string[];
  readonly count: number;
  readonly row: Int32Array;
  readonly sample: Int32Array;
  readonly variant: Int32Array;
  readonly latencyMs: Float64Array;
  /** Characters of the content; -1 for a failed call. */
  readonly length: Float64Array;
  readonly hash: Uint32Array;
  /** 1 passed its checks, 0 failed them, -1 not checked. */
  readonly passed: Int8Array;
  /** The call ids one after the other; the one of cell i ends at callIdEnd[i] (and starts where the one before ends). */
  readonly callIds: string;
  readonly callIdEnd: Int32Array;
  /** The failure's kind, as its place in errorKinds; -1 for a call that succeeded. */
  readonly error: Int32Array;
  readonly errorKinds: readonly string[];
}

export function packVerdictCells(index: ResultsIndex): PackedCells {
  let count = 0;
  for (const row of index.rows.values()) {
    for (const samples of row.cells) for (const sample of samples) if (sample !== undefined) count += 1;
  }
  const packed = {
    variants: verdictVariants(index),
    count,
    row: new Int32Array(count),
    sample: new Int32Array(count),
    variant: new Int32Array(count),
    latencyMs: new Float64Array(count),
    length: new Float64Array(count),
    hash: new Uint32Array(count),
    passed: new Int8Array(count),
    callIds: '',
    callIdEnd: new Int32Array(count),
    error: new Int32Array(count),
    errorKinds: [] as string[],
  };
  const callIds: string[] = [];
  let callIdsLength = 0;
  const kinds = new Map<string, number>();
  let at = 0;
  for (const row of index.rows.values()) {
    for (let variantIndex = 0; variantIndex < row.cells.length; variantIndex++) {
      const samples = row.cells[variantIndex] ?? [];
      for (let sampleIndex = 0; sampleIndex < samples.length; sampleIndex++) {
        const sample = samples[sampleIndex];
        if (sample === undefined) continue;
        packed.row[at] = row.row;
        packed.sample[at] = sampleIndex + 1;
        packed.variant[at] = variantIndex;
        packed.latencyMs[at] = sample.latencyMs;
        packed.length[at] = sample.failed ? -1 : sample.length;
        packed.hash[at] = sample.hash;
        packed.passed[at] = sample.passed === undefined ? -1 : sample.passed ? 1 : 0;
        callIds.push(sample.callId);
        callIdsLength += sample.callId.length;
        packed.callIdEnd[at] = callIdsLength;
        if (sample.failed) {
          const kind = sample.errorKind ?? 'service';
          let place = kinds.get(kind);
          if (place === undefined) {
            place = packed.errorKinds.length;
            packed.errorKinds.push(kind);
            kinds.set(kind, place);
          }
          packed.error[at] = place;
        } else {
          packed.error[at] = -1;
        }
        at += 1;
      }
    }
  }
  packed.callIds = callIds.join('');
  return packed;
}

/** The memory of the packed columns, to move to a worker thread rather than copy. */
export function packedBuffers(packed: PackedCells): ArrayBuffer[] {
  return [packed.row, packed.sample, packed.variant, packed.latencyMs, packed.length, packed.hash, packed.passed, packed.callIdEnd, packed.error].map((column) => column.buffer as ArrayBuffer);
}

export function unpackVerdictCells(packed: PackedCells): CellResult[] {
  const cells = new Array<CellResult>(packed.count);
  let callIdStart = 0;
  for (let at = 0; at < packed.count; at++) {
    const errorPlace = packed.error[at] ?? -1;
    const error = errorPlace === -1 ? undefined : (packed.errorKinds[errorPlace] ?? 'service');
    const passed = packed.passed[at];
    const callIdEnd = packed.callIdEnd[at] ?? callIdStart;
    cells[at] = {
      row: packed.row[at] ?? 0,
      sample: packed.sample[at] ?? 1,
      variant: packed.variants[packed.variant[at] ?? 0] ?? '',
      callId: packed.callIds.slice(callIdStart, callIdEnd),
      latencyMs: packed.latencyMs[at] ?? 0,
      ...(error !== undefined ? { error } : { contentLength: packed.length[at] ?? 0, contentDigest: (packed.hash[at] ?? 0).toString(36) }),
      ...(passed === -1 || passed === undefined ? {} : { passed: passed === 1 }),
    };
    callIdStart = callIdEnd;
  }
  return cells;
}

export function verdictCells(index: ResultsIndex): CellResult[] {
  return unpackVerdictCells(packVerdictCells(index));
}
