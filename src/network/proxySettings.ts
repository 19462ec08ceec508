// VS Code's network settings (proxy, proxy credentials, which CAs to trust), handed to the client.
// Read when connections are (re)made, so a change applies to the next call; the environment
// (HTTPS_PROXY, NO_PROXY) is the fallback for the proxy.
import * as vscode from 'vscode';
import type { Dispatcher } from 'undici';
import type { Undici } from '../client/http';
import { proxyDispatcherFactory, type ProxySettings } from '../client/proxy';
import { trustOnFirstTls } from '../client/trust';

export const PROXY_KEYS = ['http.proxy', 'http.noProxy', 'http.proxyStrictSSL', 'http.proxySupport', 'http.proxyAuthorization', 'http.systemCertificates'] as const;

const PROXY_SUPPORT = ['off', 'on', 'fallback', 'override'] as const;

/** VS Code's network settings as the client's ProxySettings (an empty proxy means "use the environment"). */
export function readProxySettings(): ProxySettings {
  const http = vscode.workspace.getConfiguration('http');
  const proxy = http.get<string>('proxy', '').trim();
  const noProxy = http.get<unknown>('noProxy', []);
  const support = http.get<unknown>('proxySupport');
  const authorization = http.get<unknown>('proxyAuthorization');
  return {
    proxyUrl: proxy === '' ? undefined : proxy,
    noProxy: Array.isArray(noProxy) ? noProxy.filter((entry): entry is string => typeof entry === 'string') : undefined,
    strictSSL: http.get<boolean>('proxyStrictSSL', true),
    support: PROXY_SUPPORT.find((value) => value === support),
    authorization: typeof authorization === 'string' && authorization.trim() !== '' ? authorization : undefined,
    systemCertificates: http.get<unknown>('systemCertificates') !== false,
  };
}

/** The client's dispatcher: the settings read now; the CAs to trust made on the first call that may need TLS (none to a local http:// service). */
export function proxyAwareDispatcher(undici: Undici): Dispatcher {
  return trustOnFirstTls(proxyDispatcherFactory(readProxySettings()))(undici);
}
