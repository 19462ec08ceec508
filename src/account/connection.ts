// Builds the per-call connection settings from a profile and its stored key. Pure: no `vscode`.
import type { ConnectionSettings } from '../client/types';
import { validateBaseUrl } from '../client/urls';
import type { Profile } from './profileList';

export type ConnectionResult =
  | { readonly ok: true; readonly connection: ConnectionSettings }
  | { readonly ok: false; readonly missing: 'baseUrl' | 'apiKey'; readonly reason: string };

export function connectionFor(profile: Profile, apiKey: string | undefined, timeoutMs: number): ConnectionResult {
  if (profile.baseUrl === '') {
    return { ok: false, missing: 'baseUrl', reason: 'No service URL is set.' };
  }
  // Checked for every profile as for the first: plain http only to this machine.
  const url = validateBaseUrl(profile.baseUrl);
  if (!url.ok) {
    return { ok: false, missing: 'baseUrl', reason: url.reason };
  }
  if (apiKey === undefined) {
    return { ok: false, missing: 'apiKey', reason: 'No API key is set.' };
  }
  return {
    ok: true,
    connection: { baseUrl: url.url, apiKeyHeader: profile.apiKeyHeader, apiKey, timeoutMs, profile: profile.name },
  };
}
