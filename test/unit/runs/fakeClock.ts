// A deterministic clock for the engine and its policies: virtual time that moves only to the next
// waiting sleeper's deadline, and (when `busy` is given) only while no call is under way, as if
// every call took no time. Every sleep is recorded.
import type { Clock } from '../../../src/runs/clock';

interface Timer {
  readonly at: number;
  readonly resolve: () => void;
}

export class FakeClock implements Clock {
  time = 0;
  readonly sleeps: number[] = [];
  private timers: Timer[] = [];
  private scheduled = false;

  /** `busy`: while it is true, time stands still (calls under way). */
  constructor(private readonly busy: () => boolean = () => false) {}

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    return new Promise((resolve) => {
      if (signal?.aborted === true) {
        resolve();
        return;
      }
      const timer: Timer = {
        at: this.time + Math.max(0, ms),
        resolve: () => {
          signal?.removeEventListener('abort', cancel);
          resolve();
        },
      };
      const cancel = (): void => {
        this.timers = this.timers.filter((one) => one !== timer);
        resolve();
      };
      signal?.addEventListener('abort', cancel, { once: true });
      this.timers.push(timer);
      this.schedule();
    });
  }

  isoNow(): string {
    return new Date(Date.UTC(2026, 0, 1) + this.time).toISOString();
  }

  private schedule(): void {
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.tick());
    }
  }

  private tick(): void {
    this.scheduled = false;
    if (this.timers.length === 0) {
      return;
    }
    if (this.busy()) {
      // Real calls are under way: look again shortly, without spinning.
      setTimeout(() => this.schedule(), 1);
      return;
    }
    this.time = Math.max(this.time, Math.min(...this.timers.map((timer) => timer.at)));
    const due = this.timers.filter((timer) => timer.at <= this.time);
    this.timers = this.timers.filter((timer) => timer.at > this.time);
    for (const timer of due) {
      timer.resolve();
    }
    if (this.timers.length > 0) {
      this.schedule();
    }
  }
}

/** Always the middle of [0, 1): jitter adds exactly a tenth with the default 0.2. */
export const HALF = (): number => 0.5;
