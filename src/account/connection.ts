// Builds the per-call connection settings from the settings and the stored key.
import type { ConnectionSettings } from '../client/types';
import { validateBaseUrl } from '../client/urls';
import type { Settings } from '../shared/settings';

export type ConnectionResult =
  | { readonly ok: true; readonly connection: ConnectionSettings }
  | { readonly ok: false; readonly missing: 'baseUrl' | 'apiKey'; readonly reason: string };

export function connectionFor(settings: Settings, apiKey: string | undefined): ConnectionResult {
  const raw = settings.baseUrl();
  if (raw === '') {
    return { ok: false, missing: 'baseUrl', reason: 'No service URL is set.' };
  }
  const url = validateBaseUrl(raw);
  if (!url.ok) {
    return { ok: false, missing: 'baseUrl', reason: url.reason };
  }
  if (apiKey === undefined) {
    return { ok: false, missing: 'apiKey', reason: 'No API key is set.' };
  }
  return {
    ok: true,
    connection: { baseUrl: url.url, apiKeyHeader: settings.apiKeyHeader(), apiKey, timeoutMs: settings.requestTimeoutMs() },
  };
}
