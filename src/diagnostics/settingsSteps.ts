// The diagnosis's first two steps: the settings, checked as the client checks them, and the proxy,
// chosen as the client's dispatcher chooses it. Pure Node: no `vscode`.
import { validateApiKey, validateHeaderName } from '../client/apiKey';
import { GistError } from '../client/errors';
import { chooseProxy, redactProxyUrl, validateProxyUrl } from '../client/proxy';
import { validateBaseUrl } from '../client/urls';
import { fail, record, type Run } from './diagnosisRun';

/** The service as the settings name it. */
export interface Target {
  readonly baseUrl: string;
  readonly url: URL;
  readonly https: boolean;
  readonly port: number;
}

export function settingsStep(run: Run): Target {
  const { input } = run;
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
  const url = new URL(base.url);
  const https = url.protocol === 'https:';
  return { baseUrl: base.url, url, https, port: Number(url.port) || (https ? 443 : 80) };
}

/** The proxy the client would use for the target, or undefined when it connects directly. */
export function proxyStep(run: Run, target: Target): URL | undefined {
  const choice = chooseProxy(target.url, run.input.proxy, run.input.env ?? process.env);
  if (choice.kind === 'proxy') {
    const valid = validateProxyUrl(choice.url);
    if (!valid.ok) {
      fail(run, 'proxy', new GistError('configuration', valid.reason, 'openSettings'));
    }
    run.found.proxyText = redactProxyUrl(valid.url);
    record(run, { name: 'proxy', status: 'ok', detail: `through ${run.found.proxyText} (from ${choice.source})` });
    return new URL(valid.url);
  }
  run.found.proxyText =
    choice.reason === 'loopback'
      ? 'direct (loopback service: never through a proxy)'
      : choice.reason === 'proxySupportOff'
        ? 'direct (http.proxySupport is off)'
        : choice.reason === 'noProxyMatch'
          ? 'direct (host listed in no-proxy)'
          : 'direct (no proxy set)';
  record(run, { name: 'proxy', status: 'ok', detail: run.found.proxyText });
  return undefined;
}
