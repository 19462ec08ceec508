// The gist service client: `/v1/me` and `/v1/generate`, over one keep-alive connection pool.
// Pure Node: no `vscode`. Settings and the key are passed per call; undici loads on first use.
import type { Dispatcher } from 'undici';
import { validateApiKey, validateHeaderName } from './apiKey';
import { parseGeneration, parseMe } from './envelope';
import { GistError, isGistError } from './errors';
import { loadUndici, send, type HttpRequest, type HttpResponse, type Undici } from './http';
import { identifierProblem, type IdentifierKind } from './identifiers';
import { generationWithoutKey, parsedWithoutKey, userWithoutKey } from './keyEcho';
import { directAgent } from './loopback';
import type { ConnectionSettings, GenerateRequest, GenerationResult } from './types';
import type { GistUser } from '../shared/gistUser';
import { generateTarget, meTarget, validateBaseUrl, type RequestTarget } from './urls';

export interface GistClientOptions {
  /** Larger responses are refused without being read to the end. Default 16 MiB. */
  readonly maxResponseBytes?: number;
  /** Default `gist-generate`. */
  readonly userAgent?: string;
  /**
   * Makes the dispatcher all calls share (for a proxy, see `proxy.ts`); called once, on the first
   * call, with the lazily loaded undici module, and closed by `dispose()`. Default: one keep-alive
   * undici Agent (`directAgent`).
   */
  readonly dispatcherFactory?: (undici: Undici) => Dispatcher;
  /** Pauses between `/v1/me` attempts; default 250 ms then 1 s (three attempts). */
  readonly meRetryDelaysMs?: readonly number[];
  /**
   * Every key the extension knows (all profiles'): taken out of each response with the call's own,
   * before anything is read from it. A service could echo another profile's key it was sent once.
   */
  readonly knownKeys?: () => Iterable<string>;
}

const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
const DEFAULT_ME_RETRY_DELAYS_MS = [250, 1000];
/** Gist and variant paths remembered (a run's few, a catalog's many): past this many, forgotten at once and worked out again. */
const MAX_REMEMBERED_TARGETS = 256;

function cancelledError(): GistError {
  return new GistError('cancelled', 'The call was cancelled.', 'none');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = (): void => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', cancelled);
      resolve();
    }, ms);
    if (signal?.aborted === true) {
      cancelled();
      return;
    }
    signal?.addEventListener('abort', cancelled, { once: true });
  });
}

/** Worth another `/v1/me` attempt: the network failed or the service had a 5xx. */
function isTransient(error: unknown): boolean {
  if (!isGistError(error)) {
    return false;
  }
  return error.kind === 'network' || (error.kind === 'service' && error.status !== undefined && error.status >= 500);
}

/** A gist id or slug that cannot go into a request path (half a surrogate pair, over its size cap). */
function refuseUnsendable(value: string, kind: IdentifierKind): void {
  const problem = identifierProblem(value, kind);
  if (problem !== undefined) {
    throw new GistError('badRequest', `The ${kind} ${problem}, so it cannot be sent. Check the gist catalog in the settings.`, 'openSettings');
  }
}

/** Refuses settings that cannot make a safe request, before anything is sent. */
export function checkSettings(settings: ConnectionSettings): { readonly baseUrl: string; readonly header: string; readonly key: string } {
  const baseUrl = validateBaseUrl(settings.baseUrl);
  if (!baseUrl.ok) {
    throw new GistError('configuration', baseUrl.reason, 'setBaseUrl');
  }
  const header = validateHeaderName(settings.apiKeyHeader);
  if (!header.ok) {
    throw new GistError('configuration', header.reason, 'openSettings');
  }
  const key = validateApiKey(settings.apiKey);
  if (!key.ok) {
    throw new GistError('configuration', `The stored API key cannot be used: ${key.reason} Set it again with “Gist: Set API Key…”.`, 'setApiKey');
  }
  return { baseUrl: baseUrl.url, header: header.name, key: key.key };
}

export class GistClient {
  private dispatcher: Dispatcher | undefined;
  private readonly maxResponseBytes: number;
  /** The last settings checked: a run of the variant lab sends thousands of calls with the same (~5 µs each to check again). */
  private lastChecked: { readonly baseUrl: string; readonly header: string; readonly key: string; readonly checked: ReturnType<typeof checkSettings> } | undefined;
  private readonly generateTargets = new Map<string, RequestTarget>();
  private lastKeys: readonly string[] | undefined;

