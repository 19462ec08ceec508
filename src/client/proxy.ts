// Calls through an HTTP(S) proxy: a `dispatcherFactory` for GistClient built on undici's
// EnvHttpProxyAgent, which also honours NO_PROXY. Pure Node: no `vscode`; the extension passes
// VS Code's `http.*` settings in, and the client follows them as VS Code's own requests do.
import type { Dispatcher } from 'undici';
import { GistError } from './errors';
import { KEEP_ALIVE_MS, type Undici } from './http';
import { directAgent, loopbackDirect } from './loopback';
import { trustOptions } from './trust';
import { isLoopbackHost } from './urls';

export interface ProxySettings {
  /** VS Code's `http.proxy`. Empty or absent: HTTPS_PROXY / HTTP_PROXY from the environment, if set. */
  readonly proxyUrl?: string | undefined;
  /** VS Code's `http.noProxy`: hosts reached directly. Empty or absent: NO_PROXY from the environment. */
  readonly noProxy?: readonly string[] | undefined;
  /**
   * VS Code's `http.proxyStrictSSL`; default true. False (the user's explicit choice, for a proxy
   * that re-signs TLS with a CA Node does not know) accepts certificates that cannot be verified,
   * as VS Code itself then does.
   */
  readonly strictSSL?: boolean | undefined;
  /** VS Code's `http.proxySupport`; "off" turns every proxy off, environment included. Default on. */
  readonly support?: 'off' | 'on' | 'fallback' | 'override' | undefined;
  /** VS Code's `http.proxyAuthorization`: the Proxy-Authorization header for the proxy. A credential: never logged. */
  readonly authorization?: string | undefined;
  /** VS Code's `http.systemCertificates`; default true: the OS trust store's CAs too (see `trust.ts`). */
  readonly systemCertificates?: boolean | undefined;
}

export type ProxyUrlResult = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string };

/** Checks a proxy URL. Reasons never repeat it, since it may hold a password. */
export function validateProxyUrl(raw: string): ProxyUrlResult {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'The proxy setting is not a URL; it should look like http://proxy.example.com:3128.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'The proxy URL must start with http:// or https://.' };
  }
  if (url.pathname.replace(/\/+$/, '') !== '' || url.search !== '' || url.hash !== '') {
    return { ok: false, reason: 'The proxy URL must be only a scheme, host and port, such as http://proxy.example.com:3128.' };
  }
  return { ok: true, url: url.href.replace(/\/$/, '') };
}

/**
 * A `GistClientOptions.dispatcherFactory` that sends calls through the proxy, except calls to a
 * loopback service, which always go direct (see `loopbackDirect`), and every call when
 * `support` is "off". Throws a `configuration` GistError from the first call when the proxy URL
 * is unusable; check it with `validateProxyUrl` first to tell the user earlier. `systemCas`
 * replaces the OS store's CAs (see `trustOptions`), for tests and the benchmark.
 */
export function proxyDispatcherFactory(settings: ProxySettings, systemCas?: () => string[] | undefined): (undici: Undici) => Dispatcher {
  return (undici) => {
    const trust = trustOptions(settings, systemCas);
    const direct = directAgent(undici, trust);
    if (settings.support === 'off') {
      return direct;
    }
    const raw = settings.proxyUrl?.trim() ?? '';
    const noProxy = settings.noProxy !== undefined && settings.noProxy.length > 0 ? settings.noProxy.join(',') : undefined;
    // connect: direct calls; requestTls: the service behind a proxy; proxyTls: an https:// proxy.
    const tls = { connect: trust, requestTls: trust, proxyTls: trust };
    // undici sends `token` as Proxy-Authorization to the proxy only (on the CONNECT), never to the service.
    const authorization = settings.authorization?.trim() ?? '';
    const token = authorization === '' ? {} : { token: authorization };
    let proxyUrls = {};
    if (raw !== '') {
      const proxy = validateProxyUrl(raw);
      if (!proxy.ok) {
        throw new GistError('configuration', proxy.reason, 'openSettings');
      }
      proxyUrls = { httpProxy: proxy.url, httpsProxy: proxy.url };
    }
    const proxied = new undici.EnvHttpProxyAgent({ keepAliveTimeout: KEEP_ALIVE_MS, noProxy, ...proxyUrls, ...tls, ...token });
    return loopbackDirect(undici, direct, proxied);
  };
}

/** Where calls to one URL go: straight to the host, or through a proxy (and which setting chose it). */
export type ProxyChoice =
  | { readonly kind: 'direct'; readonly reason: 'loopback' | 'proxySupportOff' | 'noProxyConfigured' | 'noProxyMatch' }
  | { readonly kind: 'proxy'; readonly url: string; readonly source: 'http.proxy' | 'environment' };

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/** True when `noProxy` (comma or space separated, as NO_PROXY) names the host, as undici decides it. */
function bypassed(url: URL, noProxy: string): boolean {
  const entries = noProxy.split(/[,\s]/).filter((entry) => entry !== '');
  if (noProxy.trim() === '*') {
    return true;
  }
  const hostname = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0;
  return entries.some((entry) => {
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const entryHost = (parsed?.[1] ?? entry).replace(/^\*?\./, '').toLowerCase();
    const entryPort = parsed?.[2] !== undefined ? Number.parseInt(parsed[2], 10) : 0;
    if (entryPort !== 0 && entryPort !== port) {
      return false;
    }
    return hostname === entryHost || hostname.endsWith(`.${entryHost}`);
  });
}

/**
 * The proxy `proxyDispatcherFactory(settings)` uses for `url`: none for a loopback host, whatever
 * the settings, nor with http.proxySupport "off"; otherwise by the same rules as undici's EnvHttpProxyAgent: http.proxy, else
 * https_proxy/HTTPS_PROXY (for https) or http_proxy/HTTP_PROXY; hosts in http.noProxy (else
 * no_proxy/NO_PROXY) go direct.
 */
export function chooseProxy(url: URL, settings: ProxySettings, env: NodeJS.ProcessEnv = process.env): ProxyChoice {
  if (isLoopbackHost(url.hostname)) {
    return { kind: 'direct', reason: 'loopback' };
  }
  if (settings.support === 'off') {
    return { kind: 'direct', reason: 'proxySupportOff' };
  }
  const configured = settings.proxyUrl?.trim() ?? '';
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY;
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY;
  const fromEnv = url.protocol === 'https:' ? httpsProxy || httpProxy : httpProxy;
  const proxyUrl = configured !== '' ? configured : fromEnv;
  if (proxyUrl === undefined || proxyUrl === '') {
    return { kind: 'direct', reason: 'noProxyConfigured' };
  }
  const noProxy = settings.noProxy !== undefined && settings.noProxy.length > 0 ? settings.noProxy.join(',') : (env.no_proxy ?? env.NO_PROXY ?? '');
  if (bypassed(url, noProxy)) {
    return { kind: 'direct', reason: 'noProxyMatch' };
  }
  return { kind: 'proxy', url: proxyUrl, source: configured !== '' ? 'http.proxy' : 'environment' };
}

/** A proxy URL fit for a log or a message: user name and password masked (a user name can be a token too). */
export function redactProxyUrl(raw: string): string {
  try {
    const url = new URL(raw.trim());
    if (url.username !== '') {
      url.username = '***';
    }
    if (url.password !== '') {
      url.password = '***';
    }
    return url.href.replace(/\/$/, '');
  } catch {
    return '(not a URL)';
  }
}
