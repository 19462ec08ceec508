// "Gist: Diagnose Connection", the measuring part: settings, proxy choice, DNS, TCP, proxy tunnel,
// TLS and `/v1/me`, each timed; the first failure is reported and the steps that need it skipped.
// Pure Node: no `vscode`. The key only ever goes into the `/v1/me` request header.
import type { Dispatcher } from 'undici';
import { validateApiKey, validateHeaderName } from '../client/apiKey';
import { parseMe } from '../client/envelope';
import { GistError, isGistError } from '../client/errors';
import { errorFromFailure } from '../client/failureErrors';
import { checkSettings } from '../client/gistClient';
import { loadUndici, send, type Undici } from '../client/http';
import { parsedWithoutKey, userWithoutKey } from '../client/keyEcho';
import { directAgent } from '../client/loopback';
import { chooseProxy, redactProxyUrl, validateProxyUrl, type ProxySettings } from '../client/proxy';
import { trustOptions } from '../client/trust';
import type { GistUser } from '../client/types';
import { meTarget, validateBaseUrl } from '../client/urls';
import type { Socket } from 'node:net';
import { connectTcp, handshakeTls, lookupHost, openTunnel, type ResolvedAddress } from './probes';
import { STEP_NAMES, type CertificateFacts, type DiagnosisReport, type DiagnosisStep, type StepName, type StepStatus } from './report';

export interface DiagnoseInput {
  readonly baseUrl: string;
  readonly apiKeyHeader: string;
  /** Undefined when no key is stored: every step but `/v1/me` still runs. */
  readonly apiKey: string | undefined;
  /** Limit for each step, and for the whole `/v1/me` call. */
  readonly timeoutMs: number;
  /** With `strictSSL` false (VS Code's `http.proxyStrictSSL`), the steps go on past an untrusted certificate. */
  readonly proxy: ProxySettings;
  /** The dispatcher the extension's client uses (proxy-aware), so `/v1/me` goes the same way. */
  readonly dispatcherFactory?: ((undici: Undici) => Dispatcher) | undefined;
  readonly userAgent?: string | undefined;
  /** Default `process.env` (proxy variables). */
  readonly env?: NodeJS.ProcessEnv | undefined;
  /** Called as each step ends, for progress. */
  readonly onStep?: ((step: DiagnosisStep) => void) | undefined;
}

/** Ends the run early: this step failed, or the user cancelled. */
class Stop extends Error {}

interface Run {
  readonly input: DiagnoseInput;
  readonly signal: AbortSignal;
  readonly steps: DiagnosisStep[];
  failedAt?: StepName;
  error?: GistError;
  cancelled: boolean;
}

function record(run: Run, step: DiagnosisStep): void {
  run.steps.push(step);
  run.input.onStep?.(step);
}

function fail(run: Run, name: StepName, error: GistError, durationMs?: number, detail?: string): never {
  run.failedAt = name;
  run.error = error;
  record(run, { name, status: 'failed', durationMs, detail: detail ?? error.message });
  throw new Stop();
}

interface StepOptions<T> {
  /** Default `ok`; `warning` for a step that worked with something to know. */
  readonly status?: (value: T) => StepStatus;
  /** Default the error's message and low-level code. */
  readonly failureDetail?: (error: GistError) => string;
}

/** Runs one measured step; a thrown failure is mapped as the client maps it. */
async function step<T>(
  run: Run,
  name: StepName,
  host: string,
  work: (signal: AbortSignal) => Promise<T>,
  describe: (value: T) => string,
  options: StepOptions<T> = {},
): Promise<T> {
  if (run.signal.aborted) {
    run.cancelled = true;
    throw new Stop();
  }
  const timeout = AbortSignal.timeout(run.input.timeoutMs);
  const signal = AbortSignal.any([run.signal, timeout]);
  const started = performance.now();
  try {
    const value = await work(signal);
    record(run, { name, status: options.status?.(value) ?? 'ok', durationMs: performance.now() - started, detail: describe(value) });
    return value;
  } catch (caught) {
    if (caught instanceof Stop) {
      throw caught;
    }
    const durationMs = performance.now() - started;
    if (run.signal.aborted) {
      run.cancelled = true;
      record(run, { name, status: 'skipped', durationMs, detail: 'cancelled' });
      throw new Stop();
    }
    const aborted = timeout.aborted ? 'timeout' : undefined;
    const error = isGistError(caught) ? caught : errorFromFailure(caught, { host, timeoutMs: run.input.timeoutMs, aborted, secret: run.input.apiKey });
    const code = typeof (caught as { code?: unknown } | null)?.code === 'string' ? ` [${(caught as { code: string }).code}]` : '';
    return fail(run, name, error, durationMs, options.failureDetail?.(error) ?? `${error.message}${code}`);
  }
}

