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
import { isDataFileError, type DataFileError } from '../dataset/dataFileError';
import { DEFAULT_LAB_CONCURRENCY, MAX_LAB_CONCURRENCY, MAX_LAB_RETRIES, MIN_LAB_CONCURRENCY } from '../shared/limits';
import { oneLine } from '../shared/oneLine';
import { AdaptiveConcurrency } from './adaptiveConcurrency';
import { systemClock, type Clock } from './clock';
import { RateMeter, secondsLeft, type RunProgress } from './progressMeter';
import { DEFAULT_RETRY_POLICY, isOverload, isRetryable, retryDelayMs, type RetryPolicy } from './retryPolicy';
import type { VariantChoice } from './variants';

/** A row the engine can send, or one it cannot (it counts as done for every variant, recorded as a row error). */
export type EngineRow =
  | { readonly kind: 'row'; readonly row: number; readonly line: number; readonly values: Readonly<Record<string, string>> }
  | { readonly kind: 'rowError'; readonly row: number; readonly line: number; readonly message: string };

/** One cell's call, finished: its result or its error, after `attempts` attempts. */
export interface FinishedCall {
  readonly row: number;
  readonly line: number;
  readonly values: Readonly<Record<string, string>>;
  readonly variant: VariantChoice;
  readonly variantIndex: number;
  readonly sample: number;
  readonly result: GenerationResult | undefined;
  readonly error: GistError | undefined;
  readonly attempts: number;
  /** The last attempt's. */
  readonly latencyMs: number;
  /** ISO 8601. */
  readonly finishedAt: string;
}

export type CallFunction = (request: GenerateRequest, signal: AbortSignal) => Promise<GenerationResult>;

/** Why a run stopped before its end. */
export type StopReason =
  /** 401/403: the key is not accepted; the error's message and remedy are the key flow's. */
  | { readonly kind: 'authentication'; readonly error: GistError }
  /** The connection settings cannot make a call (base URL, header, key unusable). */
  | { readonly kind: 'configuration'; readonly error: GistError }
  /** A row could not be sent and the run was asked to stop at one. */
  | { readonly kind: 'badRow'; readonly row: number; readonly line: number; readonly message: string }
  /** The data could not be read on (a .json file that stops being JSON, too many rows…). */
  | { readonly kind: 'dataFile'; readonly error: DataFileError }
  /** The sink failed (the results file could not be written). */
  | { readonly kind: 'sink'; readonly error: unknown };

export interface RunOutcome {
  /** `finished`: every cell was done; `cancelled`: the signal; `stopped`: see `reason`. */
  readonly end: 'finished' | 'cancelled' | 'stopped';
  readonly reason?: StopReason;
  readonly progress: RunProgress;
  /** Times the concurrency was halved. */
  readonly concurrencyDecreases: number;
}

export interface RunSink {
  /** Each finished call, in the order they finish. A rejection stops the run (reason `sink`). */
  result(call: FinishedCall): void | Promise<void>;
  rowError(row: Extract<EngineRow, { kind: 'rowError' }>): void | Promise<void>;
}

export interface EngineOptions {
  readonly gistId: string;
  /** `null` is Automatic. */
  readonly variants: readonly VariantChoice[];
  readonly samples: number;
  /** The rows, one at a time or in batches (a batch costs one hop through the iterator instead of one per row). */
  readonly rows: AsyncIterable<EngineRow | readonly EngineRow[]>;
  /** Which cells to run (a resume leaves out those done); default all. */
  readonly include?: (row: number, variantIndex: number, sample: number) => boolean;
  /** Which rows that cannot be sent to record (a resume leaves out those recorded); default all. */
  readonly includeRowError?: (row: number) => boolean;
  readonly call: CallFunction;
  readonly sink: RunSink;
  /** `skip` records a row that cannot be sent and goes on; `stop` ends the run there (nothing recorded for it). Default skip. */
  readonly onBadRow?: 'skip' | 'stop';
  /** Cells the run sets out to do, for progress. */
  readonly total?: number;
  /** Calls at once at most, 1–32; default 4. */
  readonly concurrency?: number;
  /** Attempts after the first, 0–10; default 3. */
  readonly maxRetries?: number;
  readonly retry?: Partial<Omit<RetryPolicy, 'maxRetries'>>;
  /** Waits before a new call starts while it returns a promise (a sink slower than the service). */
  readonly backpressure?: () => Promise<void> | undefined;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: RunProgress) => void;
  /** Progress is reported at most this often (and at the end); default 250 ms. */
  readonly progressIntervalMs?: number;
  /** How long calls under way may finish after a cancel; default 1000 ms. */
  readonly cancelGraceMs?: number;
  readonly clock?: Clock;
  /** In [0, 1), for jitter; default Math.random. */
  readonly random?: () => number;
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, Math.floor(value)));

