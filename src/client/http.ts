// The HTTP layer: undici loaded lazily (activation never pays for it), one request with an
// overall deadline, cancellation, and a size cap that stops reading instead of buffering.
import type * as UndiciModule from 'undici';
import type { Dispatcher } from 'undici';
import { errorFromFailure } from './failureErrors';
import { malformed } from './responseErrors';

export type Undici = typeof UndiciModule;

let undiciModule: Promise<Undici> | undefined;

export function loadUndici(): Promise<Undici> {
  undiciModule ??= import('undici');
  return undiciModule;
}

export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string | undefined;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly signal?: AbortSignal | undefined;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

function header(headers: HttpResponse['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export { header as responseHeader };

async function readCapped(body: Dispatcher.ResponseData['body'], status: number, contentLength: string | undefined, cap: number): Promise<string> {
  if (contentLength !== undefined && Number(contentLength) > cap) {
    body.destroy();
    throw malformed(`the response is larger than ${Math.round(cap / 1024 / 1024)} MiB`, { status });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > cap) {
      // Stop here: the rest is never read, and the connection is closed.
      body.destroy();
      throw malformed(`the response is larger than ${Math.round(cap / 1024 / 1024)} MiB`, { status });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** Sends one request; every failure comes back as a GistError. */
export async function send(dispatcher: Dispatcher, request: HttpRequest): Promise<HttpResponse> {
  const undici = await loadUndici();
  const abort = new AbortController();
  let aborted: 'cancelled' | 'timeout' | undefined;
  const onCancel = (): void => {
    aborted ??= 'cancelled';
    abort.abort();
  };
  if (request.signal?.aborted === true) {
    onCancel();
  }
  request.signal?.addEventListener('abort', onCancel, { once: true });
  const timer = setTimeout(() => {
    aborted ??= 'timeout';
    abort.abort();
  }, request.timeoutMs);
  try {
    const response = await undici.request(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      dispatcher,
      signal: abort.signal,
      headersTimeout: request.timeoutMs,
      bodyTimeout: request.timeoutMs,
    });
    const headers = response.headers;
    const body = await readCapped(response.body, response.statusCode, header(headers, 'content-length'), request.maxResponseBytes);
    // undici marks the connection idle just after the body's end event; without this turn a
    // back-to-back call would open a second connection instead of reusing this one.
    await new Promise((resolve) => setImmediate(resolve));
    return { status: response.statusCode, headers, body };
  } catch (error) {
    throw errorFromFailure(error, { host: new URL(request.url).host, timeoutMs: request.timeoutMs, aborted });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCancel);
  }
}
