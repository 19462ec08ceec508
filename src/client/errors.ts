// Every way a call can fail, as a typed value that knows its one-line message and its remedy.
// Pure: no `vscode`. The extension turns `remedy` into a button.
import type { RateLimitHint } from './rateLimitHeaders';

export type GistErrorKind =
  | 'authentication' // 401/403: key missing, unknown or not allowed
  | 'notFound' // 404: gist or variant unknown
  | 'badRequest' // 400: the service rejected the values
  | 'rateLimited' // 429, with Retry-After when given
  | 'service' // 5xx, or a non-null envelope `error` with no better match
  | 'malformedResponse' // not JSON, wrong types, cut short, too large
  | 'network' // refused, reset, DNS, TLS
  | 'timeout' // no complete response within the configured time
  | 'cancelled' // the user (or caller) aborted
  | 'configuration'; // base URL missing or unusable, key not storable

/** What the user can do about it; the extension shows it as a button. */
export type GistRemedy = 'setApiKey' | 'setBaseUrl' | 'retry' | 'openLog' | 'openSettings' | 'none';

export interface GistErrorDetails {
  readonly status?: number | undefined;
  /** The envelope's non-null `error` text, when the service sent one. */
  readonly serviceError?: string | undefined;
  /** Call id from a failed call's `data.id`, when the service gave one. */
  readonly callId?: string | undefined;
  /** Seconds from a `Retry-After` header. */
  readonly retryAfterSeconds?: number | undefined;
  /** What a 429's or 503's other headers say about the limit (`retry-after-ms`, `x-ratelimit-*`, `ratelimit-*`). */
  readonly rateLimit?: RateLimitHint | undefined;
  /** Low-level cause for the log (never shown as is, never holds the key). */
  readonly cause?: unknown;
}

export class GistError extends Error {
  override readonly name = 'GistError';

  constructor(
    readonly kind: GistErrorKind,
    /** One line for users that names the remedy. */
    message: string,
    readonly remedy: GistRemedy,
    readonly details: GistErrorDetails = {},
  ) {
    super(message);
  }

  get status(): number | undefined {
    return this.details.status;
  }
  get serviceError(): string | undefined {
    return this.details.serviceError;
  }
  get callId(): string | undefined {
    return this.details.callId;
  }
  get retryAfterSeconds(): number | undefined {
    return this.details.retryAfterSeconds;
  }
  get rateLimit(): RateLimitHint | undefined {
    return this.details.rateLimit;
  }
}

export function isGistError(value: unknown): value is GistError {
  return value instanceof GistError;
}
