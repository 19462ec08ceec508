// A deterministic clock for the engine and its policies: time moves only when something sleeps,
// by exactly what it asked for, and every sleep is recorded.
import type { Clock } from '../../../src/runs/clock';

export class FakeClock implements Clock {
  time = 0;
  readonly sleeps: number[] = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    return new Promise((resolve) =>
      setImmediate(() => {
        if (signal?.aborted !== true) {
          this.time += Math.max(0, ms);
        }
        resolve();
      }),
    );
  }

  isoNow(): string {
    return new Date(Date.UTC(2026, 0, 1) + this.time).toISOString();
  }
}

/** Always the middle of [0, 1): jitter adds exactly a tenth with the default 0.2. */
export const HALF = (): number => 0.5;
