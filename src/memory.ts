// What the extension remembers between runs, in global state (never the key): recent gists,
// the last values per gist and variable, variable names of ad-hoc gists, the last call id.
import type * as vscode from 'vscode';
import { ownValue, recordOf } from './core/keyedRecord';

const KEYS = {
  recentGists: 'gist.recentGists',
  lastValues: 'gist.lastValues',
  variableNames: 'gist.variableNames',
  lastVariant: 'gist.lastVariant',
  lastCallId: 'gist.lastCallId',
} as const;

const MAX_RECENT = 10;
const MAX_GISTS_REMEMBERED = 50;
/** A remembered value larger than this is not kept (global state is loaded at every startup). */
const MAX_VALUE_LENGTH = 16 * 1024;

type PerGist<T> = Record<string, T>;

/** Keeps the most recently touched `MAX_GISTS_REMEMBERED` entries; a gist id such as `__proto__` is an ordinary key. */
export function capped<T>(entries: PerGist<T>, touched: string, value: T): PerGist<T> {
  const next = recordOf(Object.entries(entries).filter(([id]) => id !== touched));
  next[touched] = value;
  const ids = Object.keys(next);
  for (const id of ids.slice(0, Math.max(0, ids.length - MAX_GISTS_REMEMBERED))) {
    delete next[id];
  }
  return next;
}

export class Memory {
  constructor(private readonly store: vscode.Memento) {}

  recentGists(): readonly string[] {
    return this.store.get<string[]>(KEYS.recentGists, []);
  }

  lastValues(gistId: string): Readonly<Record<string, string>> {
    return ownValue(this.store.get<PerGist<Record<string, string>>>(KEYS.lastValues, {}), gistId) ?? {};
  }

  variableNames(gistId: string): readonly string[] | undefined {
    return ownValue(this.store.get<PerGist<string[]>>(KEYS.variableNames, {}), gistId);
  }

  /** The last variant chosen for a gist; `''` means automatic. */
  lastVariant(gistId: string): string | undefined {
    return ownValue(this.store.get<PerGist<string>>(KEYS.lastVariant, {}), gistId);
  }

  lastCallId(): string | undefined {
    return this.store.get<string>(KEYS.lastCallId);
  }

  async rememberVariableNames(gistId: string, names: readonly string[]): Promise<void> {
    await this.store.update(KEYS.variableNames, capped(this.store.get<PerGist<string[]>>(KEYS.variableNames, {}), gistId, [...names]));
  }

  /** Records a call the user started: its gist, variant and values. */
  async rememberCall(gistId: string, variant: string | undefined, values: Readonly<Record<string, string>>): Promise<void> {
    const recent = [gistId, ...this.recentGists().filter((id) => id !== gistId)].slice(0, MAX_RECENT);
    const kept = Object.fromEntries(Object.entries(values).filter(([, value]) => value.length <= MAX_VALUE_LENGTH));
    const previous = this.lastValues(gistId);
    await Promise.all([
      this.store.update(KEYS.recentGists, recent),
      this.store.update(
        KEYS.lastValues,
        capped(this.store.get<PerGist<Record<string, string>>>(KEYS.lastValues, {}), gistId, { ...previous, ...kept }),
      ),
      this.store.update(KEYS.lastVariant, capped(this.store.get<PerGist<string>>(KEYS.lastVariant, {}), gistId, variant ?? '')),
    ]);
  }

  /** The values of a call with no single variant (Compare Variants): the gist and its values only. */
  async rememberValues(gistId: string, values: Readonly<Record<string, string>>): Promise<void> {
    const recent = [gistId, ...this.recentGists().filter((id) => id !== gistId)].slice(0, MAX_RECENT);
    const kept = Object.fromEntries(Object.entries(values).filter(([, value]) => value.length <= MAX_VALUE_LENGTH));
    await Promise.all([
      this.store.update(KEYS.recentGists, recent),
      this.store.update(
        KEYS.lastValues,
        capped(this.store.get<PerGist<Record<string, string>>>(KEYS.lastValues, {}), gistId, { ...this.lastValues(gistId), ...kept }),
      ),
    ]);
  }

  async rememberLastCallId(callId: string): Promise<void> {
    await this.store.update(KEYS.lastCallId, callId);
  }
}
