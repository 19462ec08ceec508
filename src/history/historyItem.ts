// What global state keeps of a "Gist Calls" entry: only what the view shows without reading
// anything else (title, first line, time, failed or not, a short call id), at most
// `MAX_HISTORY_ITEM_BYTES` as JSON. The entry itself (values, the whole content or error) is a file
// named by the item's id (history/callHistory.ts). Pure: no `vscode`.
import { isRecord } from '../shared/text';
import { MAX_HISTORY_ENTRIES, MAX_HISTORY_ITEM_BYTES, utf8Length } from '../shared/limits';
import { firstLine, latencyOf, parseHistory, type HistoryEntry } from './historyEntry';

export interface HistoryItem {
  /** Names the entry's file. */
  readonly id: string;
  /** Milliseconds since the epoch. */
  readonly at: number;
  /** These three are cut to fit (with `…`); the entry's file has them whole. */
  readonly gistId: string;
  readonly label: string;
  readonly variant?: string | undefined;
  /** Left out when longer than fits: a cut id would be a wrong one. */
  readonly callId?: string | undefined;
  /** The first line of the content, or of the error of a failed call. */
  readonly summary: string;
  /** How long the call took, in whole milliseconds. */
  readonly latencyMs?: number | undefined;
  readonly failed?: true | undefined;
  /** The entry's file could not be written: only this item is left of the call. */
  readonly unavailable?: true | undefined;
}

/** A stored element: an item, or a whole entry as older versions stored it (until it moves to its file). */
export type StoredElement = { readonly item: HistoryItem; readonly legacy?: undefined } | { readonly item: HistoryItem; readonly legacy: HistoryEntry };

/** JSON bytes of each field, chosen so that a whole item stays within `MAX_HISTORY_ITEM_BYTES`. */
const FIELD_BYTES = { gistId: 64, label: 80, variant: 48, callId: 64, summary: 96 } as const;

/** Time, then a random or hashed part: safe as a file name, and checked as one when read back. */
const ITEM_ID = /^[0-9a-z]{1,12}-[0-9a-z]{1,12}$/;

const jsonBytes = (text: string): number => utf8Length(JSON.stringify(text)) - 2;

/** `text` if its JSON form fits `maxBytes`, else its longest prefix that fits with `…` after it. */
export function fitJson(text: string, maxBytes: number): string {
  if (jsonBytes(text) <= maxBytes) {
    return text;
  }
  let bytes = 0;
  let end = 0;
  // Every UTF-16 unit takes at least one byte: no prefix longer than maxBytes can fit.
  for (const char of text.slice(0, maxBytes)) {
    const size = jsonBytes(char);
    if (bytes + size > maxBytes - 3) {
      break;
    }
    bytes += size;
    end += char.length;
  }
  return `${text.slice(0, end)}…`;
}

export function itemId(at: number, suffix: string): string {
  return `${Math.max(0, Math.floor(at)).toString(36)}-${suffix}`;
}

/** True for a name `itemId` can give (so a file of that name is an entry's). */
export function isItemId(id: string): boolean {
  return ITEM_ID.test(id);
}

/** When the call of `id` was made (the milliseconds `itemId` wrote). */
export function timeOfItemId(id: string): number {
  return parseInt(id.slice(0, id.indexOf('-')), 36);
}

/** A short, stable suffix for an entry stored by an older version, so its id is the same at every read. */
function hashSuffix(entry: HistoryEntry, index: number): string {
  let hash = 0x811c9dc5;
  for (const char of `${index}\u0000${entry.gistId}\u0000${entry.variant ?? ''}\u0000${entry.callId ?? ''}\u0000${entry.label}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The item of a (capped) entry. */
export function itemOf(entry: HistoryEntry, id: string, unavailable = false): HistoryItem {
  const failed = entry.error !== undefined;
  return {
    id,
    at: entry.at,
    gistId: fitJson(entry.gistId, FIELD_BYTES.gistId),
    label: fitJson(entry.label, FIELD_BYTES.label),
    ...(entry.variant === undefined ? {} : { variant: fitJson(entry.variant, FIELD_BYTES.variant) }),
    ...(entry.callId === undefined || jsonBytes(entry.callId) > FIELD_BYTES.callId ? {} : { callId: entry.callId }),
    summary: fitJson(firstLine(failed ? (entry.error ?? '') : (entry.content ?? '')), FIELD_BYTES.summary),
    ...(latencyOf(entry.latencyMs) === undefined ? {} : { latencyMs: latencyOf(entry.latencyMs) }),
    ...(failed ? { failed: true } : {}),
    ...(unavailable ? { unavailable: true } : {}),
  };
}

/** What is left of a call whose file is missing: its item, as an entry without values or text. */
export function entryOfItem(item: HistoryItem): HistoryEntry {
  return {
    id: item.id,
    gistId: item.gistId,
    label: item.label,
    variant: item.variant,
    values: {},
    at: item.at,
    callId: item.callId,
    error: item.failed === true ? item.summary : undefined,
    ...(item.latencyMs === undefined ? {} : { latencyMs: item.latencyMs }),
    unavailable: true,
  };
}

function parseItem(raw: Record<string, unknown>): HistoryItem | undefined {
  const { id, at, gistId, label, variant, callId, summary, latencyMs } = raw;
  if (typeof id !== 'string' || !ITEM_ID.test(id) || typeof at !== 'number' || typeof gistId !== 'string' || typeof label !== 'string' || typeof summary !== 'string') {
    return undefined;
  }
  if ((variant !== undefined && typeof variant !== 'string') || (callId !== undefined && typeof callId !== 'string')) {
    return undefined;
  }
  // Cut again: state written by hand or by another version must not make the items grow.
  const entry: HistoryEntry = { gistId, label, variant, values: {}, at, callId, latencyMs: latencyOf(latencyMs), ...(raw.failed === true ? { error: summary } : { content: summary }) };
  return itemOf(entry, id, raw.unavailable === true);
}

/**
 * Reads the stored history: items, and entries older versions stored whole (given stable ids and
 * capped as they were). Anything malformed, and a repeated id, is dropped; 100 at most.
 */
export function parseStored(raw: unknown): StoredElement[] {
  if (!Array.isArray(raw)) {
    return [];
  }
  const ids = new Set<string>();
  const elements: StoredElement[] = [];
  for (const [index, value] of raw.slice(0, MAX_HISTORY_ENTRIES).entries()) {
    let element: StoredElement | undefined;
    if (isRecord(value) && 'id' in value) {
      const item = parseItem(value);
      element = item === undefined ? undefined : { item };
    } else {
      const [legacy] = parseHistory([value]);
      element = legacy === undefined ? undefined : { item: itemOf(legacy, itemId(legacy.at, hashSuffix(legacy, index))), legacy };
    }
    if (element !== undefined && !ids.has(element.item.id)) {
      ids.add(element.item.id);
      elements.push(element);
    }
  }
  return elements;
}

/** The JSON bytes of an item, which `itemOf` keeps within `MAX_HISTORY_ITEM_BYTES`. */
export function itemBytes(item: HistoryItem): number {
  return utf8Length(JSON.stringify(item));
}

export { MAX_HISTORY_ITEM_BYTES };
