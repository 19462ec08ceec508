// One diagnosis in progress: the steps recorded so far, what they found, and how a step is run
// (timed, cancellable, its failure mapped as the client maps it). Pure Node: no `vscode`.
import { type GistError, isGistError } from '../client/errors';
import { errorFromFailure } from '../client/failureErrors';
import type { ProxySettings } from '../client/proxy';
import type { GistUser } from '../shared/gistUser';
import type { Undici } from '../client/http';
import type { Dispatcher } from 'undici';
import type { CertificateFacts, DiagnosisStep, StepName, StepStatus } from './report';

export interface DiagnoseInput {
  /** The name of the profile diagnosed, for the log. */
  readonly profile?: string | undefined;
  readonly baseUrl: string;
  readonly apiKeyHeader: string;
  /** Undefined when no key is stored: every step but `/v1/me` still runs. */
  readonly apiKey: string | undefined;
  /** Limit for each step, and for the whole `/v1/me` call. */
  readonly timeoutMs: number;
  /** With `strictSSL` false (VS Code's `http.proxyStrictSSL`), the steps go on past an untrusted certificate. */
  readonly proxy: ProxySettings;
  /** The dispatcher the extension's client uses (proxy-aware), so `/v1/me` goes the same way. */
  readonly dispatcherFactory?: ((undici: Undici) => Dispatcher) | undefined;
  readonly userAgent?: string | undefined;
  /** Default `process.env` (proxy variables). */
  readonly env?: NodeJS.ProcessEnv | undefined;
  /** Called as each step ends, for progress. */
  readonly onStep?: ((step: DiagnosisStep) => void) | undefined;
}

/** Ends the run early: this step failed, or the user cancelled. */
export class Stop extends Error {}

/** What the steps found, for the report. */
export interface Findings {
  proxyText: string;
  addresses?: string[];
  certificate?: CertificateFacts;
  user?: GistUser;
  ttfbMs?: number;
  noKey: boolean;
}

export interface Run {
  readonly input: DiagnoseInput;
  readonly signal: AbortSignal;
  readonly steps: DiagnosisStep[];
  readonly found: Findings;
  failedAt?: StepName;
  error?: GistError;
  cancelled: boolean;
}

export function startRun(input: DiagnoseInput, signal: AbortSignal): Run {
  return { input, signal, steps: [], found: { proxyText: 'direct', noKey: false }, cancelled: false };
}

export function record(run: Run, step: DiagnosisStep): void {
  run.steps.push(step);
  run.input.onStep?.(step);
}

export function fail(run: Run, name: StepName, error: GistError, durationMs?: number, detail?: string): never {
  run.failedAt = name;
  run.error = error;
  record(run, { name, status: 'failed', durationMs, detail: detail ?? error.message });
  throw new Stop();
}

export interface StepOptions<T> {
  /** Default `ok`; `warning` for a step that worked with something to know. */
  readonly status?: (value: T) => StepStatus;
  /** Default the error's message and low-level code. */
  readonly failureDetail?: (error: GistError) => string;
}

/** Runs one measured step; a thrown failure is mapped as the client maps it. */
export async function step<T>(
  run: Run,
  name: StepName,
  host: string,
  work: (signal: AbortSignal) => Promise<T>,
  describe: (value: T) => string,
  options: StepOptions<T> = {},
): Promise<T> {
  if (run.signal.aborted) {
    run.cancelled = true;
    throw new Stop();
  }
  const timeout = AbortSignal.timeout(run.input.timeoutMs);
  const signal = AbortSignal.any([run.signal, timeout]);
  const started = performance.now();
  try {
    const value = await work(signal);
    record(run, { name, status: options.status?.(value) ?? 'ok', durationMs: performance.now() - started, detail: describe(value) });
    return value;
  } catch (caught) {
    if (caught instanceof Stop) {
      throw caught;
    }
    const durationMs = performance.now() - started;
    if (run.signal.aborted) {
      run.cancelled = true;
      record(run, { name, status: 'skipped', durationMs, detail: 'cancelled' });
      throw new Stop();
    }
    const aborted = timeout.aborted ? 'timeout' : undefined;
    const error = isGistError(caught) ? caught : errorFromFailure(caught, { host, timeoutMs: run.input.timeoutMs, aborted, secret: run.input.apiKey });
    const code = typeof (caught as { code?: unknown } | null)?.code === 'string' ? ` [${(caught as { code: string }).code}]` : '';
    return fail(run, name, error, durationMs, options.failureDetail?.(error) ?? `${error.message}${code}`);
  }
}