function describeCertificate(facts: CertificateFacts): string {
  const trust = facts.authorized ? 'trusted' : `NOT trusted (${facts.authorizationError ?? 'unknown reason'})`;
  return `${facts.protocol ?? 'TLS'}, certificate subject "${facts.subject}", issuer "${facts.issuer}", valid ${facts.validFrom} to ${facts.validTo}, ${trust}`;
}

/** Each address in turn until one connects, as Node's connect falls back between addresses. */
async function connectFirst(addresses: readonly ResolvedAddress[], port: number, signal: AbortSignal): Promise<{ socket: Socket; address: string; failed: string[] }> {
  const failed: string[] = [];
  let lastError: unknown;
  for (const { address } of addresses) {
    try {
      return { socket: await connectTcp(address, port, signal), address, failed };
    } catch (error) {
      if (signal.aborted) {
        throw error;
      }
      lastError = error;
      const code = (error as { code?: unknown } | null)?.code;
      failed.push(`${address} (${typeof code === 'string' ? code : 'failed'})`);
    }
  }
  throw lastError;
}

function describeConnected(port: number): (result: { address: string; failed: string[] }) => string {
  return ({ address, failed }) => `connected to ${address}:${port}${failed.length > 0 ? ` after ${failed.join(', ')}` : ''}`;
}

async function meCall(run: Run, baseUrl: string, apiKey: string): Promise<{ user: GistUser; ttfbMs: number; status: number }> {
  const checked = checkSettings({ baseUrl, apiKeyHeader: run.input.apiKeyHeader, apiKey, timeoutMs: run.input.timeoutMs });
  const undici = await loadUndici();
  // A dispatcher of its own, closed after: the measured call opens a fresh connection.
  const dispatcher = run.input.dispatcherFactory?.(undici) ?? directAgent(undici);
  const started = performance.now();
  let ttfbMs = 0;
  try {
    const response = await send(dispatcher, {
      method: 'GET',
      target: meTarget(checked.baseUrl),
      headers: { accept: 'application/json', 'user-agent': run.input.userAgent ?? 'gist-generate', [checked.header.toLowerCase()]: checked.key },
      timeoutMs: run.input.timeoutMs,
      maxResponseBytes: 1024 * 1024,
      signal: run.signal,
      secret: checked.key,
      onResponseHeaders: () => (ttfbMs = performance.now() - started),
    });
    const user = parsedWithoutKey(response, checked.key, (clean) => parseMe(clean.status, clean.headers, clean.body), userWithoutKey);
    return { user, ttfbMs, status: response.status };
  } finally {
    void dispatcher.close();
  }
}

