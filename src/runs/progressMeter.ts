// What a run's progress notification shows: done of total, failures, calls per second over the
// last seconds, and the time left at that rate. Pure: no `vscode`.

export interface RunProgress {
  /** Cells done: calls finished (failed or not) and the cells of rows that could not be sent. */
  readonly done: number;
  /** Cells the run set out to do, when known. */
  readonly total: number | undefined;
  /** Calls that failed after their retries. */
  readonly failures: number;
  /** Rows that could not be sent (malformed, a mapped column missing). */
  readonly rowErrors: number;
  /** Calls under way or waiting to be tried again. */
  readonly inFlight: number;
  /** Calls allowed at once now (the ceiling, or less after the service said it is overloaded). */
  readonly concurrency: number;
  /** Attempts made again after a 429, 5xx or network failure. */
  readonly retries: number;
  /** Attempts the service refused with 429 or 503. */
  readonly overloaded: number;
  /** Calls finished per second over the last RATE_WINDOW_MS. */
  readonly callsPerSecond: number;
  /** At that rate; undefined before the first call finishes or without a total. */
  readonly secondsLeft: number | undefined;
  readonly elapsedMs: number;
  /** How much longer every call waits because the service asked (Retry-After); 0 when none. */
  readonly pausedMs: number;
  /** The rate call starts are paced at after the service refused some (429, 503); undefined while unpaced. */
  readonly pacedPerSecond?: number | undefined;
  /** The service refused a call in the last seconds: it, not the run, sets the pace. */
  readonly serviceLimited?: boolean;
}

export const RATE_WINDOW_MS = 10_000;
const BUCKET_MS = 500;

/** Finished calls counted in half-second buckets over the last ten seconds. */
export class RateMeter {
  private readonly buckets = new Map<number, number>();

  constructor(private readonly started: number) {}

  finished(now: number): void {
    const bucket = Math.floor(now / BUCKET_MS);
    this.buckets.set(bucket, (this.buckets.get(bucket) ?? 0) + 1);
  }

  perSecond(now: number): number {
    const oldest = Math.floor((now - RATE_WINDOW_MS) / BUCKET_MS);
    let count = 0;
    for (const [bucket, calls] of this.buckets) {
      if (bucket < oldest) {
        this.buckets.delete(bucket);
      } else {
        count += calls;
      }
    }
    const window = Math.min(RATE_WINDOW_MS, now - this.started);
    return window <= 0 ? 0 : (count * 1000) / window;
  }
}

export function secondsLeft(done: number, total: number | undefined, callsPerSecond: number): number | undefined {
  if (total === undefined || callsPerSecond <= 0) {
    return undefined;
  }
  return Math.max(0, total - done) / callsPerSecond;
}
