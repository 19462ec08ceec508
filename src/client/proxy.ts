// Calls through an HTTP(S) proxy: a `dispatcherFactory` for GistClient built on undici's
// EnvHttpProxyAgent, which also honours NO_PROXY. Pure Node: no `vscode`; the extension passes
// VS Code's `http.proxy` and `http.noProxy` settings in.
import type { Dispatcher } from 'undici';
import { GistError } from './errors';
import { KEEP_ALIVE_MS, type Undici } from './http';

export interface ProxySettings {
  /** VS Code's `http.proxy`. Empty or absent: HTTPS_PROXY / HTTP_PROXY from the environment, if set. */
  readonly proxyUrl?: string | undefined;
  /** VS Code's `http.noProxy`: hosts reached directly. Empty or absent: NO_PROXY from the environment. */
  readonly noProxy?: readonly string[] | undefined;
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
 * A `GistClientOptions.dispatcherFactory` that sends calls through the proxy. Throws a
 * `configuration` GistError from the first call when the proxy URL is unusable; check it with
 * `validateProxyUrl` first to tell the user earlier.
 */
export function proxyDispatcherFactory(settings: ProxySettings): (undici: Undici) => Dispatcher {
  return (undici) => {
    const raw = settings.proxyUrl?.trim() ?? '';
    const noProxy = settings.noProxy !== undefined && settings.noProxy.length > 0 ? settings.noProxy.join(',') : undefined;
    if (raw === '') {
      return new undici.EnvHttpProxyAgent({ keepAliveTimeout: KEEP_ALIVE_MS, noProxy });
    }
    const proxy = validateProxyUrl(raw);
    if (!proxy.ok) {
      throw new GistError('configuration', proxy.reason, 'openSettings');
    }
    return new undici.EnvHttpProxyAgent({ keepAliveTimeout: KEEP_ALIVE_MS, httpProxy: proxy.url, httpsProxy: proxy.url, noProxy });
  };
}
