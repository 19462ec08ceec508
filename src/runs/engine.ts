// The run engine: the cells of a run (row × variant × sample) through one call function, a few at
// a time. Rows are pulled from their source only as calls can start, and each finished call goes
// straight to the sink, so memory does not grow with the run. Shared by the extension's variant
// lab, the command-line checks and the bench. Pure Node: no `vscode`.
//
// - Capacity: `concurrency` (1–512) is a ceiling. A run starts with a few calls at once and finds
//   the service's capacity: more while calls succeed and latency holds, fewer on a 429 or 503 or
//   when latency climbs (adaptiveConcurrency.ts); after a refusal, call starts are paced at the
//   rate the service allows (ratePacer.ts) instead of pausing the whole run at each 429.
// - A 429 or 503 is the service pacing us, not a failed call: the cell waits (Retry-After,
//   retry-after-ms, else a doubling backoff) and is tried again without using its retries; it
//   fails only when the service refuses it for longer than RATE_LIMIT_PATIENCE_MS (5 minutes). A
//   wait of more than a second (a service asking for a stop, not for a slower pace) pauses every
//   call of the run.
// - Retries: a 5xx, network failure or timeout is tried again up to `maxRetries` times, after the
//   service's Retry-After (capped) or a doubling backoff, with jitter (retryPolicy.ts).
// - A 401/403 (or settings that cannot make a call) stops the whole run at once with that error:
//   not one failure per cell. Neither that cell nor the calls it aborted are recorded: a resume runs them.
// - Cancel: no call starts after it; calls under way get `cancelGraceMs` (1 s) to finish, then
//   are aborted; what finished is kept.
import { GistError, isGistError } from '../client/errors';
import type { GenerateRequest, GenerationResult } from '../client/types';
import { isDataFileError } from '../dataset/dataFileError';
import { DEFAULT_LAB_CONCURRENCY, MAX_LAB_CONCURRENCY, MAX_LAB_RETRIES, MIN_LAB_CONCURRENCY, RATE_LIMIT_PATIENCE_MS } from '../shared/limits';
import { oneLine } from '../shared/oneLine';
import { AdaptiveConcurrency, INITIAL_CONCURRENCY } from './adaptiveConcurrency';
import { CellCursor, type Cell, type Work } from './cellCursor';
import { systemClock } from './clock';
import type { EngineOptions, RunOutcome, StopReason } from './engineTypes';
import { RateMeter, secondsLeft, type RunProgress } from './progressMeter';
import { RatePacer } from './ratePacer';
import { DEFAULT_RETRY_POLICY, isOverload, isRateLimit, isRetryable, overloadDelayMs, refusedTooLong, retryDelayMs, RUN_PAUSE_ABOVE_MS, statedWaitMs, type RetryPolicy } from './retryPolicy';

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

/** The progress says the service is limiting the run while it refused a call this recently. */
export const SERVICE_LIMITED_FOR_MS = 10_000;

/** A cell the service refused for longer than the run waits: a failure that says so. */
function refusedError(error: GistError, patienceMs: number): GistError {
  const minutes = Math.round(patienceMs / 60_000);
  const wait = minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(patienceMs / 1000)} seconds`;
  const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
  return new GistError(
    error.kind,
    `The service kept refusing this call for ${wait}${status}: it is limiting requests. Rerun the failed cells later, or ask the service's owner for a higher limit.`,
    'retry',
    error.details,
  );
}

export async function runCells(options: EngineOptions): Promise<RunOutcome> {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry, maxRetries: clamp(options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries, 0, MAX_LAB_RETRIES) };
  const ceiling = clamp(options.concurrency ?? DEFAULT_LAB_CONCURRENCY, MIN_LAB_CONCURRENCY, MAX_LAB_CONCURRENCY);
  const adaptive = new AdaptiveConcurrency(ceiling, undefined, Math.min(ceiling, INITIAL_CONCURRENCY));
  const pacer = new RatePacer();
  const patienceMs = options.rateLimitPatienceMs ?? RATE_LIMIT_PATIENCE_MS;
  /** Attempts sent and not yet answered (`active` also holds cells waiting to be tried again or for their start). */
  let calling = 0;
  /** When the service last refused a call (429, 503). */
  let lastRefusal = Number.NEGATIVE_INFINITY;
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
    const measured = rate.perSecond(now);
    const paced = pacer.perSecond;
    // Under a pace, calls finish at that rate (the last seconds' measure lags a cut).
    const callsPerSecond = paced === undefined ? measured : Math.min(measured, paced);
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
      pacedPerSecond: paced,
      serviceLimited: now - lastRefusal <= SERVICE_LIMITED_FOR_MS,
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
    /** Attempts the service refused (429, 503): they do not use the cell's retries. */
    let refusals = 0;
    /** When the service started refusing this cell, in a row. */
    let refusedSince: number | undefined;
    for (let attempts = 1; ; attempts++) {
      // The run-wide pause a long Retry-After asked for, for every call; it may grow while waiting.
      while (stopping === undefined && pauseUntil > 0 && clock.now() < pauseUntil) {
        await clock.sleep(pauseUntil - clock.now(), halt.signal);
      }
      // The pace the service allows: this start's slot.
      const paceMs = stopping === undefined ? pacer.reserve(clock.now()) : 0;
      if (paceMs > 0) {
        await clock.sleep(paceMs, halt.signal);
      }
      if (stopping !== undefined) {
        return;
      }
      if (attempts === 1) options.onCellStarted?.(cell.row.row, cell.variantIndex, cell.sample);
      const attempt = adaptive.attemptStarted();
      const attemptStarted = clock.now();
      let result: GenerationResult | undefined;
      let error: GistError | undefined;
      calling += 1;
      try {
        result = await options.call(request, abortCalls.signal);
      } catch (thrown) {
        error = asGistError(thrown);
      }
      const inFlight = calling;
      calling -= 1;
      const now = clock.now();
      const latencyMs = now - attemptStarted;
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
          lastRefusal = now;
          refusals += 1;
          refusedSince ??= attemptStarted;
          if (stopping !== undefined) {
            return;
          }
          if (!refusedTooLong(refusedSince, now, patienceMs)) {
            const delay = overloadDelayMs(policy, refusals, error, random());
            if (statedWaitMs(error) > RUN_PAUSE_ABOVE_MS) {
              pauseUntil = Math.max(pauseUntil, now + delay);
              adaptive.overloaded(attempt, inFlight);
            } else if (isRateLimit(error)) {
              // A short wait asked for (or none): the service refills at a rate, which the pacer learns; fewer calls at once would not help.
              pacer.refused(now, attempt, adaptive.lastStarted, error.rateLimit);
            } else {
              adaptive.overloaded(attempt, inFlight);
            }
            counts.retries += 1;
            report();
            await clock.sleep(delay, halt.signal);
            continue;
          }
          error = refusedError(error, patienceMs);
        } else {
          refusedSince = undefined;
          if (isRetryable(error) && attempts - refusals <= policy.maxRetries && stopping === undefined) {
            counts.retries += 1;
            report();
            await clock.sleep(retryDelayMs(policy, attempts - refusals, error.retryAfterSeconds, random()), halt.signal);
            continue;
          }
        }
      } else {
        pacer.succeeded(now);
        if (adaptive.succeeded(latencyMs, attempt, inFlight >= adaptive.limit)) {
          notify();
        }
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
