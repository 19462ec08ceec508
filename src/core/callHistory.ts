// The call history behind the "Gist Calls" view: newest first, capped in entries and in bytes.
// Pure: no `vscode`. Stored in global state, so it must stay small and never hold the key.
import { recordOf } from './keyedRecord';

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
}

export const MAX_ENTRIES = 100;
export const MAX_CONTENT_BYTES = 64 * 1024;
export const MAX_VALUE_BYTES = 16 * 1024;

const encoder = new TextEncoder();

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** The longest prefix of `text` within `maxBytes` of UTF-8, never splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): { readonly text: string; readonly truncated: boolean } {
  if (utf8Length(text) <= maxBytes) {
    return { text, truncated: false };
  }
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = utf8Length(char);
    if (bytes + size > maxBytes) {
      break;
    }
    bytes += size;
    end += char.length;
  }
  return { text: text.slice(0, end), truncated: true };
}

/** Caps what one entry keeps: content to 64 KB, each value to 16 KB. */
export function capEntry(entry: HistoryEntry): HistoryEntry {
  const values = Object.fromEntries(Object.entries(entry.values).map(([name, value]) => [name, truncateUtf8(value, MAX_VALUE_BYTES).text]));
  if (entry.content === undefined) {
    return { ...entry, values };
  }
  const content = truncateUtf8(entry.content, MAX_CONTENT_BYTES);
  return { ...entry, values, content: content.text, truncated: content.truncated || entry.truncated === true };
}

/** Adds the newest entry in front and keeps at most `MAX_ENTRIES`. */
export function addEntry(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [capEntry(entry), ...entries].slice(0, MAX_ENTRIES);
}

/** The first non-empty line, for the view's description. */
export function firstLine(content: string, maxLength = 80): string {
  const line = content.split(/\r?\n/).find((candidate) => candidate.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > maxLength ? `${trimmed.slice(0, maxLength - 1)}…` : trimmed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
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
  };
}

/** Reads stored history, dropping anything malformed (state written by another version). */
export function parseHistory(raw: unknown): HistoryEntry[] {
  if (!Array.isArray(raw)) {
    return [];
  }
  return raw
    .map(parseEntry)
    .filter((entry): entry is HistoryEntry => entry !== undefined)
    .slice(0, MAX_ENTRIES);
}