export async function diagnoseConnection(input: DiagnoseInput, signal: AbortSignal = new AbortController().signal): Promise<DiagnosisReport> {
  const run: Run = { input, signal, steps: [], cancelled: false };
  let proxyText = 'direct';
  let addresses: string[] | undefined;
  let certificate: CertificateFacts | undefined;
  let user: GistUser | undefined;
  let ttfbMs: number | undefined;
  let noKey = false;
  try {
    // Settings: the same checks the client makes before it sends anything.
    const base = validateBaseUrl(input.baseUrl);
    if (!base.ok) {
      fail(run, 'settings', new GistError('configuration', base.reason, 'setBaseUrl'));
    }
    const header = validateHeaderName(input.apiKeyHeader);
    if (!header.ok) {
      fail(run, 'settings', new GistError('configuration', header.reason, 'openSettings'));
    }
    const key = input.apiKey === undefined ? undefined : validateApiKey(input.apiKey);
    if (key !== undefined && !key.ok) {
      fail(run, 'settings', new GistError('configuration', `The stored API key cannot be used: ${key.reason} Set it again with “Gist: Set API Key…”.`, 'setApiKey'));
    }
    record(run, { name: 'settings', status: 'ok', detail: `base URL ${base.url}, key header ${input.apiKeyHeader}, ${input.apiKey === undefined ? 'no API key set' : 'API key set'}` });
    const target = new URL(base.url);
    const https = target.protocol === 'https:';
    const port = Number(target.port) || (https ? 443 : 80);

    // Proxy: chosen exactly as the client's dispatcher chooses it.
    const choice = chooseProxy(target, input.proxy, input.env ?? process.env);
    let proxyUrl: URL | undefined;
    if (choice.kind === 'proxy') {
      const valid = validateProxyUrl(choice.url);
      if (!valid.ok) {
        fail(run, 'proxy', new GistError('configuration', valid.reason, 'openSettings'));
      }
      proxyUrl = new URL(valid.url);
      proxyText = redactProxyUrl(valid.url);
      record(run, { name: 'proxy', status: 'ok', detail: `through ${proxyText} (from ${choice.source})` });
    } else {
      proxyText =
        choice.reason === 'loopback'
          ? 'direct (loopback service: never through a proxy)'
          : choice.reason === 'proxySupportOff'
            ? 'direct (http.proxySupport is off)'
            : choice.reason === 'noProxyMatch'
            ? 'direct (host listed in no-proxy)'
            : 'direct (no proxy set)';
      record(run, { name: 'proxy', status: 'ok', detail: proxyText });
    }

    // DNS and TCP go to the proxy when there is one: that is where the client connects.
    const connectHost = proxyUrl?.hostname ?? target.hostname;
    const connectPort = proxyUrl !== undefined ? Number(proxyUrl.port) || (proxyUrl.protocol === 'https:' ? 443 : 80) : port;
    const resolved = await step(run, 'dns', connectHost, (s) => lookupHost(connectHost, s), (list: ResolvedAddress[]) => `${connectHost} → ${list.map((a) => a.address).join(', ')}`);
    addresses = resolved.map((entry) => entry.address);
    if (resolved.length === 0) {
      fail(run, 'dns', new GistError('network', `The host ${connectHost} has no addresses (DNS).`, 'setBaseUrl'));
    }
    const connected = await step(run, 'tcp', `${connectHost}:${connectPort}`, (s) => connectFirst(resolved, connectPort, s), describeConnected(connectPort));
    let socket = connected.socket;
    try {
      if (proxyUrl !== undefined) {
        if (proxyUrl.protocol === 'https:') {
          // A TLS proxy needs its own handshake before CONNECT; the HTTP step goes that way.
          record(run, { name: 'tunnel', status: 'skipped', detail: 'an https:// proxy: checked by the HTTP step' });
          record(run, { name: 'tls', status: 'skipped', detail: 'an https:// proxy: checked by the HTTP step' });
        } else {
          // undici's ProxyAgent tunnels with CONNECT for http:// and https:// targets alike.
          const proxy = proxyUrl;
          socket = await step(run, 'tunnel', target.host, (s) => openTunnel(socket, `${target.hostname}:${port}`, proxy, s, input.proxy.authorization), () => `CONNECT ${target.hostname}:${port} accepted`);
        }
      } else {
        record(run, { name: 'tunnel', status: 'skipped', detail: 'no proxy' });
      }
      if (https && !run.steps.some((s) => s.name === 'tls')) {
        const tcp = socket;
        await step(
          run,
          'tls',
          target.host,
          async (s) => {
            // Judged with the CAs the client trusts, whatever http.proxyStrictSSL says.
            const facts = await handshakeTls(tcp, target.hostname, s, trustOptions({ systemCertificates: input.proxy.systemCertificates }));
            certificate = facts; // In the report even when the step fails.
            if (!facts.authorized && input.proxy.strictSSL !== false) {
              // The message the client gives for the same certificate.
              throw errorFromFailure(Object.assign(new Error('untrusted certificate'), { code: facts.authorizationError }), { host: target.host, timeoutMs: input.timeoutMs });
            }
            return facts;
          },
          (facts) => (facts.authorized ? describeCertificate(facts) : `${describeCertificate(facts)}; going on because http.proxyStrictSSL is off`),
          {
            status: (facts) => (facts.authorized ? 'ok' : 'warning'),
            failureDetail: (error) => (certificate === undefined ? error.message : `${error.message} ${describeCertificate(certificate)}`),
          },
        );
      } else if (!https) {
        record(run, { name: 'tls', status: 'skipped', detail: 'the service URL is http://' });
      }
    } finally {
      socket.destroy();
    }

    if (input.apiKey === undefined) {
      noKey = true;
      record(run, { name: 'http', status: 'skipped', detail: 'no API key is set: run “Gist: Set API Key…”' });
    } else {
      const key = input.apiKey;
      const me = await step(run, 'http', target.host, () => meCall(run, base.url, key), (result) => `GET /v1/me → HTTP ${result.status}, first byte after ${Math.round(result.ttfbMs)} ms, signed in as ${result.user.name}`);
      user = me.user;
      ttfbMs = me.ttfbMs;
    }
  } catch (caught) {
    if (!(caught instanceof Stop)) {
      throw caught;
    }
  }
  // Every step not reached is listed as skipped, so the report always has all of them.
  for (const name of STEP_NAMES) {
    if (!run.steps.some((s) => s.name === name)) {
      record(run, { name, status: 'skipped', detail: run.cancelled ? 'cancelled' : `not run after the ${run.failedAt ?? 'previous'} step failed` });
    }
  }
  return {
    baseUrl: input.baseUrl,
    apiKeyHeader: input.apiKeyHeader,
    proxy: proxyText,
    steps: STEP_NAMES.map((name) => run.steps.find((s) => s.name === name)).filter((s): s is DiagnosisStep => s !== undefined),
    outcome: run.cancelled ? 'cancelled' : run.failedAt !== undefined ? 'failed' : noKey ? 'noKey' : 'ok',
    failedAt: run.failedAt,
    error: run.error === undefined ? undefined : { kind: run.error.kind, message: run.error.message, remedy: run.error.remedy },
    addresses,
    certificate,
    timeToFirstByteMs: ttfbMs,
    user,
  };
}
