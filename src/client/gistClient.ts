// The gist service client: `/v1/me` and `/v1/generate`, over one keep-alive connection pool.
// Pure Node: no `vscode`. Settings and the key are passed per call.
import type { Dispatcher } from 'undici';
import { generationFromData, parseEnvelope, userFromData } from './envelope';
import { GistError, isGistError } from './errors';
import { loadUndici, responseHeader, send, type HttpResponse, type Undici } from './http';
import { errorFromResponse, malformed, type CallTarget } from './responseErrors';
import type { ConnectionSettings, GenerateRequest, GenerationResult, GistUser } from './types';
import { generateUrl, isDotSegment, meUrl } from './urls';

export interface GistClientOptions {
  /** Larger responses are refused without being read to the end. Default 16 MiB. */
  readonly maxResponseBytes?: number;
  readonly userAgent?: string;
  /** Chooses the dispatcher for a URL (proxies); default: one shared keep-alive Agent. */
  readonly dispatcherFor?: (undici: Undici, url: string) => Dispatcher;
  /** Pauses between `/v1/me` attempts; default 250 ms then 1 s. */
  readonly meRetryDelaysMs?: readonly number[];
}

const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = (): void => {
      clearTimeout(timer);
      reject(new GistError('cancelled', 'The call was cancelled.', 'none'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', cancelled);
      resolve();
    }, ms);
    if (signal?.aborted === true) {
      cancelled();
    }
    signal?.addEventListener('abort', cancelled, { once: true });
  });
}

export class GistClient {
  private agent: Dispatcher | undefined;
  private readonly maxResponseBytes: number;

  constructor(private readonly options: GistClientOptions = {}) {
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** The user the key belongs to. Retried with backoff on network errors and 5xx only. */
  async me(settings: ConnectionSettings, signal?: AbortSignal): Promise<GistUser> {
    const delays = this.options.meRetryDelaysMs ?? [250, 1000];
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.meOnce(settings, signal);
      } catch (error) {
        const retryable = isGistError(error) && (error.kind === 'network' || error.kind === 'service') && (error.status === undefined || error.status >= 500);
        const delay = delays[attempt];
        if (!retryable || delay === undefined || signal?.aborted === true) {
          throw error;
        }
        await sleep(delay, signal);
      }
    }
  }

  /** One generation. Never retried here: a call may be charged; the user decides. */
  async generate(settings: ConnectionSettings, request: GenerateRequest, signal?: AbortSignal): Promise<GenerationResult> {
    const target: CallTarget = { kind: 'generate', gistId: request.gistId, variant: request.variant };
    for (const segment of [request.gistId, request.variant]) {
      if (segment !== undefined && (segment === '' || isDotSegment(segment))) {
        throw new GistError('badRequest', `“${segment}” is not a valid gist id or variant slug. Check the id and variant.`, 'none');
      }
    }
    const response = await this.call(settings, 'POST', generateUrl(settings.baseUrl, request.gistId, request.variant), signal, JSON.stringify({ values: request.values }));
    return this.accept(response, target, generationFromData);
  }

  async dispose(): Promise<void> {
    const agent = this.agent;
    this.agent = undefined;
    await agent?.close();
  }

  private async meOnce(settings: ConnectionSettings, signal: AbortSignal | undefined): Promise<GistUser> {
    const response = await this.call(settings, 'GET', meUrl(settings.baseUrl), signal);
    return this.accept(response, { kind: 'me' }, userFromData);
  }

  private async call(settings: ConnectionSettings, method: 'GET' | 'POST', url: string, signal: AbortSignal | undefined, body?: string): Promise<HttpResponse> {
    const undici = await loadUndici();
    const dispatcher = this.options.dispatcherFor?.(undici, url) ?? (this.agent ??= new undici.Agent({ keepAliveTimeout: 30_000 }));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? 'gist-generate',
      [settings.apiKeyHeader.toLowerCase()]: settings.apiKey,
    };
    return send(dispatcher, { method, url, headers, body, timeoutMs: settings.timeoutMs, maxResponseBytes: this.maxResponseBytes, signal });
  }

  /** Success needs a 2xx status, `error: null` and well-typed `data`; anything else is an error. */
  private accept<T>(response: HttpResponse, target: CallTarget, fromData: (data: unknown) => T | string): T {
    const facts = {
      status: response.status,
      body: response.body,
      retryAfter: responseHeader(response.headers, 'retry-after'),
      location: responseHeader(response.headers, 'location'),
    };
    if (response.status < 200 || response.status > 299) {
      throw errorFromResponse(target, facts);
    }
    const envelope = parseEnvelope(response.body);
    if (!envelope.ok) {
      throw malformed(envelope.problem, { status: response.status });
    }
    if (envelope.error !== null) {
      throw errorFromResponse(target, facts);
    }
    const value = fromData(envelope.data);
    if (typeof value === 'string') {
      throw malformed(value, { status: response.status });
    }
    return value;
  }
}
