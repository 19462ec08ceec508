// What the prompts remember between runs, in global state (never the key): recent gists, the
// last values and variant per gist, variable names of ad-hoc gists. (The last call id is the
// extension state's: shared/state.ts.)
import type * as vscode from 'vscode';
import { ownValue, recordOf } from '../shared/keyedRecord';
import { MAX_GIST_ID_BYTES, MAX_VALUE_BYTES, MAX_VALUES_KEPT, MAX_VARIABLE_NAME_BYTES, utf8Length } from '../shared/limits';
import { redactValues } from '../shared/redact';
import { GlobalStateKeys as KEYS } from '../shared/storageKeys';

const MAX_RECENT = 10;
const MAX_GISTS_REMEMBERED = 50;

/** Values worth remembering (global state is loaded at every startup): the first few, none too large. */
function keptValues(values: Readonly<Record<string, string>>): Record<string, string> {
  const small = Object.entries(values).filter(([name, value]) => utf8Length(name) <= MAX_VARIABLE_NAME_BYTES && utf8Length(value) <= MAX_VALUE_BYTES);
  return Object.fromEntries(small.slice(0, MAX_VALUES_KEPT));
}

/** The values to keep after a call: the fresh ones first, then older ones not replaced, capped as a whole. */
function mergedValues(previous: Readonly<Record<string, string>>, fresh: Readonly<Record<string, string>>): Record<string, string> {
  const merged = [...Object.entries(fresh), ...Object.entries(previous).filter(([name]) => !Object.hasOwn(fresh, name))];
  return keptValues(recordOf(merged));
}

/** A gist id over its cap is never sent (the client refuses it), so it is not remembered either. */
function rememberable(gistId: string): boolean {
  return utf8Length(gistId) <= MAX_GIST_ID_BYTES;
}

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
  constructor(
    /** The extension passes a LoggedMemento: a failed write is logged, even when nobody waits for it. */
    private readonly store: vscode.Memento,
    /** Takes every known key out of what is remembered (a key typed into a value). */
    private readonly redact: (text: string) => string = (text) => text,
  ) {}

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

  async rememberVariableNames(gistId: string, names: readonly string[]): Promise<void> {
    if (!rememberable(gistId)) {
      return;
    }
    await this.store.update(KEYS.variableNames, capped(this.store.get<PerGist<string[]>>(KEYS.variableNames, {}), gistId, [...names]));
  }

  /** Records a call the user started: its gist, variant and values. */
  async rememberCall(gistId: string, variant: string | undefined, values: Readonly<Record<string, string>>): Promise<void> {
    if (rememberable(gistId)) {
      await Promise.all([
        this.rememberValues(gistId, values),
        this.store.update(KEYS.lastVariant, capped(this.store.get<PerGist<string>>(KEYS.lastVariant, {}), gistId, variant ?? '')),
      ]);
    }
  }

  /** The gist and its values only: a call with no single variant (Compare Variants), or part of `rememberCall`. */
  async rememberValues(gistId: string, values: Readonly<Record<string, string>>): Promise<void> {
    if (!rememberable(gistId)) {
      return;
    }
    const recent = [gistId, ...this.recentGists().filter((id) => id !== gistId)].slice(0, MAX_RECENT);
    // Values kept before this redaction existed are redacted on their way back in too.
    const kept = redactValues(mergedValues(this.lastValues(gistId), values), this.redact);
    await Promise.all([
      this.store.update(KEYS.recentGists, recent),
      this.store.update(KEYS.lastValues, capped(this.store.get<PerGist<Record<string, string>>>(KEYS.lastValues, {}), gistId, kept)),
    ]);
  }
}
