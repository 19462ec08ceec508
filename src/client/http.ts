// The HTTP layer: undici loaded lazily (activation never pays for it), one request with an
// overall deadline, cancellation, and a size cap that stops reading instead of buffering.
import { EventEmitter } from 'node:events';
import type * as UndiciModule from 'undici';
import type { Dispatcher } from 'undici';
import type { ResponseHeaders } from './envelope';
import { errorFromFailure, type FailureContext } from './failureErrors';
import { tooLarge } from './responseErrors';
import { targetUrl, type RequestTarget } from './urls';

export type Undici = typeof UndiciModule;

/** How long an idle connection stays open for the next call. */
export const KEEP_ALIVE_MS = 30_000;

let undiciModule: Promise<Undici> | undefined;

export function loadUndici(): Promise<Undici> {
  undiciModule ??= import('undici');
  return undiciModule;
}

/**
 * What undici listens to for aborting this one request. An EventEmitter rather than an
 * AbortSignal: undici accepts either, and an AbortSignal's listener cost about 20 µs a call,
 * most of the client's overhead over a bare undici loop (npm run bench).
 */
class AbortEmitter extends EventEmitter {
  aborted = false;

  abort(): void {
    if (!this.aborted) {
      this.aborted = true;
      this.emit('abort');
    }
  }
}

export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  readonly target: RequestTarget;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly signal?: AbortSignal | undefined;
  /** Kept out of every message (see `FailureContext.secret`). */
  readonly secret?: string | undefined;
  /** Called when the response head arrives (time to first byte, for the connection diagnosis). */
  readonly onResponseHeaders?: (() => void) | undefined;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly body: string;
}

type BodyProgress = NonNullable<FailureContext['body']>;

function contentLength(headers: ResponseHeaders): number | undefined {
  const raw = headers['content-length'];
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return raw !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** Reads the body up to `cap` bytes; past it the stream is destroyed, so the rest is never read. */
async function readCapped(body: Dispatcher.ResponseData['body'], progress: { -readonly [K in keyof BodyProgress]: BodyProgress[K] }, cap: number): Promise<string> {
  if (progress.expectedBytes !== undefined && progress.expectedBytes > cap) {
    body.destroy();
    throw tooLarge(cap, progress.status);
  }
  if (progress.expectedBytes !== undefined) {
    const text = await body.text();
    progress.receivedBytes = progress.expectedBytes;
    return text;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    progress.receivedBytes += buffer.length;
    if (progress.receivedBytes > cap) {
      body.destroy();
      throw tooLarge(cap, progress.status);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, progress.receivedBytes).toString('utf8');
}

/**
 * Sends one request through `dispatcher`; every failure comes back as a GistError. The request
 * goes by origin and path (not a URL string) so encoded dot segments reach the server as sent.
 */
export async function send(dispatcher: Dispatcher, request: HttpRequest): Promise<HttpResponse> {
  const abort = new AbortEmitter();
  let aborted: 'cancelled' | 'timeout' | undefined;
  let progress: BodyProgress | undefined;
  const onCancel = (): void => {
    aborted ??= 'cancelled';
    abort.abort();
  };
  if (request.signal?.aborted === true) {
    onCancel();
  }
  request.signal?.addEventListener('abort', onCancel, { once: true });
  // One deadline for the whole call, body included; undici's own timeouts only see silences.
  const timer = setTimeout(() => {
    aborted ??= 'timeout';
    abort.abort();
  }, request.timeoutMs);
  try {
    if (aborted !== undefined) {
      throw new DOMException('The call was aborted before it started.', 'AbortError');
    }
    const response = await dispatcher.request({
      origin: request.target.origin,
      path: request.target.path,
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: abort,
      headersTimeout: request.timeoutMs,
      bodyTimeout: request.timeoutMs,
    });
    request.onResponseHeaders?.();
    const readProgress = { status: response.statusCode, receivedBytes: 0, expectedBytes: contentLength(response.headers) };
    progress = readProgress;
    const body = await readCapped(response.body, readProgress, request.maxResponseBytes);
    // undici marks the connection idle just after the body's end event; without this turn a
    // back-to-back call would open a second connection instead of reusing this one.
    await new Promise((resolve) => setImmediate(resolve));
    return { status: response.statusCode, headers: response.headers, body };
  } catch (error) {
    throw errorFromFailure(error, {
      host: new URL(targetUrl(request.target)).host,
      timeoutMs: request.timeoutMs,
      aborted,
      secret: request.secret,
      body: progress,
    });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCancel);
  }
}
