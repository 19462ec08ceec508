// The diagnosis's last step: `GET /v1/me` through the client's own request path and dispatcher.
// Pure Node: no `vscode`. The key only ever goes into this request's header.
import { parseMe } from '../client/envelope';
import { checkSettings } from '../client/gistClient';
import { loadUndici, send } from '../client/http';
import { parsedWithoutKey, userWithoutKey } from '../client/keyEcho';
import { directAgent } from '../client/loopback';
import type { GistUser } from '../shared/gistUser';
import { meTarget } from '../client/urls';
import { record, step, type Run } from './diagnosisRun';
import type { Target } from './settingsSteps';

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
    const user = parsedWithoutKey(response, [checked.key], (clean) => parseMe(clean.status, clean.headers, clean.body), userWithoutKey);
    return { user, ttfbMs, status: response.status };
  } finally {
    void dispatcher.close();
  }
}

export async function meStep(run: Run, target: Target): Promise<void> {
  const key = run.input.apiKey;
  if (key === undefined) {
    run.found.noKey = true;
    record(run, { name: 'http', status: 'skipped', detail: 'no API key is set: run “Gist: Set API Key…”' });
    return;
  }
  const me = await step(
    run,
    'http',
    target.url.host,
    () => meCall(run, target.baseUrl, key),
    (result) => `GET /v1/me → HTTP ${result.status}, first byte after ${Math.round(result.ttfbMs)} ms, signed in as ${result.user.name}`,
  );
  run.found.user = me.user;
  run.found.ttfbMs = me.ttfbMs;
}
