// What the prompts remember between runs, in global state (never the key): recent gists, the
// last values and variant per gist, variable names of ad-hoc gists. (The last call id is the
// extension state's: shared/state.ts.) Each entry is stamped with when it was written, and what
// this window wrote is kept and put back when another window's write of global state lost it
// (stampedEntries.ts).
import type * as vscode from 'vscode';
import { recordOf } from '../shared/keyedRecord';
import { MAX_GIST_ID_BYTES, MAX_VALUE_BYTES, MAX_VALUES_KEPT, MAX_VARIABLE_NAME_BYTES, utf8Length } from '../shared/limits';
import { redactValues } from '../shared/redact';
import { GlobalStateKeys as KEYS } from '../shared/storageKeys';
import { mergedEntries, newestEntry, type Stamped, type StoredEntries } from './stampedEntries';

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

/** What is remembered per gist, by the key it is stored under. */
interface Remembered {
  readonly recentGists: true;
  readonly lastValues: Record<string, string>;
  readonly variableNames: string[];
  readonly lastVariant: string;
}
type Kind = keyof Remembered;
type Stamps = Partial<Record<Kind, Record<string, number>>>;

const KINDS: readonly Kind[] = ['recentGists', 'lastValues', 'variableNames', 'lastVariant'];
const MAX_ENTRIES: Record<Kind, number> = { recentGists: MAX_RECENT, lastValues: MAX_GISTS_REMEMBERED, variableNames: MAX_GISTS_REMEMBERED, lastVariant: MAX_GISTS_REMEMBERED };

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export class Memory {
  /** The entries this window wrote, per kind: put back when another window's write lost them. */
  private readonly own: { [K in Kind]: Map<string, Stamped<Remembered[K]>> } = { recentGists: new Map(), lastValues: new Map(), variableNames: new Map(), lastVariant: new Map() };
  private lastStamp = 0;

  constructor(
    /** The extension passes a LoggedMemento: a failed write is logged, even when nobody waits for it. */
    private readonly store: vscode.Memento,
    /** Takes every known key out of what is remembered (a key typed into a value). */
    private readonly redact: (text: string) => string = (text) => text,
  ) {}

  /** The gists used last, newest first. */
  recentGists(): readonly string[] {
    return Object.keys(this.merged('recentGists').values).reverse();
  }

  lastValues(gistId: string): Readonly<Record<string, string>> {
    return this.entry('lastValues', gistId) ?? {};
  }

  variableNames(gistId: string): readonly string[] | undefined {
    return this.entry('variableNames', gistId);
  }

  /** The last variant chosen for a gist; `''` means automatic. */
  lastVariant(gistId: string): string | undefined {
    return this.entry('lastVariant', gistId);
  }

  async rememberVariableNames(gistId: string, names: readonly string[]): Promise<void> {
    if (!rememberable(gistId)) {
      return;
    }
    await this.write(['variableNames', gistId, [...names]]);
  }

  /** Records a call the user started: its gist, variant and values. */
  async rememberCall(gistId: string, variant: string | undefined, values: Readonly<Record<string, string>>): Promise<void> {
    if (rememberable(gistId)) {
      await this.write(...this.valuesEntries(gistId, values), ['lastVariant', gistId, variant ?? '']);
    }
  }

  /** The gist and its values only: a call with no single variant (Compare Variants), or part of `rememberCall`. */
  async rememberValues(gistId: string, values: Readonly<Record<string, string>>): Promise<void> {
    if (!rememberable(gistId)) {
      return;
    }
    await this.write(...this.valuesEntries(gistId, values));
  }

  private valuesEntries(gistId: string, values: Readonly<Record<string, string>>): [readonly ['recentGists', string, true], readonly ['lastValues', string, Record<string, string>]] {
    // Values kept before this redaction existed are redacted on their way back in too.
    const kept = redactValues(mergedValues(this.lastValues(gistId), values), this.redact);
    return [['recentGists', gistId, true], ['lastValues', gistId, kept]];
  }

  /** The stored entries of `kind`, with when each was written; the recent gists stored oldest first, as the maps are. */
  private stored<K extends Kind>(kind: K): StoredEntries<Remembered[K]> {
    const stamps = asRecord(asRecord(this.store.get<unknown>(KEYS.memoryStamps))[kind]) as Record<string, number>;
    if (kind === 'recentGists') {
      const list = this.store.get<unknown>(KEYS.recentGists);
      const ids = (Array.isArray(list) ? list : []).filter((id): id is string => typeof id === 'string');
      return { values: recordOf(ids.reverse().map((id) => [id, true] as const)) as Record<string, Remembered[K]>, stamps };
    }
    return { values: asRecord(this.store.get<unknown>(KEYS[kind])) as Record<string, Remembered[K]>, stamps };
  }

  private merged<K extends Kind>(kind: K): StoredEntries<Remembered[K]> {
    return mergedEntries(this.stored(kind), this.own[kind], MAX_ENTRIES[kind]);
  }

  private entry<K extends Kind>(kind: K, gistId: string): Remembered[K] | undefined {
    return newestEntry(this.stored(kind), this.own[kind], gistId);
  }

  /** Stamps and keeps `entries` as this window's, and stores every kind with this window's entries put back where they are newer. */
  private async write(...entries: ReadonlyArray<readonly [Kind, string, Remembered[Kind]]>): Promise<void> {
    // Strictly increasing, so two writes in one millisecond keep their order.
    const at = (this.lastStamp = Math.max(Date.now(), this.lastStamp + 1));
    for (const [kind, gistId, value] of entries) {
      const own = this.own[kind] as Map<string, Stamped<Remembered[Kind]>>;
      own.delete(gistId);
      own.set(gistId, { value, at });
      // This window's own entries stay as few as are stored.
      for (const id of [...own.keys()].slice(0, Math.max(0, own.size - MAX_ENTRIES[kind]))) own.delete(id);
    }
    const stamps: Stamps = { ...(asRecord(this.store.get<unknown>(KEYS.memoryStamps)) as Stamps) };
    const writes: Array<Thenable<void>> = [];
    for (const kind of KINDS.filter((one) => this.own[one].size > 0)) {
      const merged = this.merged(kind);
      stamps[kind] = { ...merged.stamps };
      writes.push(this.store.update(KEYS[kind], kind === 'recentGists' ? Object.keys(merged.values).reverse() : merged.values));
    }
    writes.push(this.store.update(KEYS.memoryStamps, stamps));
    await Promise.all(writes);
  }
}
