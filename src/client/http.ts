// The HTTP layer: undici loaded lazily (activation never pays for it), one request with an
// overall deadline, cancellation, and a size cap that stops reading instead of buffering.
import type * as UndiciModule from 'undici';
import type { Dispatcher } from 'undici';
import type { ResponseHeaders } from './envelope';
import { watchAbort } from './abortWatchers';
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

/** U+FEFF at the start of a body, which undici's `body.text()` dropped too. */
const BYTE_ORDER_MARK = 0xfeff;

/**
 * One response, read through undici's handler interface: the head, then the body into a list of
 * chunks up to `cap` bytes (past it, or past a Content-Length over it, the request is aborted, so
 * the rest is never read), then the text. `dispatcher.request()` would wrap each call in an async
 * resource and a Node stream it reads back out; this skips both (undici's own benchmark ranks
 * `dispatch` first for that reason), a few µs of every call of a lab run.
 */
class ResponseReader implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private status = 0;
  private headers: ResponseHeaders = {};
  private chunks: Buffer[] = [];
  private abortedWith: Error | undefined;
  private settled = false;
  /** Set once the head arrived: how far the body got, for the message of a failure while reading it. */
  progress: { -readonly [K in keyof BodyProgress]: BodyProgress[K] } | undefined;

  constructor(
    private readonly cap: number,
    private readonly onHead: (() => void) | undefined,
    private readonly resolve: (response: HttpResponse) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  /** Stops the request: at once when it is on a connection, else as soon as it reaches one; the caller hears of it now. */
  abort(reason: Error): void {
    // A deadline that fires after the response was read (before its timer is cleared) has nothing to stop.
    if (this.settled) return;
    this.abortedWith ??= reason;
    this.controller?.abort(reason);
    this.fail(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.abortedWith !== undefined) controller.abort(this.abortedWith);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: ResponseHeaders): void {
    // 1xx heads (100 Continue) come before the real one.
    if (statusCode < 200) return;
    this.status = statusCode;
    this.headers = headers;
    this.progress = { status: statusCode, receivedBytes: 0, expectedBytes: contentLength(headers) };
    this.onHead?.();
    if (this.progress.expectedBytes !== undefined && this.progress.expectedBytes > this.cap) this.refuseTooLarge(controller);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled || this.progress === undefined) return;
    this.progress.receivedBytes += chunk.length;
    if (this.progress.receivedBytes > this.cap) {
      this.refuseTooLarge(controller);
      return;
    }
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    const { chunks } = this;
    this.chunks = [];
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const text = bytes.toString('utf8');
    this.resolve({ status: this.status, headers: this.headers, body: text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.fail(error);
  }

  private refuseTooLarge(controller: Dispatcher.DispatchController): void {
    const error = tooLarge(this.cap, this.status);
    this.fail(error);
    controller.abort(error);
  }

  private fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.chunks = [];
    this.reject(error);
  }
}

/**
 * Sends one request through `dispatcher`; every failure comes back as a GistError. The request
 * goes by origin and path (not a URL string) so encoded dot segments reach the server as sent.
 */
export async function send(dispatcher: Dispatcher, request: HttpRequest): Promise<HttpResponse> {
  let aborted: 'cancelled' | 'timeout' | undefined;
  let reader: ResponseReader | undefined;
  const abort = (why: 'cancelled' | 'timeout'): void => {
    aborted ??= why;
    reader?.abort(new DOMException(why === 'timeout' ? 'The call timed out.' : 'The call was aborted.', why === 'timeout' ? 'TimeoutError' : 'AbortError'));
  };
  const unwatch = request.signal === undefined ? undefined : watchAbort(request.signal, () => abort('cancelled'));
  // One deadline for the whole call, body included; undici's own timeouts only see silences.
  const timer = setTimeout(() => abort('timeout'), request.timeoutMs);
  try {
    if (aborted !== undefined) {
      throw new DOMException('The call was aborted before it started.', 'AbortError');
    }
    const response = await new Promise<HttpResponse>((resolve, reject) => {
      reader = new ResponseReader(request.maxResponseBytes, request.onResponseHeaders, resolve, reject);
      dispatcher.dispatch(
        {
          origin: request.target.origin,
          path: request.target.path,
          method: request.method,
          headers: request.headers,
          body: request.body ?? null,
          headersTimeout: request.timeoutMs,
          bodyTimeout: request.timeoutMs,
        },
        reader,
      );
    });
    // undici frees the connection one turn of the event loop after the response (its setImmediate,
    // queued after this continuation); without waiting for it, a back-to-back call would open a
    // second connection instead of reusing this one.
    await new Promise((resolve) => setImmediate(resolve));
    return response;
  } catch (error) {
    throw errorFromFailure(error, {
      host: new URL(targetUrl(request.target)).host,
      timeoutMs: request.timeoutMs,
      aborted,
      secret: request.secret,
      body: reader?.progress,
    });
  } finally {
    clearTimeout(timer);
    unwatch?.();
  }
}
