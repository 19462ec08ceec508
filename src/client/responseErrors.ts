// Maps an HTTP status and envelope to a typed error with a one-line message. Pure: no `vscode`,
// no I/O, so the mapping is fuzzed on plain Node.
import { GistError } from './errors';
import { callIdFromData, readEnvelope } from './envelopeShape';
import { oneLine } from '../shared/oneLine';
import { parseRetryAfter, retryWhen } from './retryAfter';
import type { RateLimitHint } from './rateLimitHeaders';

/** What was asked for, so messages can name it. */
export type CallTarget = { readonly kind: 'me' } | { readonly kind: 'generate'; readonly gistId?: string | undefined; readonly variant?: string | undefined };

export interface ResponseFacts {
  readonly status: number;
  readonly body: string;
  readonly retryAfter?: string | undefined;
  /** The other rate-limit headers, read by rateLimitHeaders.ts. */
  readonly rateLimit?: RateLimitHint | undefined;
  readonly location?: string | undefined;
}

function gistName(target: CallTarget): string {
  if (target.kind === 'me') {
    return 'the account endpoint (/v1/me)';
  }
  const gist = target.gistId === undefined ? 'The requested gist' : `Gist “${oneLine(target.gistId, 100)}”`;
  return target.variant === undefined ? gist : `${gist} (variant “${oneLine(target.variant, 100)}”)`;
}

function withServiceText(prefix: string, serviceError: string | undefined): string {
  const text = serviceError === undefined ? undefined : oneLine(serviceError, 300);
  return text === undefined || text === '' ? prefix : `${prefix}: ${text}`;
}

/** Whole seconds the service asked to wait: Retry-After, else `retry-after-ms` rounded up (never sooner than asked). */
function waitSeconds(facts: ResponseFacts, now: number): number | undefined {
  const seconds = parseRetryAfter(facts.retryAfter, now);
  const ms = facts.rateLimit?.retryAfterMs;
  return seconds ?? (ms === undefined ? undefined : Math.ceil(ms / 1000));
}

/** The error for a response that is not a success (non-2xx status, or a non-null `error`); `now` dates a Retry-After date. */
export function errorFromResponse(target: CallTarget, facts: ResponseFacts, now: number = Date.now()): GistError {
  const envelope = readEnvelope(facts.body);
  const serviceError = envelope.ok ? (envelope.error ?? undefined) : undefined;
  const details = {
    status: facts.status,
    serviceError,
    callId: envelope.ok ? callIdFromData(envelope.data) : undefined,
  };
  const { status } = facts;
  if (status === 401 || status === 403) {
    return new GistError(
      'authentication',
      `${withServiceText(`The service rejected the API key (HTTP ${status})`, serviceError)}. Set a valid key with “Gist: Set API Key…”.`,
      'setApiKey',
      details,
    );
  }
  if (status === 404) {
    return target.kind === 'me'
      ? new GistError('notFound', 'The service URL does not lead to a gist service (HTTP 404 for /v1/me). Check the setting “gist.baseUrl”.', 'setBaseUrl', details)
      : new GistError('notFound', `${gistName(target)} was not found on the service. Check the id and variant in your gist catalog.`, 'openSettings', details);
  }
  if (status === 429) {
    const seconds = waitSeconds(facts, now);
    return new GistError('rateLimited', `The service is rate limiting requests (HTTP 429). ${retryWhen(seconds)}`, 'retry', { ...details, retryAfterSeconds: seconds, rateLimit: facts.rateLimit });
  }
  if (status === 408) {
    return new GistError('timeout', 'The service timed out the request (HTTP 408). Retry in a moment.', 'retry', details);
  }
  if (status >= 500) {
    // A 503 may say when the service will take calls again (RFC 9110 §10.2.3); the variant lab waits that long.
    const seconds = status === 503 ? waitSeconds(facts, now) : undefined;
    const paced = status === 503 && facts.rateLimit !== undefined ? { rateLimit: facts.rateLimit } : {};
    return new GistError('service', `${withServiceText(`The gist service failed (HTTP ${status})`, serviceError)}. Retry in a moment.`, 'retry', seconds === undefined ? { ...details, ...paced } : { ...details, ...paced, retryAfterSeconds: seconds });
  }
  if (status >= 400) {
    return new GistError('badRequest', `${withServiceText(`The service refused the request (HTTP ${status})`, serviceError)}. Check the values and try again.`, 'none', details);
  }
  if (status >= 300 && status < 400) {
    const where = facts.location === undefined ? '' : ` to ${oneLine(facts.location, 200)}`;
    return new GistError('service', `The service answered with a redirect (HTTP ${status}${where}). Check the setting “gist.baseUrl”.`, 'setBaseUrl', details);
  }
  if (serviceError !== undefined) {
    // A 2xx status with a non-null `error`: the envelope says it failed.
    return new GistError('service', `${withServiceText('The gist service reported an error', serviceError)}. Retry, or see the log.`, 'retry', details);
  }
  return malformed(`unexpected HTTP status ${status}`, details);
}

export function malformed(problem: string, details: { status?: number | undefined; callId?: string | undefined; cause?: unknown } = {}): GistError {
  return new GistError('malformedResponse', `The service sent a response the extension cannot read (${oneLine(problem)}). Retry, or open the log for details.`, 'openLog', details);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
  }
  return bytes >= 1024 ? `${Math.round((bytes / 1024) * 10) / 10} KiB` : `${bytes} bytes`;
}

/** A response over the size cap; it is refused, not read to the end. */
export function tooLarge(cap: number, status: number): GistError {
  return new GistError(
    'malformedResponse',
    `The service's response was too large (more than ${formatBytes(cap)}), so it was not read. Open the log for details.`,
    'openLog',
    { status },
  );
}
