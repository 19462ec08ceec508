// Turns a whole HTTP response into a result or a typed error: success needs a 2xx status,
// `error: null` and well-typed `data`; anything else throws a GistError, so a failed call never
// yields content. Pure: no `vscode`, no I/O.
import type { GistError } from './errors';
import { generationFromData, readEnvelope, userFromData } from './envelopeShape';
import { errorFromResponse, malformed, type CallTarget } from './responseErrors';
import type { GenerationResult } from './types';
import { readRateLimitHint } from './rateLimitHeaders';
import type { GistUser } from '../shared/gistUser';

export { errorFromResponse, type CallTarget, type ResponseFacts } from './responseErrors';

export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** A header's value; repeated headers give their first value. Names are lower case (as undici gives them). */
export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function parse<T>(status: number, headers: ResponseHeaders, bodyText: string, target: CallTarget, fromData: (data: unknown) => T | string): T {
  const failed = (): GistError =>
    errorFromResponse(target, {
      status,
      body: bodyText,
      retryAfter: headerValue(headers, 'retry-after'),
      rateLimit: status === 429 || status === 503 ? readRateLimitHint((name) => headerValue(headers, name)) : undefined,
      location: headerValue(headers, 'location'),
    });
  if (status < 200 || status > 299) {
    throw failed();
  }
  const envelope = readEnvelope(bodyText);
  if (!envelope.ok) {
    throw malformed(envelope.problem, { status });
  }
  if (envelope.error !== null) {
    throw failed();
  }
  const value = fromData(envelope.data);
  if (typeof value === 'string') {
    throw malformed(value, { status });
  }
  return value;
}

/** The user of a `/v1/me` response; throws a GistError for anything else. */
export function parseMe(status: number, headers: ResponseHeaders, bodyText: string): GistUser {
  return parse(status, headers, bodyText, { kind: 'me' }, userFromData);
}

/** The result of a `/v1/generate` response; throws a GistError (naming the gist and variant) otherwise. */
export function parseGeneration(
  status: number,
  headers: ResponseHeaders,
  bodyText: string,
  request: { readonly gistId: string; readonly variant?: string | undefined },
): GenerationResult {
  return parse(status, headers, bodyText, { kind: 'generate', gistId: request.gistId, variant: request.variant }, generationFromData);
}
