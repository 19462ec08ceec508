// The profiles (named services, each with its own key) as the user settings define them, and the
// one a window uses. Pure: no `vscode`.
//
// The first profile is the setup from before profiles: `gist.baseUrl` and `gist.apiKeyHeader`,
// with the key stored under `gist.apiKey`. So an upgrade changes nothing and asks nothing: that
// service and its key simply are the first profile, named after its host. `gist.profiles` adds
// more; each entry names a service and never holds a key (the keychain does).
import { escapeControl } from '../shared/oneLine';
import { validateBaseUrl } from '../client/urls';
import { SecretKeys } from '../shared/storageKeys';
import { isRecord } from '../shared/text';

export const DEFAULT_API_KEY_HEADER = 'SERVICE-API-KEY';
/** The name of the first profile while `gist.baseUrl` is not set yet. */
export const UNNAMED_PROFILE = 'Default';
export const MAX_PROFILE_NAME_LENGTH = 64;
/** `gist.profiles` entries past this many are not used. */
export const MAX_PROFILES = 100;

export interface Profile {
  readonly name: string;
  /** As written in the settings (trimmed); checked with `validateBaseUrl` before every use. */
  readonly baseUrl: string;
  readonly apiKeyHeader: string;
  /** Where its API key lives in SecretStorage. */
  readonly secretKey: string;
  /** True for the profile of `gist.baseUrl` and `gist.apiKeyHeader`; false for a `gist.profiles` entry. */
  readonly fromBaseUrl: boolean;
}

/** What the user settings hold, as written (user level only: a workspace cannot define a service). */
export interface ProfileSettings {
  readonly baseUrl: string;
  readonly apiKeyHeader: string;
  readonly profiles: unknown;
}

export interface ProfileList {
  readonly profiles: readonly Profile[];
  /** Entries of `gist.profiles` that were not used, and why (for the log; never a key's value). */
  readonly problems: readonly string[];
}

export type NameResult = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: string };

/** A profile name: one line of 1–64 characters, unique among `taken` regardless of case. */
export function validateProfileName(raw: string, taken: readonly string[]): NameResult {
  const name = raw.trim();
  if (name === '') {
    return { ok: false, reason: 'Enter a name for the profile, for example “Staging”.' };
  }
  if (name.length > MAX_PROFILE_NAME_LENGTH) {
    return { ok: false, reason: `A profile name has at most ${MAX_PROFILE_NAME_LENGTH} characters.` };
  }
  if (escapeControl(name) !== name) {
    return { ok: false, reason: 'A profile name cannot contain line breaks or other control characters.' };
  }
  if (taken.some((other) => other.toLowerCase() === name.toLowerCase())) {
    return { ok: false, reason: `There is a profile named “${name}” already.` };
  }
  return { ok: true, name };
}

/** The first profile's name: the host (and path) of `gist.baseUrl`, or "Default" while it has none. */
export function baseUrlProfileName(baseUrl: string): string {
  const url = validateBaseUrl(baseUrl);
  if (!url.ok) {
    return UNNAMED_PROFILE;
  }
  const { host, pathname } = new URL(url.url);
  const name = pathname === '/' || pathname === '' ? host : `${host}${pathname}`;
  return name.length > MAX_PROFILE_NAME_LENGTH ? `${name.slice(0, MAX_PROFILE_NAME_LENGTH - 1)}…` : name;
}

function headerOf(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : DEFAULT_API_KEY_HEADER;
}

