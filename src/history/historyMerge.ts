// One history for every window of a profile: each window keeps its view in memory, all of them
// share global state and the folder of the entries' files, and none is told when another writes.
// So a window never writes its view over what is stored: it merges, by id, its own calls, what
// global state lists now, and the entries found on disk, and drops only what every window drops
// the same way: the calls from before the last Clear (any window's), and those past the newest
// 100. A call one window lost to a write that crossed another's comes back at the next merge.
// Pure: no `vscode`.
import { MAX_HISTORY_ENTRIES } from '../shared/limits';
import type { HistoryItem } from './historyItem';

export interface Merged<S> {
  /** Newest first, at most `cap`. */
  readonly kept: S[];
  /** Cleared, or past the newest `cap`: no window lists them once it has merged. */
  readonly dropped: S[];
}

/**
 * Merges the sources by id (the first source that has an id gives its slot: this window's own
 * first, so its calls keep the state it knows), drops the calls made at or before `clearedBefore`,
 * and keeps the newest `cap`, newest first.
 */
export function mergeHistory<S extends { readonly item: HistoryItem }>(sources: ReadonlyArray<readonly S[]>, clearedBefore: number, cap = MAX_HISTORY_ENTRIES): Merged<S> {
  const byId = new Map<string, S>();
  for (const source of sources) {
    for (const slot of source) {
      if (!byId.has(slot.item.id)) {
        byId.set(slot.item.id, slot);
      }
    }
  }
  const dropped: S[] = [];
  const live: S[] = [];
  for (const slot of byId.values()) {
    (slot.item.at <= clearedBefore ? dropped : live).push(slot);
  }
  // Stable: calls made in the same millisecond keep the order their source gives them (this window's: newest first).
  live.sort((a, b) => b.item.at - a.item.at);
  dropped.push(...live.splice(cap));
  return { kept: live, dropped };
}

/** The time of the last Clear, as written in its marker: milliseconds, or 0 when unreadable. */
export function parseClearedBefore(raw: unknown): number {
  const value = typeof raw === 'string' ? Number(raw.trim()) : raw;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
