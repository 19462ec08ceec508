// The run engine: the cells of a run (row × variant × sample) through one call function, a few at
// a time. Rows are pulled from their source only as calls can start, and each finished call goes
// straight to the sink, so memory does not grow with the run. Shared by the extension's variant
// lab, the command-line checks and the bench. Pure Node: no `vscode`.
//
// - Concurrency: at most `concurrency` calls at once (1–32), halved when the service says it is
//   overloaded (429, 503) and one more after a run of successes (adaptiveConcurrency.ts).
// - Retries: a 429, 5xx, network failure or timeout is tried again up to `maxRetries` times, after
//   the service's Retry-After (capped) or a doubling backoff, with jitter (retryPolicy.ts). A 429 or
//   503 also pauses every call of the run for that long, instead of hammering.
// - A 401/403 (or settings that cannot make a call) stops the whole run at once with that error:
//   not one failure per cell. Neither that cell nor the calls it aborted are recorded: a resume runs them.
// - Cancel: no call starts after it; calls under way get `cancelGraceMs` (1 s) to finish, then
//   are aborted; what finished is kept.
import { GistError, isGistError } from '../client/errors';
import type { GenerateRequest, GenerationResult } from '../client/types';
import { isDataFileError } from '../dataset/dataFileError';
import { DEFAULT_LAB_CONCURRENCY, MAX_LAB_CONCURRENCY, MAX_LAB_RETRIES, MIN_LAB_CONCURRENCY } from '../shared/limits';
import { oneLine } from '../shared/oneLine';
import { AdaptiveConcurrency } from './adaptiveConcurrency';
import { CellCursor, type Cell, type Work } from './cellCursor';
import { systemClock } from './clock';
import type { EngineOptions, RunOutcome, StopReason } from './engineTypes';
import { RateMeter, secondsLeft, type RunProgress } from './progressMeter';
import { DEFAULT_RETRY_POLICY, isOverload, isRetryable, retryDelayMs, type RetryPolicy } from './retryPolicy';

export type { CallFunction, EngineOptions, EngineRow, FinishedCall, RunOutcome, RunSink, StopReason } from './engineTypes';

/** How often a run tells its progress unless told otherwise (`progressIntervalMs`). */
export const DEFAULT_PROGRESS_INTERVAL_MS = 250;

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, Math.floor(value)));

/** Anything a call function throws, as a GistError (a function that throws something else has a bug, logged as a service failure). */
function asGistError(error: unknown): GistError {
  if (isGistError(error)) {
    return error;
  }
  const text = error instanceof Error ? error.message : String(error);
  return new GistError('service', `The call failed unexpectedly (${oneLine(text, 200)}). Open the log for details.`, 'openLog', { cause: error });
}

