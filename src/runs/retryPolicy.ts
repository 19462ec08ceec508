// Which failed calls are tried again, and after how long. Pure: no `vscode`.
//
// A 429, a 5xx, a network failure or a timeout is tried again, up to `maxRetries` times (a 4xx
// other than 429 would fail the same way again). The wait honours the service's Retry-After
// (capped, since a service may ask for an hour), else doubles from `baseDelayMs` up to
// `maxDelayMs`; either way plus up to `jitter` of itself at random, so calls refused together do
// not come back together.
import type { GistError } from '../client/errors';
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

/** The wait before retry number `retry` (1 for the first), with `random` in [0, 1). */
export function retryDelayMs(policy: RetryPolicy, retry: number, retryAfterSeconds: number | undefined, random: number): number {
  const base = retryAfterSeconds !== undefined ? Math.min(retryAfterSeconds * 1000, policy.retryAfterCapMs) : Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(base * (1 + policy.jitter * random));
}
