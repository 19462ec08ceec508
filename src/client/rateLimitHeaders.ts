// What a refused call's headers say about the service's limit, beyond Retry-After: `retry-after-ms`
// (OpenAI, Azure OpenAI), OpenAI's `x-ratelimit-limit-requests`, `x-ratelimit-remaining-requests`
// and `x-ratelimit-reset-requests` (a duration such as `1s`, `6m0s`, `20ms`), and the IETF draft's
// `ratelimit-limit`, `ratelimit-remaining`, `ratelimit-reset` (seconds). Pure: no `vscode`.
//
// The headers come from the service: every figure is checked (finite, not negative) and capped at
// a day, and one that cannot be read is left out rather than guessed.
import { MAX_RETRY_AFTER_SECONDS } from './retryAfter';

const MAX_MS = MAX_RETRY_AFTER_SECONDS * 1000;
/** A header value longer than this is not read (a duration or a count is a few characters). */
const MAX_VALUE_CHARS = 64;

export interface RateLimitHint {
  /** `retry-after-ms`: milliseconds to wait before this call is tried again. */
  readonly retryAfterMs?: number | undefined;
  /** Requests the window allows (its capacity). */
  readonly limit?: number | undefined;
  /** Requests left now. */
  readonly remaining?: number | undefined;
  /** Milliseconds until the window is full again. */
  readonly resetMs?: number | undefined;
}

const UNIT_MS: Readonly<Record<string, number>> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };

/** Milliseconds of a Go-style duration (`1s`, `6m0s`, `20ms`, `1h2m3.5s`), or of plain seconds (`0.5`); undefined when neither. */
export function parseDurationMs(value: string | undefined): number | undefined {
  const text = value?.trim();
  if (text === undefined || text === '' || text.length > MAX_VALUE_CHARS) {
    return undefined;
  }
  if (/^\d+(\.\d+)?$/.test(text)) {
    return Math.min(MAX_MS, Number(text) * 1000);
  }
  const part = /(\d+(?:\.\d+)?)(ms|us|µs|ns|h|m|s)/gy;
  let total = 0;
  let at = 0;
  for (let match = part.exec(text); match !== null; match = part.exec(text)) {
    total += Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? Number.NaN);
    at = part.lastIndex;
  }
  return at === text.length && Number.isFinite(total) ? Math.min(MAX_MS, total) : undefined;
}

/** A whole count (`remaining`, `limit`), or undefined. */
function parseCount(value: string | undefined): number | undefined {
  const text = value?.trim();
  if (text === undefined || !/^\d{1,15}$/.test(text)) {
    return undefined;
  }
  return Number(text);
}

/** `retry-after-ms`: whole or fractional milliseconds, capped at a day. */
function parseMilliseconds(value: string | undefined): number | undefined {
  const text = value?.trim();
  if (text === undefined || text.length > MAX_VALUE_CHARS || !/^\d+(\.\d+)?$/.test(text)) {
    return undefined;
  }
  return Math.min(MAX_MS, Number(text));
}

/** The hint in a response's headers (names in lower case, as undici gives them); undefined when there is none. */
export function readRateLimitHint(header: (name: string) => string | undefined): RateLimitHint | undefined {
  const hint: RateLimitHint = {
    retryAfterMs: parseMilliseconds(header('retry-after-ms')),
    limit: parseCount(header('x-ratelimit-limit-requests')) ?? parseCount(header('ratelimit-limit')),
    remaining: parseCount(header('x-ratelimit-remaining-requests')) ?? parseCount(header('ratelimit-remaining')),
    resetMs: parseDurationMs(header('x-ratelimit-reset-requests')) ?? secondsMs(parseCount(header('ratelimit-reset'))),
  };
  return Object.values(hint).some((value) => value !== undefined) ? hint : undefined;
}

function secondsMs(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : Math.min(MAX_MS, seconds * 1000);
}

/**
 * The rate the window refills at, in requests a second, when the hint says enough: a window of
 * `limit` that will be full again in `resetMs` with `remaining` left refills `limit − remaining` in
 * that time. Undefined when the hint cannot tell.
 */
export function refillPerSecond(hint: RateLimitHint | undefined): number | undefined {
  if (hint?.limit === undefined || hint.remaining === undefined || hint.resetMs === undefined) {
    return undefined;
  }
  const missing = hint.limit - hint.remaining;
  if (missing <= 0 || hint.resetMs <= 0) {
    return undefined;
  }
  return (missing * 1000) / hint.resetMs;
}