export async function runCells(options: EngineOptions): Promise<RunOutcome> {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry, maxRetries: clamp(options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries, 0, MAX_LAB_RETRIES) };
  const adaptive = new AdaptiveConcurrency(clamp(options.concurrency ?? DEFAULT_LAB_CONCURRENCY, MIN_LAB_CONCURRENCY, MAX_LAB_CONCURRENCY));
  const cellsPerRow = options.variants.length * options.samples;
  const started = clock.now();
  const rate = new RateMeter(started);
  /** Wakes sleepers (backoff, pause) at once when the run stops. */
  const halt = new AbortController();
  /** Aborts the calls under way. */
  const abortCalls = new AbortController();
  const active = new Set<Promise<void>>();
  let stopping: Pick<RunOutcome, 'end' | 'reason'> | undefined;
  let pauseUntil = 0;
  const counts = { done: 0, failures: 0, rowErrors: 0, retries: 0, overloaded: 0 };
  let lastReport = Number.NEGATIVE_INFINITY;

  // The loop waits for a free slot on a promise made only when it does wait: a call ends thousands
  // of times a second, mostly while the loop is not waiting.
  let wake: (() => void) | undefined;
  const notify = (): void => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const wakeup = (): Promise<void> => new Promise<void>((resolve) => (wake = resolve));

  const progress = (): RunProgress => {
    const now = clock.now();
    const callsPerSecond = rate.perSecond(now);
    return {
      done: counts.done,
      total: options.total,
      failures: counts.failures,
      rowErrors: counts.rowErrors,
      inFlight: active.size,
      concurrency: adaptive.limit,
      retries: counts.retries,
      overloaded: counts.overloaded,
      callsPerSecond,
      secondsLeft: secondsLeft(counts.done, options.total, callsPerSecond),
      elapsedMs: now - started,
      pausedMs: Math.max(0, pauseUntil - now),
    };
  };
  const report = (force = false): void => {
    if (options.onProgress === undefined) {
      return;
    }
    const now = clock.now();
    if (force || now - lastReport >= (options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS)) {
      lastReport = now;
      options.onProgress(progress());
    }
  };

  const stop = (end: RunOutcome['end'], reason?: StopReason, abortNow = false): void => {
    if (stopping === undefined) {
      stopping = reason === undefined ? { end } : { end, reason };
      halt.abort();
      notify();
    }
    if (abortNow) {
      abortCalls.abort();
    }
  };
  const onCancel = (): void => stop('cancelled');
  if (options.signal?.aborted === true) {
    onCancel();
  }
  options.signal?.addEventListener('abort', onCancel, { once: true });

  /** Hands a result to the sink; undefined when the sink took it at once (the lab's writer does), so the call does not wait a turn for nothing. */
  const deliver = (write: () => void | Promise<void>): Promise<void> | undefined => {
    const failed = (error: unknown): void => stop('stopped', { kind: 'sink', error }, true);
    try {
      const written = write();
      return written === undefined ? undefined : written.then(undefined, failed);
    } catch (error) {
      failed(error);
      return undefined;
    }
  };

  const runCell = async (cell: Cell): Promise<void> => {
    const variant = options.variants[cell.variantIndex] ?? null;
    const request: GenerateRequest = { gistId: options.gistId, variant: variant ?? undefined, values: cell.row.values };
    for (let attempts = 1; ; attempts++) {
      // The run-wide pause a 429 or 503 asked for, for every call; it may grow while waiting.
      while (stopping === undefined && pauseUntil > 0 && clock.now() < pauseUntil) {
        await clock.sleep(pauseUntil - clock.now(), halt.signal);
      }
      if (stopping !== undefined) {
        return;
      }
      if (attempts === 1) options.onCellStarted?.(cell.row.row, cell.variantIndex, cell.sample);
      const attempt = adaptive.attemptStarted();
      const attemptStarted = clock.now();
      let result: GenerationResult | undefined;
      let error: GistError | undefined;
      try {
        result = await options.call(request, abortCalls.signal);
      } catch (thrown) {
        error = asGistError(thrown);
      }
      const latencyMs = clock.now() - attemptStarted;
      if (error !== undefined) {
        if (error.kind === 'cancelled' || abortCalls.signal.aborted) {
          return;
        }
        if (error.kind === 'authentication' || error.kind === 'configuration') {
          stop('stopped', { kind: error.kind, error }, true);
          return;
        }
        if (isOverload(error)) {
          counts.overloaded += 1;
          adaptive.overloaded(attempt);
        }
        if (isRetryable(error) && attempts <= policy.maxRetries && stopping === undefined) {
          const delay = retryDelayMs(policy, attempts, error.retryAfterSeconds, random());
          if (isOverload(error)) {
            pauseUntil = Math.max(pauseUntil, clock.now() + delay);
          }
          counts.retries += 1;
          report();
          await clock.sleep(delay, halt.signal);
          continue;
        }
      } else if (adaptive.succeeded()) {
        notify();
      }
      counts.done += 1;
      if (error !== undefined) {
        counts.failures += 1;
      }
      rate.finished(clock.now());
      const delivered = deliver(() =>
        options.sink.result({
          row: cell.row.row,
          line: cell.row.line,
          values: cell.row.values,
          variant,
          variantIndex: cell.variantIndex,
          sample: cell.sample,
          result,
          error,
          attempts,
          latencyMs,
          finishedAt: clock.isoNow(),
        }),
      );
      if (delivered !== undefined) {
        await delivered;
      }
      report();
      return;
    }
  };

  const cells = new CellCursor(options);
  report(true);
  try {
    while (stopping === undefined) {
      if (active.size >= adaptive.limit) {
        await wakeup();
        continue;
      }
      const wait = options.backpressure?.();
      if (wait !== undefined) {
        await wait;
        continue;
      }
      let item: Work | undefined;
      try {
        item = await cells.next();
      } catch (error) {
        if (!isDataFileError(error)) {
          throw error;
        }
        stop('stopped', { kind: 'dataFile', error });
        break;
      }
      if (item === undefined || stopping !== undefined) {
        break;
      }
      if ('kind' in item) {
        if ((options.onBadRow ?? 'skip') === 'stop') {
          stop('stopped', { kind: 'badRow', row: item.row, line: item.line, message: item.message });
          break;
        }
        counts.rowErrors += 1;
        counts.done += cellsPerRow;
        const delivered = deliver(() => options.sink.rowError(item));
        if (delivered !== undefined) {
          await delivered;
        }
        report();
        continue;
      }
      const task: Promise<void> = runCell(item).finally(() => {
        active.delete(task);
        notify();
      });
      active.add(task);
    }
  } finally {
    options.signal?.removeEventListener('abort', onCancel);
    if (stopping?.end === 'cancelled' && active.size > 0) {
      // Calls under way may finish within the grace time; then they are aborted.
      const settled = Promise.all(active);
      const grace = new AbortController();
      await Promise.race([settled, clock.sleep(options.cancelGraceMs ?? 1000, grace.signal)]);
      grace.abort();
      abortCalls.abort();
    }
    await Promise.all(active);
    await cells.close();
  }
  report(true);
  return { ...(stopping ?? { end: 'finished' }), progress: progress(), concurrencyDecreases: adaptive.decreases };
}
