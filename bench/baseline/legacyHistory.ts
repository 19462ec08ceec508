// The "Gist Calls" history as it was before issue 15 (commit 2f75bc4), kept only as the bench's
// baseline: the whole history (entries with their content) one value in global state, capped to
// 2 MB and rewritten whole after every call; the view built every item's tooltip up front; UTF-8
// counted by encoding character by character. Not used by the extension.
import * as vscode from 'vscode';
import type { CallOutcome } from '../../src/generation/runner';
import type { HistoryEntry } from '../../src/history/historyEntry';
import { historyTooltip } from '../../src/history/historyTooltip';
import { recordOf } from '../../src/shared/keyedRecord';
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
} from '../../src/shared/limits';
import { isRecord } from '../../src/shared/text';

const encoder = new TextEncoder();

function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** The longest prefix of `text` within `maxBytes` of UTF-8, never splitting a character. */
function truncateUtf8(text: string, maxBytes: number): { readonly text: string; readonly truncated: boolean } {
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
function capEntry(entry: HistoryEntry): HistoryEntry {
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

/** Newest first, as many entries as fit in `MAX_HISTORY_ENTRIES` and `MAX_HISTORY_BYTES`. */
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

/** Adds the newest entry in front; the oldest entries go when the count or the bytes are over the cap. */
export function addEntry(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return withinTotal([capEntry(entry), ...entries]);
}

/** The first non-empty line, for the view's description. */
function firstLine(content: string, maxLength = 80): string {
  const line = content.split(/\r?\n/).find((candidate) => candidate.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > maxLength ? `${trimmed.slice(0, maxLength - 1)}…` : trimmed;
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
    ...(Array.isArray(raw.cut) ? { cut: raw.cut.filter((field): field is string => typeof field === 'string') } : {}),
  };
}

/** Reads stored history, dropping anything malformed (state written by another version). */
function parseHistory(raw: unknown): HistoryEntry[] {
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

export class LegacyCallHistory implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** Read on first use, not at activation. */
  private cache: HistoryEntry[] | undefined;
  /** Writes in order, so two calls finishing together both land. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: vscode.Memento,
    /** Its own key, so the baseline never touches the extension's history. */
    private readonly key: string,
    /** Removes the API key from anything stored (a user could paste it into a value). */
    private readonly redact: (text: string) => string,
  ) {}

  entries(): readonly HistoryEntry[] {
    this.cache ??= parseHistory(this.store.get<unknown>(this.key));
    return this.cache;
  }

  /** Records a finished call; a cancelled one is not a call worth keeping. */
  record(outcome: CallOutcome): Promise<void> {
    if (outcome.error?.kind === 'cancelled') {
      return this.writing;
    }
    const redact = this.redact;
    const entry: HistoryEntry = {
      gistId: outcome.request.gistId,
      label: outcome.label,
      variant: outcome.request.variant,
      values: Object.fromEntries(Object.entries(outcome.request.values).map(([name, value]) => [name, redact(value)])),
      at: Date.now(),
      callId: outcome.result?.id ?? outcome.error?.callId,
      content: outcome.result === undefined ? undefined : redact(outcome.result.content),
      error: outcome.error === undefined ? undefined : redact(outcome.error.message),
    };
    return this.update(addEntry(this.entries(), entry));
  }

  clear(): Promise<void> {
    return this.update([]);
  }

  private update(entries: HistoryEntry[]): Promise<void> {
    this.cache = entries;
    this.changed.fire();
    // The extension's store (LoggedMemento) logs a failed write; any other failure reaches the
    // caller, and the chain goes on so later writes still land.
    const write = this.writing.then(() => this.store.update(this.key, entries));
    this.writing = write.then(undefined, () => undefined);
    return write;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function when(at: number): string {
  return new Date(at).toLocaleString();
}

function tooltip(entry: HistoryEntry): vscode.MarkdownString {
  // Untrusted, no HTML, no icons: labels, ids, errors and content come from outside.
  const markdown = new vscode.MarkdownString(
    historyTooltip(entry, {
      automaticVariant: vscode.l10n.t('automatic variant'),
      when: when(entry.at),
      callId: (callId) => vscode.l10n.t('Call id: {0}', callId),
      failed: (error) => vscode.l10n.t('Failed: {0}', error),
      truncated: vscode.l10n.t('Only the first {0} KB of this content were kept in the history.', MAX_CONTENT_BYTES / 1024),
      cut: (fields) => vscode.l10n.t('Shortened to fit the history: {0}.', fields),
      unavailable: '',
    }),
    false,
  );
  markdown.supportHtml = false;
  markdown.isTrusted = false;
  return markdown;
}

export class LegacyHistoryTreeProvider implements vscode.TreeDataProvider<HistoryEntry>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<HistoryEntry | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly history: LegacyCallHistory) {
    this.subscription = history.onDidChange(() => this.changed.fire(undefined));
  }

  getChildren(element?: HistoryEntry): HistoryEntry[] {
    return element === undefined ? [...this.history.entries()] : [];
  }

  getTreeItem(entry: HistoryEntry): vscode.TreeItem {
    const failed = entry.error !== undefined;
    const item = new vscode.TreeItem(entry.variant === undefined ? entry.label : `${entry.label} · ${entry.variant}`);
    item.description = failed ? entry.error : firstLine(entry.content ?? '');
    item.tooltip = tooltip(entry);
    item.iconPath = failed ? new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')) : new vscode.ThemeIcon('sparkle');
    // Failed calls have no content: the content actions are offered only for successful ones.
    item.contextValue = failed ? 'gistCall.failed' : 'gistCall.ok';
    item.accessibilityInformation = { label: `${entry.label}, ${when(entry.at)}${failed ? `, ${vscode.l10n.t('failed')}` : ''}` };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
