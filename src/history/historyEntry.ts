// One call of the "Gist Calls" history, capped in every field, as its file holds it (and as older
// versions stored the whole history in global state). Pure: no `vscode`. Never holds the key.
import { recordOf } from '../shared/keyedRecord';
import { isRecord } from '../shared/text';
import {
  MAX_CALL_ID_BYTES,
  MAX_CONTENT_BYTES,
  MAX_ERROR_BYTES,
  MAX_GIST_ID_BYTES,
  MAX_HISTORY_BYTES,
  MAX_HISTORY_ENTRIES,
  MAX_HISTORY_ENTRY_BYTES,
  MAX_LABEL_BYTES,
  MAX_VALUE_BYTES,
  MAX_VALUES_KEPT,
  MAX_VARIABLE_NAME_BYTES,
  MAX_VARIANT_BYTES,
  utf8Length,
} from '../shared/limits';

export interface HistoryEntry {
  readonly gistId: string;
  readonly label: string;
  /** The slug asked for; undefined when the service chose. */
  readonly variant?: string | undefined;
  readonly values: Readonly<Record<string, string>>;
  /** Milliseconds since the epoch. */
  readonly at: number;
  readonly callId?: string | undefined;
  readonly content?: string | undefined;
  /** The content was cut to `MAX_CONTENT_BYTES` for storage. */
  readonly truncated?: boolean | undefined;
  /** The user-facing message of a failed call. */
  readonly error?: string | undefined;
  /** Fields shortened or left out to fit the caps (the content is marked by `truncated`). */
  readonly cut?: readonly string[] | undefined;
  /** The name of the profile (service and key) the call went to. */
  readonly profile?: string | undefined;
  /** How long the call took, request to complete answer, in whole milliseconds. */
  readonly latencyMs?: number | undefined;
  /** Which call of the history this is (its item's id); not in the entry's file, which it names. */
  readonly id?: string | undefined;
  /** The entry's file could not be written or read: only what the view shows is left (historyItem.ts). */
  readonly unavailable?: true | undefined;
}

export { MAX_CONTENT_BYTES, MAX_VALUE_BYTES, utf8Length } from '../shared/limits';
export const MAX_ENTRIES = MAX_HISTORY_ENTRIES;

const encoder = new TextEncoder();

/** The longest prefix of `text` within `maxBytes` of UTF-8, never splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): { readonly text: string; readonly truncated: boolean } {
  // Every UTF-16 unit takes at least one byte and at most three: most texts are decided without counting.
  if (text.length * 3 <= maxBytes || (text.length <= maxBytes && utf8Length(text) <= maxBytes)) {
    return { text, truncated: false };
  }
  // encodeInto stops before a character that would not fit whole; `read` is the UTF-16 units it took.
  const { read } = encoder.encodeInto(text.slice(0, maxBytes), new Uint8Array(Math.max(0, maxBytes)));
  return { text: text.slice(0, read), truncated: true };
}

/** Bytes an entry takes in global state (as JSON). */
function storedBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value));
}

/**
 * The values kept with an entry: at most `MAX_VALUES_KEPT`, each cut to `MAX_VALUE_BYTES`, none
 * under an over-long name, and together within `budget` bytes; `cut` says whether any was left out.
 */
function cappedValues(values: Readonly<Record<string, string>>, budget: number): { readonly values: Record<string, string>; readonly cut: boolean } {
  // Null-prototype: a variable named `__proto__` is kept like any other.
  const kept = recordOf<string>();
  let count = 0;
  let cut = false;
  let left = budget;
  for (const [name, value] of Object.entries(values)) {
    if (count >= MAX_VALUES_KEPT || utf8Length(name) > MAX_VARIABLE_NAME_BYTES) {
      cut = true;
      continue;
    }
    // Name, quotes, colon, comma: what the pair adds to the JSON besides the value.
    const room = left - storedBytes(name) - 2;
    const fitted = truncateUtf8(value, Math.min(MAX_VALUE_BYTES, Math.max(0, room - 2)));
    const size = storedBytes(name) + storedBytes(fitted.text) + 2;
    if (size > left || (fitted.truncated && fitted.text === '' && value !== '')) {
      cut = true;
      continue;
    }
    cut ||= fitted.truncated;
    kept[name] = fitted.text;
    count += 1;
    left -= size;
  }
  return { values: kept, cut };
}

/**
 * Caps what one entry keeps: content to 64 KB (marked by `truncated`); gist id, label, variant and
 * error cut to their caps, a call id over 1 KiB dropped, values capped in number and size, the
 * whole entry within `MAX_HISTORY_ENTRY_BYTES`. Whatever was cut is named in `cut`.
 */
