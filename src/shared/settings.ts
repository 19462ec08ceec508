// One typed view of the `gist.*` settings, with the defaults in one place.
import * as vscode from 'vscode';
import { DEFAULT_LAB_CONCURRENCY, DEFAULT_LAB_RETRIES, DEFAULT_TIMEOUT_SECONDS, MAX_LAB_CONCURRENCY, MAX_LAB_RETRIES, MIN_LAB_CONCURRENCY } from './limits';
import { requestTimeoutMs } from './requestTimeout';

export const SETTINGS_SECTION = 'gist';

const DEFAULTS = {
  baseUrl: '',
  apiKeyHeader: 'SERVICE-API-KEY',
  requestTimeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
} as const;

/** Settings whose change means the profiles (and so the account) must be read again. */
export const CONNECTION_KEYS = ['gist.baseUrl', 'gist.apiKeyHeader', 'gist.profiles', 'gist.profile'] as const;

function configuration(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION);
}

/**
 * Values as read, kept until the configuration changes. Reading one took 0.1–0.5 ms (`inspect`
 * merges every configuration level; 5 ms for gist.gists); the status is read with the service URL
 * on every change of state, four times per call, and the catalog and the insert mode on every
 * call. The extension host replaces its configuration and fires this event in one step, and this
 * listener is registered when the bundle loads, before any other of the extension's: a kept value
 * is never older than what a read would return.
 */
const kept = new Map<string, unknown>();
vscode.workspace.onDidChangeConfiguration(() => kept.clear());

function readOnce<T>(key: string, read: () => T): T {
  if (!kept.has(key)) {
    kept.set(key, read());
  }
  return kept.get(key) as T;
}

/**
 * Application-scoped settings are read from the user (global) level only, so that a
 * workspace's `.vscode/settings.json` can never send the key to another host.
 */
function applicationValue<T>(key: string, fallback: T): T {
  const value = readOnce(key, () => {
    const levels = configuration().inspect<T>(key);
    return levels?.globalValue ?? levels?.defaultValue;
  });
  return value ?? fallback;
}

/** A whole number in [min, max] from whatever settings.json holds; `fallback` when it is not a number. */
function wholeNumberIn(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
}

export const settings = {
  baseUrl(): string {
    const value = applicationValue<unknown>('baseUrl', DEFAULTS.baseUrl);
    return typeof value === 'string' ? value.trim() : DEFAULTS.baseUrl;
  },

  apiKeyHeader(): string {
    const value = applicationValue<unknown>('apiKeyHeader', DEFAULTS.apiKeyHeader);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : DEFAULTS.apiKeyHeader;
  },

  /** Clamped to the declared 1–600 s, whatever settings.json (user or workspace) holds. */
  requestTimeoutMs(): number {
    return readOnce('requestTimeoutSeconds', () => requestTimeoutMs(configuration().get<unknown>('requestTimeoutSeconds', DEFAULTS.requestTimeoutSeconds)));
  },

  /** gist.lab.concurrency: calls of one lab run at once at most, clamped to the declared 1–512 (a ceiling: the engine finds the service's capacity under it). */
  labConcurrency(): number {
    return readOnce('lab.concurrency', () => wholeNumberIn(configuration().get<unknown>('lab.concurrency'), MIN_LAB_CONCURRENCY, MAX_LAB_CONCURRENCY, DEFAULT_LAB_CONCURRENCY));
  },

  /** gist.lab.maxRetries: attempts after the first for a 429, 5xx or network failure, clamped to 0–10. */
  labMaxRetries(): number {
    return readOnce('lab.maxRetries', () => wholeNumberIn(configuration().get<unknown>('lab.maxRetries'), 0, MAX_LAB_RETRIES, DEFAULT_LAB_RETRIES));
  },

  /** gist.review.reviewer from the user settings only (a cloned repository must not vote in your name); undefined when empty. */
  reviewer(): string | undefined {
    const value = configuration().inspect<unknown>('review.reviewer')?.globalValue;
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  },

  /** gist.review.stayBlind from the user settings: names stay hidden after each vote. */
  reviewStaysBlind(): boolean {
    return configuration().inspect<unknown>('review.stayBlind')?.globalValue === true;
  },

  /** gist.insertMode as written; generation/insertMode.ts checks it (settings know no feature's types). */
  insertMode(): unknown {
    return readOnce('insertMode', () => configuration().get<unknown>('insertMode'));
  },

  /**
   * gist.gists at each level on its own, as written: the catalog (catalog/gistCatalog.ts) parses
   * them, so that every entry knows whether the user or the workspace wrote it.
   */
  gists(): { readonly user: unknown; readonly workspace: unknown; readonly folder: unknown } {
    return readOnce('gists', () => {
      const levels = configuration().inspect<unknown>('gists');
      return { user: levels?.globalValue, workspace: levels?.workspaceValue, folder: levels?.workspaceFolderValue };
    });
  },

  /** gist.profiles as written in the user settings (account/profileList.ts reads it); never the workspace's. */
  profiles(): unknown {
    return configuration().inspect<unknown>('profiles')?.globalValue;
  },

  /**
   * gist.profile, a profile's name only: the workspace's (ignored in Restricted Mode, like every
   * workspace setting that decides where text goes), else the user's.
   */
  suggestedProfile(): string | undefined {
    const inspected = configuration().inspect<unknown>('profile');
    const workspace = vscode.workspace.isTrusted ? inspected?.workspaceValue : undefined;
    const value = workspace ?? inspected?.globalValue;
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  },

  async setBaseUrl(url: string): Promise<void> {
    await configuration().update('baseUrl', url, vscode.ConfigurationTarget.Global);
  },

  async setProfiles(entries: readonly unknown[]): Promise<void> {
    await configuration().update('profiles', entries, vscode.ConfigurationTarget.Global);
  },
};

export type Settings = typeof settings;
