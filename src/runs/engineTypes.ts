// What the run engine takes and gives: the rows, each finished call, why a run stopped, its
// options and outcome. Shared by the extension, the command-line checks and the bench. Pure: no `vscode`.
import type { GistError } from '../client/errors';
import type { GenerateRequest, GenerationResult } from '../client/types';
import type { DataFileError } from '../dataset/dataFileError';
import type { Clock } from './clock';
import type { RunProgress } from './progressMeter';
import type { RetryPolicy } from './retryPolicy';
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
  /** Times the concurrency was cut. */
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
  /** Calls at once at most (a ceiling: the run finds the service's capacity under it), 1–512; default 256. */
  readonly concurrency?: number;
  /** A cell the service refuses (429, 503) this long in a row fails; default RATE_LIMIT_PATIENCE_MS (5 minutes). */
  readonly rateLimitPatienceMs?: number;
  /** Attempts after the first, 0–10; default 3. */
  readonly maxRetries?: number;
  readonly retry?: Partial<Omit<RetryPolicy, 'maxRetries'>>;
  /** Waits before a new call starts while it returns a promise (a sink slower than the service). */
  readonly backpressure?: () => Promise<void> | undefined;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: RunProgress) => void;
  /** A cell's first call is about to be sent (not its retries): the Test Explorer shows it running from then. */
  readonly onCellStarted?: (row: number, variantIndex: number, sample: number) => void;
  /** Progress is reported at most this often (and at the end); default 250 ms. */
  readonly progressIntervalMs?: number;
  /** How long calls under way may finish after a cancel; default 1000 ms. */
  readonly cancelGraceMs?: number;
  readonly clock?: Clock;
  /** In [0, 1), for jitter; default Math.random. */
  readonly random?: () => number;
}