  constructor(private readonly options: GistClientOptions = {}) {
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** The user the key belongs to. Retried with backoff on network errors and 5xx only, never once cancelled. */
  async me(settings: ConnectionSettings, signal?: AbortSignal): Promise<GistUser> {
    const delays = this.options.meRetryDelaysMs ?? DEFAULT_ME_RETRY_DELAYS_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        const checked = checkSettings(settings);
        const response = await this.call(settings, checked, 'GET', meTarget(checked.baseUrl), signal);
        return parsedWithoutKey(response, this.keys(checked.key), (clean) => parseMe(clean.status, clean.headers, clean.body), userWithoutKey);
      } catch (error) {
        const delay = delays[attempt];
        if (!isTransient(error) || delay === undefined || signal?.aborted === true) {
          throw error;
        }
        await sleep(delay, signal);
      }
    }
  }

  /** One generation. Never retried here: a call may be charged, so the user decides. */
  async generate(settings: ConnectionSettings, request: GenerateRequest, signal?: AbortSignal): Promise<GenerationResult> {
    if (request.gistId === '' || request.variant === '') {
      throw new GistError('badRequest', 'The gist id or variant slug is empty. Check the gist catalog in the settings.', 'openSettings');
    }
    const checked = this.checkedSettings(settings);
    const target = this.generateTargetOf(checked.baseUrl, request.gistId, request.variant);
    const response = await this.call(settings, checked, 'POST', target, signal, JSON.stringify({ values: request.values }));
    return parsedWithoutKey(response, this.keys(checked.key), (clean) => parseGeneration(clean.status, clean.headers, clean.body, request), generationWithoutKey);
  }

  /**
   * The path of a gist and variant, checked and encoded once: a lab run calls the same few
   * thousands of times (~1 µs each to check and encode again). Refuses what cannot be sent.
   */
  private generateTargetOf(baseUrl: string, gistId: string, variant: string | undefined): RequestTarget {
    const key = `${baseUrl}\n${gistId}\n${variant === undefined ? '\n' : variant}`;
    let target = this.generateTargets.get(key);
    if (target === undefined) {
      refuseUnsendable(gistId, 'gist id');
      if (variant !== undefined) {
        refuseUnsendable(variant, 'variant slug');
      }
      target = generateTarget(baseUrl, gistId, variant);
      if (this.generateTargets.size >= MAX_REMEMBERED_TARGETS) {
        this.generateTargets.clear();
      }
      this.generateTargets.set(key, target);
    }
    return target;
  }

  /**
   * The call's key first, then every other known one. The last list is given again while the keys
   * are the same (every call of a run redacts with them): compared, not rebuilt.
   */
  private keys(key: string): readonly string[] {
    const given = this.options.knownKeys?.() ?? [];
    // Read once: an iterable may be a generator.
    const known: readonly string[] = Array.isArray(given) ? given : [...given];
    const last = this.lastKeys;
    if (last !== undefined && last[0] === key) {
      let at = 1;
      let same = true;
      for (const one of known) {
        if (one === key) continue;
        if (last[at] !== one) {
          same = false;
          break;
        }
        at += 1;
      }
      if (same && at === last.length) return last;
    }
    const keys = [key, ...known.filter((one) => one !== key)];
    this.lastKeys = keys;
    return keys;
  }

  /** `checkSettings`, remembered for the same base URL, header and key. */
  private checkedSettings(settings: ConnectionSettings): ReturnType<typeof checkSettings> {
    const last = this.lastChecked;
    if (last !== undefined && last.baseUrl === settings.baseUrl && last.header === settings.apiKeyHeader && last.key === settings.apiKey) {
      return last.checked;
    }
    const checked = checkSettings(settings);
    this.lastChecked = { baseUrl: settings.baseUrl, header: settings.apiKeyHeader, key: settings.apiKey, checked };
    return checked;
  }

  /** Closes the shared connections; a later call opens new ones. */
  async dispose(): Promise<void> {
    const dispatcher = this.dispatcher;
    this.dispatcher = undefined;
    await dispatcher?.close();
  }

  /** Not async, and the dispatcher taken as it is once made: a lab run's calls wait no extra turns here. */
  private call(
    settings: ConnectionSettings,
    checked: ReturnType<typeof checkSettings>,
    method: 'GET' | 'POST',
    target: RequestTarget,
    signal: AbortSignal | undefined,
    body?: string,
  ): Promise<HttpResponse> {
    if (signal?.aborted === true) {
      return Promise.reject(cancelledError());
    }
    const request: HttpRequest = { method, target, headers: this.headersFor(checked), body, timeoutMs: settings.timeoutMs, maxResponseBytes: this.maxResponseBytes, signal, secret: checked.key };
    const dispatcher = this.dispatcher;
    return dispatcher !== undefined ? send(dispatcher, request) : this.sharedDispatcher().then((made) => send(made, request));
  }

  /** The request headers, new for every call: a proxy dispatcher adds to them (a shared object would carry one call's into the next). */
  private headersFor(checked: ReturnType<typeof checkSettings>): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? 'gist-generate',
      [checked.header.toLowerCase()]: checked.key,
    };
  }

  private async sharedDispatcher(): Promise<Dispatcher> {
    if (this.dispatcher === undefined) {
      const undici = await loadUndici();
      const factory = this.options.dispatcherFactory;
      const dispatcher = factory !== undefined ? factory(undici) : directAgent(undici);
      // Another call may have made one while undici loaded; keep the first.
      if (this.dispatcher === undefined) {
        this.dispatcher = dispatcher;
      } else {
        void dispatcher.close();
      }
    }
    return this.dispatcher;
  }
}