/** Anything a call function throws, as a GistError (a function that throws something else has a bug, logged as a service failure). */
function asGistError(error: unknown): GistError {
  if (isGistError(error)) {
    return error;
  }
  const text = error instanceof Error ? error.message : String(error);
  return new GistError('service', `The call failed unexpectedly (${oneLine(text, 200)}). Open the log for details.`, 'openLog', { cause: error });
}

interface Cell {
  readonly row: Extract<EngineRow, { kind: 'row' }>;
  readonly variantIndex: number;
  readonly sample: number;
}

type Work = Cell | Extract<EngineRow, { kind: 'rowError' }>;

/**
 * The cells of the rows in order. The rows are pulled (a batch at a time) only as cells are
 * taken; a row's cells come from it without another hop through an async generator.
 */
class CellCursor {
  private readonly rows: AsyncIterator<EngineRow | readonly EngineRow[]>;
  private batch: readonly EngineRow[] = [];
  private inBatch = 0;
  private row: Extract<EngineRow, { kind: 'row' }> | undefined;
  private variantIndex = 0;
  private sample = 1;

  constructor(private readonly options: EngineOptions) {
    this.rows = options.rows[Symbol.asyncIterator]();
  }

  /** The next cell or row error to do; undefined at the end of the rows. */
  async next(): Promise<Work | undefined> {
    const include = this.options.include;
    for (;;) {
      const row = this.row;
      if (row !== undefined) {
        while (this.variantIndex < this.options.variants.length) {
          const variantIndex = this.variantIndex;
          const sample = this.sample;
          if (sample >= this.options.samples) {
            this.variantIndex += 1;
            this.sample = 1;
          } else {
            this.sample += 1;
          }
          if (include === undefined || include(row.row, variantIndex, sample)) {
            return { row, variantIndex, sample };
          }
        }
        this.row = undefined;
      }
      const next = this.batch[this.inBatch];
      if (next === undefined) {
        const read = await this.rows.next();
        if (read.done === true) {
          return undefined;
        }
        this.batch = Array.isArray(read.value) ? (read.value as readonly EngineRow[]) : [read.value as EngineRow];
        this.inBatch = 0;
        continue;
      }
      this.inBatch += 1;
      if (next.kind === 'rowError') {
        if (this.options.includeRowError === undefined || this.options.includeRowError(next.row)) {
          return next;
        }
        continue;
      }
      this.row = next;
      this.variantIndex = 0;
      this.sample = 1;
    }
  }

  async close(): Promise<void> {
    await this.rows.return?.();
  }
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

  let wake: () => void = () => undefined;
  let wakeup = new Promise<void>((resolve) => (wake = resolve));
  const notify = (): void => {
    wake();
    wakeup = new Promise<void>((resolve) => (wake = resolve));
  };

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
    if (force || now - lastReport >= (options.progressIntervalMs ?? 250)) {
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

  const deliver = async (write: () => void | Promise<void>): Promise<void> => {
    try {
      await write();
    } catch (error) {
      stop('stopped', { kind: 'sink', error }, true);
    }
  };

  const runCell = async (cell: Cell): Promise<void> => {
    const variant = options.variants[cell.variantIndex] ?? null;
    const request: GenerateRequest = { gistId: options.gistId, variant: variant ?? undefined, values: cell.row.values };
    for (let attempts = 1; ; attempts++) {
      // The run-wide pause a 429 or 503 asked for, for every call; it may grow while waiting.
      while (stopping === undefined && clock.now() < pauseUntil) {
        await clock.sleep(pauseUntil - clock.now(), halt.signal);
      }
      if (stopping !== undefined) {
        return;
      }
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
      await deliver(() =>
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
      report();
      return;
    }
  };

  const cells = new CellCursor(options);
  report(true);
  try {
    while (stopping === undefined) {
      if (active.size >= adaptive.limit) {
        await wakeup;
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
        await deliver(() => options.sink.rowError(item));
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
