// A key in the keychain is bound to the service it was checked with: its value holds the key, the
// service URL and the header it was checked (or, with "Save Anyway", meant) for. A profile's key is
// sent only while the profile still names that service; a profile removed and added again at
// another URL, or a service URL changed, gets its key asked for again. Keys stored before keys
// were bound are plain values: on the first start of this version each is bound to the service its
// profile names then (where today's code sent it anyway), and a plain value found later is bound to
// nothing. Pure: no `vscode`.
import { validateBaseUrl } from '../client/urls';
import type { Profile } from './profileList';
import { SecretKeys } from '../shared/storageKeys';

/** What a key is bound to: a service URL (as `validateBaseUrl` writes it) and the header, in lower case. */
export interface KeyService {
  readonly baseUrl: string;
  readonly apiKeyHeader: string;
}

/** A plain value stored before keys were bound, found when its profile was gone: bound to no service. */
export const NO_SERVICE: KeyService = { baseUrl: '', apiKeyHeader: '' };

/** Starts every bound value. A key never holds a space (`validateApiKey`), so no plain key can look like one. */
const BOUND_PREFIX = 'gist-key-v1 ';

export type StoredKey =
  | { readonly kind: 'none' }
  | { readonly kind: 'bound'; readonly key: string; readonly service: KeyService }
  /** Stored by a version before keys were bound. */
  | { readonly kind: 'plain'; readonly key: string };

/** What a profile may do with what its secret holds. */
export type KeyLookup =
  | { readonly kind: 'none' }
  | { readonly kind: 'usable'; readonly key: string }
  /** Bound to another service than the profile names now (`NO_SERVICE`: to none): never sent. */
  | { readonly kind: 'elsewhere'; readonly boundTo: KeyService };

/** The service as the binding compares it: the URL validated and normalised, the header in lower case; undefined without a valid URL. */
export function keyService(service: { readonly baseUrl: string; readonly apiKeyHeader: string }): KeyService | undefined {
  const url = validateBaseUrl(service.baseUrl);
  return url.ok ? { baseUrl: url.url, apiKeyHeader: service.apiKeyHeader.trim().toLowerCase() } : undefined;
}

export function encodeStoredKey(key: string, service: KeyService): string {
  return `${BOUND_PREFIX}${JSON.stringify({ key, baseUrl: service.baseUrl, apiKeyHeader: service.apiKeyHeader })}`;
}

export function decodeStoredKey(raw: string | undefined): StoredKey {
  if (raw === undefined || raw === '') {
    return { kind: 'none' };
  }
  if (!raw.startsWith(BOUND_PREFIX)) {
    return { kind: 'plain', key: raw };
  }
  try {
    const parsed = JSON.parse(raw.slice(BOUND_PREFIX.length)) as unknown;
    if (typeof parsed === 'object' && parsed !== null) {
      const { key, baseUrl, apiKeyHeader } = parsed as Record<string, unknown>;
      if (typeof key === 'string' && key !== '' && typeof baseUrl === 'string' && typeof apiKeyHeader === 'string') {
        return { kind: 'bound', key, service: { baseUrl, apiKeyHeader } };
      }
    }
  } catch {
    // Not ours after all: treated as nothing stored, never as a key.
  }
  return { kind: 'none' };
}

/**
 * What `profile` may do with `stored`. A plain value is never sent: it is bound (or not) when
 * this version first starts, before anything reads a key.
 */
export function lookupKey(stored: StoredKey, profile: Pick<Profile, 'baseUrl' | 'apiKeyHeader'>): KeyLookup {
  switch (stored.kind) {
    case 'none':
      return { kind: 'none' };
    case 'plain':
      return { kind: 'elsewhere', boundTo: NO_SERVICE };
    case 'bound': {
      const now = keyService(profile);
      const same = now !== undefined && now.baseUrl === stored.service.baseUrl && now.apiKeyHeader === stored.service.apiKeyHeader;
      return same ? { kind: 'usable', key: stored.key } : { kind: 'elsewhere', boundTo: stored.service };
    }
  }
}

/**
 * The binding a plain value gets on the first start of this version: the service its profile
 * names now, or none when no profile uses that secret (or its profile has no valid URL).
 */
export function bindingOfPlainKey(secret: string, profiles: readonly Profile[]): KeyService {
  const profile = profiles.find((candidate) => candidate.secretKey === secret);
  return (profile === undefined ? undefined : keyService(profile)) ?? NO_SERVICE;
}

/** A stored key that is never sent: no profile uses its secret any more, or its profile names another service now. */
export interface UnusedKey {
  readonly secret: string;
  /** The profile the secret was named for (the first profile's, for `gist.apiKey`). */
  readonly profile: string | undefined;
  readonly reason: 'profileGone' | 'serviceChanged';
  /** The service the key was checked with; `NO_SERVICE` when unknown. */
  readonly boundTo: KeyService;
}

/** The profile name a secret was named for: undefined for the first profile's (`gist.apiKey`). */
export function profileNameOfSecret(secret: string): string | undefined {
  const prefix = `${SecretKeys.apiKey}/`;
  return secret.startsWith(prefix) ? secret.slice(prefix.length) : undefined;
}

/** Every stored key no profile can send, with why, in the order of `stored`. */
export function unusedKeys(stored: ReadonlyArray<{ readonly secret: string; readonly value: StoredKey }>, profiles: readonly Profile[]): UnusedKey[] {
  return stored.flatMap(({ secret, value }): UnusedKey[] => {
    if (value.kind === 'none') {
      return [];
    }
    const profile = profiles.find((candidate) => candidate.secretKey === secret);
    const boundTo = value.kind === 'bound' ? value.service : NO_SERVICE;
    if (profile === undefined) {
      return [{ secret, profile: profileNameOfSecret(secret), reason: 'profileGone', boundTo }];
    }
    return lookupKey(value, profile).kind === 'elsewhere' ? [{ secret, profile: profile.name, reason: 'serviceChanged', boundTo }] : [];
  });
}
