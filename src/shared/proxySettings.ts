// VS Code's proxy settings, handed to the client. Read when connections are (re)made, so a
// change applies to the next call; the environment (HTTPS_PROXY, NO_PROXY) is the fallback.
import * as vscode from 'vscode';
import type { Dispatcher } from 'undici';
import type { Undici } from '../client/http';
import { proxyDispatcherFactory, type ProxySettings } from '../client/proxy';

export const PROXY_KEYS = ['http.proxy', 'http.noProxy', 'http.proxyStrictSSL'] as const;

/** `http.proxy`, `http.noProxy` and `http.proxyStrictSSL` as the client's ProxySettings (empty means "use the environment"). */
export function readProxySettings(): ProxySettings {
  const http = vscode.workspace.getConfiguration('http');
  const proxy = http.get<string>('proxy', '').trim();
  const noProxy = http.get<unknown>('noProxy', []);
  return {
    proxyUrl: proxy === '' ? undefined : proxy,
    noProxy: Array.isArray(noProxy) ? noProxy.filter((entry): entry is string => typeof entry === 'string') : undefined,
    strictSSL: http.get<boolean>('proxyStrictSSL', true),
  };
}

export function proxyAwareDispatcher(undici: Undici): Dispatcher {
  return proxyDispatcherFactory(readProxySettings())(undici);
}
