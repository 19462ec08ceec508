// Per-gist entries that several windows write, each stamped with when it was written. VS Code
// writes an extension's global state whole, from each window's copy of it, and a window's copy
// lags the others' writes (by ~0.1 s between two web workbench pages, measured): a window that
// writes within that lag puts back what it had, and another window's entry written meanwhile is
// gone. So each window keeps the entries it wrote itself, and an entry it wrote wins over a stored
// one only when it is newer: read, it shows; on the window's next write, it is stored again.
// Pure: no `vscode`.
import { recordOf } from '../shared/keyedRecord';

export interface Stamped<T> {
  readonly value: T;
  /** When it was written, in ms since the epoch. */
  readonly at: number;
}

/** Entries as stored: the values by gist, and when each was written (absent: before stamps were kept). */
export interface StoredEntries<T> {
  readonly values: Readonly<Record<string, T>>;
  readonly stamps: Readonly<Record<string, number>>;
}

function stampOf<T>(stored: StoredEntries<T>, id: string): number {
  const stamp: unknown = Object.hasOwn(stored.stamps, id) ? stored.stamps[id] : undefined;
  return typeof stamp === 'number' && Number.isFinite(stamp) ? stamp : 0;
}

/** The entry of `id`: this window's own when it is newer than the stored one, else the stored one. */
export function newestEntry<T>(stored: StoredEntries<T>, own: ReadonlyMap<string, Stamped<T>>, id: string): T | undefined {
  const mine = own.get(id);
  if (mine !== undefined && mine.at > stampOf(stored, id)) return mine.value;
  return Object.hasOwn(stored.values, id) ? stored.values[id] : undefined;
}

/**
 * The stored entries with this window's own put back where they are newer (an entry taken out
 * with its stamp left, as global state written by hand leaves it, stays out), keeping the `max` most
 * recent (entries stored before stamps were kept count as the oldest, in their stored order).
 */
export function mergedEntries<T>(stored: StoredEntries<T>, own: ReadonlyMap<string, Stamped<T>>, max: number): StoredEntries<T> {
  const entries = new Map<string, Stamped<T>>();
  for (const id of Object.keys(stored.values)) {
    entries.set(id, { value: stored.values[id] as T, at: stampOf(stored, id) });
  }
  for (const [id, mine] of own) {
    // Newer than what is stored, or than the stamp left of an entry someone took out since.
    if (mine.at > (entries.get(id)?.at ?? stampOf(stored, id))) entries.set(id, mine);
  }
  // Oldest first, as stored maps have always been (the most recently touched last); a stable sort keeps unstamped entries in their order.
  const kept = [...entries].sort(([, a], [, b]) => a.at - b.at).slice(-max);
  const keptIds = new Set(kept.map(([id]) => id));
  // The stamp of an own entry left out stays, so the entry is not put back by the next merge.
  const leftOut = [...own.keys()].filter((id) => !keptIds.has(id) && stampOf(stored, id) > 0).map((id) => [id, stampOf(stored, id)] as const);
  return {
    values: recordOf(kept.map(([id, entry]) => [id, entry.value] as const)),
    stamps: recordOf([...kept.filter(([, entry]) => entry.at > 0).map(([id, entry]) => [id, entry.at] as const), ...leftOut]),
  };
}
