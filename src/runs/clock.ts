// Time as the engine sees it: now, and waiting that a signal ends. Injected, so the policies and
// the engine run on a deterministic clock in tests. Pure Node: no `vscode`.

export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Resolves after `ms`, or at once when `signal` is aborted (never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** The wall-clock time for results files (ISO 8601). */
  isoNow(): string;
}

/** The last wall-clock millisecond written, and its text: a run finishes several calls a millisecond (~1.5 µs each to format). */
let lastIso = { ms: Number.NaN, text: '' };

function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastIso.ms) {
    lastIso = { ms, text: new Date(ms).toISOString() };
  }
  return lastIso.text;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || signal?.aborted === true) {
        resolve();
        return;
      }
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    }),
  isoNow,
};
