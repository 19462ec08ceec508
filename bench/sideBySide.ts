// Loops of calls measured side by side: interleaved blocks, order rotated each round, so every
// loop sees the same machine noise; connections counted per block against the service.
import { median, percentile, round } from './stats';

export interface OverheadRow {
  readonly name: string;
  readonly calls: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Connections the service saw opened by this loop, warm-up included. */
  readonly connections: number;
}

export interface Loop {
  readonly name: string;
  readonly calls: number;
  readonly call: () => Promise<unknown>;
  readonly samples: number[];
  connections: number;
}

const BLOCK = 25;

export const loop = (name: string, calls: number, call: () => Promise<unknown>): Loop => ({ name, calls, call, samples: [], connections: 0 });

async function timed(count: number, call: () => Promise<unknown>, into: number[] = []): Promise<number[]> {
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call();
    into.push(performance.now() - started);
  }
  return into;
}

/** Warms each loop up (up to 50 calls, not counted), then runs them interleaved; `count` is the largest loop's calls. */
export async function sideBySide(loops: readonly Loop[], count: number, connectionCount: () => number): Promise<OverheadRow[]> {
  const block = async (target: Loop, calls: number, samples?: number[]): Promise<void> => {
    const before = connectionCount();
    await timed(calls, target.call, samples);
    target.connections += connectionCount() - before;
  };
  for (const target of loops) {
    await block(target, Math.min(50, target.calls));
  }
  for (let round = 0; loops.some((target) => target.samples.length < target.calls); round++) {
    for (let i = 0; i < loops.length; i++) {
      const target = loops[(i + round) % loops.length];
      if (target !== undefined && target.samples.length < target.calls) {
        const size = Math.min(target.calls - target.samples.length, Math.max(1, Math.round((BLOCK * target.calls) / count)));
        await block(target, size, target.samples);
      }
    }
  }
  return loops.map((target) => ({
    name: target.name,
    calls: target.samples.length,
    p50Ms: round(median(target.samples), 3),
    p99Ms: round(percentile(target.samples, 99), 3),
    connections: target.connections,
  }));
}