/** One `gist.profiles` entry, or why it is not used. */
function readEntry(raw: unknown, index: number, taken: readonly string[]): { profile?: Profile; problems: string[] } {
  const where = `gist.profiles entry ${index + 1}`;
  if (!isRecord(raw)) {
    return { problems: [`${where} is not an object with a name and a baseUrl; it is not used.`] };
  }
  const problems: string[] = [];
  // A key written into settings.json would sit in a plain file: it is never read from there.
  for (const field of Object.keys(raw)) {
    if (/key|token|secret|password/i.test(field) && field !== 'apiKeyHeader') {
      problems.push(`${where} has a field “${escapeControl(field.slice(0, 40))}”, which is ignored: a profile's key is kept in the system keychain only (Gist: Set API Key…). Remove it from your settings.`);
    }
  }
  if (typeof raw.name !== 'string') {
    return { problems: [...problems, `${where} has no name; it is not used.`] };
  }
  const name = validateProfileName(raw.name, taken);
  if (!name.ok) {
    return { problems: [...problems, `${where}: ${name.reason} It is not used.`] };
  }
  if (typeof raw.baseUrl !== 'string' || raw.baseUrl.trim() === '') {
    return { problems: [...problems, `${where} (“${name.name}”) has no baseUrl; it is not used.`] };
  }
  if (raw.apiKeyHeader !== undefined && typeof raw.apiKeyHeader !== 'string') {
    problems.push(`${where} (“${name.name}”): apiKeyHeader is not text; ${DEFAULT_API_KEY_HEADER} is used.`);
  }
  return {
    profile: { name: name.name, baseUrl: raw.baseUrl.trim(), apiKeyHeader: headerOf(raw.apiKeyHeader), secretKey: SecretKeys.profileApiKey(name.name), fromBaseUrl: false },
    problems,
  };
}

/**
 * The profiles, in order: the one of `gist.baseUrl` first (when it is set, or when no entry of
 * `gist.profiles` is usable, so there is always one), then each usable `gist.profiles` entry.
 */
export function readProfiles(settings: ProfileSettings): ProfileList {
  const entries = Array.isArray(settings.profiles) ? settings.profiles : [];
  const problems: string[] = [];
  if (settings.profiles !== undefined && settings.profiles !== null && !Array.isArray(settings.profiles)) {
    problems.push('gist.profiles is not a list; it is not used.');
  }
  if (entries.length > MAX_PROFILES) {
    problems.push(`gist.profiles has ${entries.length} entries; only the first ${MAX_PROFILES} are used.`);
  }
  const baseUrl = settings.baseUrl.trim();
  const first: Profile = {
    name: baseUrlProfileName(baseUrl),
    baseUrl,
    apiKeyHeader: headerOf(settings.apiKeyHeader),
    secretKey: SecretKeys.apiKey,
    fromBaseUrl: true,
  };
  const listed: Profile[] = [];
  const taken = (): string[] => [...(baseUrl === '' ? [] : [first.name]), ...listed.map((profile) => profile.name)];
  for (const [index, raw] of entries.slice(0, MAX_PROFILES).entries()) {
    const entry = readEntry(raw, index, taken());
    problems.push(...entry.problems);
    if (entry.profile !== undefined) {
      listed.push(entry.profile);
    }
  }
  const profiles = baseUrl !== '' || listed.length === 0 ? [first, ...listed] : listed;
  return { profiles, problems };
}

/** Where a window's profile comes from, strongest first. */
export interface ProfileChoice {
  /** Picked by the user in this workspace (Switch Account). */
  readonly picked?: string | undefined;
  /** Named by the workspace's settings (`gist.profile`), only when the workspace is trusted. */
  readonly suggested?: string | undefined;
}

/** The profile a window uses: the one picked here, else the one suggested, else the first. */
export function chooseProfile(profiles: readonly Profile[], choice: ProfileChoice): { readonly profile: Profile; readonly source: 'picked' | 'suggested' | 'first' } {
  const named = (name: string | undefined): Profile | undefined => (name === undefined ? undefined : profiles.find((profile) => profile.name === name));
  const picked = named(choice.picked);
  if (picked !== undefined) {
    return { profile: picked, source: 'picked' };
  }
  const suggested = named(choice.suggested);
  if (suggested !== undefined) {
    return { profile: suggested, source: 'suggested' };
  }
  const [first] = profiles;
  if (first === undefined) {
    throw new Error('readProfiles always returns at least one profile');
  }
  return { profile: first, source: 'first' };
}

/** `gist.profiles` as written, with `name`'s entry changed by `change` (entries it cannot read are kept as they are). */
export function withEntryChanged(raw: unknown, name: string, change: (entry: Record<string, unknown>) => Record<string, unknown>): unknown[] {
  const entries: readonly unknown[] = Array.isArray(raw) ? raw : [];
  return entries.map((entry) => (isRecord(entry) && typeof entry.name === 'string' && entry.name.trim() === name ? change(entry) : entry));
}
