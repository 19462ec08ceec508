// Which failed calls are tried again, and after how long. Pure: no `vscode`.
//
// A 429, a 5xx, a network failure or a timeout is tried again, up to `maxRetries` times (a 4xx
// other than 429 would fail the same way again). The wait honours the service's Retry-After
// (capped, since a service may ask for an hour), else doubles from `baseDelayMs` up to
// `maxDelayMs`; either way plus up to `jitter` of itself at random, so calls refused together do
// not come back together.
import type { GistError } from '../client/errors';
import { RATE_LIMIT_PATIENCE_MS } from '../shared/limits';
import { DEFAULT_LAB_RETRIES } from '../shared/limits';

export interface RetryPolicy {
  readonly maxRetries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly retryAfterCapMs: number;
  /** 0 to 1: the share of a wait added at random. */
  readonly jitter: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: DEFAULT_LAB_RETRIES,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  retryAfterCapMs: 60_000,
  jitter: 0.2,
};

/** Worth another attempt: the service was overloaded or failed, or the network did. */
export function isRetryable(error: GistError): boolean {
  switch (error.kind) {
    case 'rateLimited':
    case 'network':
    case 'timeout':
      return true;
    case 'service':
      return error.status !== undefined && error.status >= 500;
    default:
      return false;
  }
}

/** The service asks for fewer calls: the whole run slows down, not only this call. */
export function isOverload(error: GistError): boolean {
  return error.kind === 'rateLimited' || (error.kind === 'service' && error.status === 503);
}

/** The service limits a rate, not calls at once: a 429, or a 503 that states its rate-limit window. */
export function isRateLimit(error: GistError): boolean {
  return error.kind === 'rateLimited' || (isOverload(error) && error.rateLimit?.limit !== undefined);
}

/** The wait before retry number `retry` (1 for the first), with `random` in [0, 1). */
export function retryDelayMs(policy: RetryPolicy, retry: number, retryAfterSeconds: number | undefined, random: number): number {
  const base = retryAfterSeconds !== undefined ? Math.min(retryAfterSeconds * 1000, policy.retryAfterCapMs) : Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(base * (1 + policy.jitter * random));
}

/** A wait longer than this after a 429 or 503 pauses every call of the run: the service asks for a stop, not a slower pace. A pause of Retry-After costs the run its rate × that wait; at one second (the least a whole-seconds header says) a pacer loses less. */
export const RUN_PAUSE_ABOVE_MS = 1_000;

/**
 * The wait before trying again a call the service refused (429, 503) for the `refusal`-th time in
 * a row: `retry-after-ms`, else Retry-After (capped), else doubling from `baseDelayMs`; plus jitter.
 */
export function overloadDelayMs(policy: RetryPolicy, refusal: number, error: GistError, random: number): number {
  const ms = error.rateLimit?.retryAfterMs;
  if (ms !== undefined) {
    return Math.round(Math.min(ms, policy.retryAfterCapMs) * (1 + policy.jitter * random));
  }
  return retryDelayMs(policy, refusal, error.retryAfterSeconds, random);
}

/** The wait the service asked for: `retry-after-ms`, else Retry-After; 0 when it named none. */
export function statedWaitMs(error: GistError): number {
  return error.rateLimit?.retryAfterMs ?? (error.retryAfterSeconds ?? 0) * 1000;
}

/** A cell refused in a row since `since` fails once this is past `patienceMs` (default RATE_LIMIT_PATIENCE_MS). */
export function refusedTooLong(since: number, now: number, patienceMs: number = RATE_LIMIT_PATIENCE_MS): boolean {
  return now - since >= patienceMs;
}