export function capEntry(entry: HistoryEntry): HistoryEntry {
  const cut = new Set<string>(entry.cut ?? []);
  const text = (field: 'gistId' | 'label', value: string, max: number): string => {
    const result = truncateUtf8(value, max);
    if (result.truncated) {
      cut.add(field);
    }
    return result.text;
  };
  const optional = (field: 'variant' | 'error', value: string | undefined, max: number): string | undefined => {
    if (value === undefined) {
      return undefined;
    }
    const result = truncateUtf8(value, max);
    if (result.truncated) {
      cut.add(field);
    }
    return result.text;
  };
  const callIdFits = entry.callId === undefined || utf8Length(entry.callId) <= MAX_CALL_ID_BYTES;
  if (!callIdFits) {
    cut.add('callId');
  }
  const content = entry.content === undefined ? undefined : truncateUtf8(entry.content, MAX_CONTENT_BYTES);
  const rest: HistoryEntry = {
    ...entry,
    gistId: text('gistId', entry.gistId, MAX_GIST_ID_BYTES),
    label: text('label', entry.label, MAX_LABEL_BYTES),
    variant: optional('variant', entry.variant, MAX_VARIANT_BYTES),
    error: optional('error', entry.error, MAX_ERROR_BYTES),
    callId: callIdFits ? entry.callId : undefined,
    values: {},
    ...(content === undefined ? {} : { content: content.text, truncated: content.truncated || entry.truncated === true }),
  };
  // Room left for the values once everything else (and the `cut` list) is counted.
  const budget = MAX_HISTORY_ENTRY_BYTES - storedBytes({ ...rest, cut: ['gistId', 'label', 'variant', 'error', 'callId', 'values'] });
  const values = cappedValues(entry.values, budget);
  if (values.cut) {
    cut.add('values');
  }
  return { ...rest, values: values.values, ...(cut.size > 0 ? { cut: [...cut] } : {}) };
}

/** Newest first, as many entries as older versions kept: `MAX_HISTORY_ENTRIES` within `MAX_HISTORY_BYTES`. */
function withinTotal(entries: readonly HistoryEntry[]): HistoryEntry[] {
  const kept: HistoryEntry[] = [];
  let total = 2; // the brackets of the JSON array
  for (const entry of entries.slice(0, MAX_HISTORY_ENTRIES)) {
    total += storedBytes(entry) + 1;
    if (total > MAX_HISTORY_BYTES) {
      break;
    }
    kept.push(entry);
  }
  return kept;
}

/** The first non-empty line, for the view's description. */
export function firstLine(content: string, maxLength = 80): string {
  const line = content.split(/\r?\n/).find((candidate) => candidate.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > maxLength ? `${trimmed.slice(0, maxLength - 1)}…` : trimmed;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A stored latency, when it is one: a whole number of milliseconds, at most a day. */
export function latencyOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 86_400_000 ? Math.round(value) : undefined;
}

function parseEntry(raw: unknown): HistoryEntry | undefined {
  if (!isRecord(raw) || typeof raw.gistId !== 'string' || typeof raw.at !== 'number' || !isRecord(raw.values)) {
    return undefined;
  }
  const values = recordOf<string>();
  for (const [name, value] of Object.entries(raw.values)) {
    if (typeof value === 'string') {
      values[name] = value;
    }
  }
  return {
    gistId: raw.gistId,
    label: optionalString(raw.label) ?? raw.gistId,
    variant: optionalString(raw.variant),
    values,
    at: raw.at,
    callId: optionalString(raw.callId),
    content: optionalString(raw.content),
    truncated: raw.truncated === true ? true : undefined,
    error: optionalString(raw.error),
    // A name from the user settings: cut like a label, should stored state hold a longer one.
    ...(typeof raw.profile === 'string' ? { profile: truncateUtf8(raw.profile, MAX_LABEL_BYTES).text } : {}),
    ...(latencyOf(raw.latencyMs) === undefined ? {} : { latencyMs: latencyOf(raw.latencyMs) }),
    ...(Array.isArray(raw.cut) ? { cut: raw.cut.filter((field): field is string => typeof field === 'string') } : {}),
  };
}

/** Reads history as older versions stored it (or an entry's file), dropping anything malformed. */
export function parseHistory(raw: unknown): HistoryEntry[] {
  if (!Array.isArray(raw)) {
    return [];
  }
  // State written by an older version may be over the caps: cap it again on the way in.
  const entries = raw
    .slice(0, MAX_HISTORY_ENTRIES)
    .map(parseEntry)
    .filter((entry): entry is HistoryEntry => entry !== undefined)
    .map((entry) => {
      const capped = capEntry(entry);
      return capped.cut === undefined && capped.truncated !== true ? entry : capped;
    });
  return withinTotal(entries);
}
