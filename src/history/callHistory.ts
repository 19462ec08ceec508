// The "Gist Calls" history, kept in global state across restarts: every finished call (not the
// cancelled ones), newest first, 100 at most, content capped at 64 KB per entry, never the key.
import * as vscode from 'vscode';
import { addEntry, parseHistory, type HistoryEntry } from './historyEntry';
import type { CallOutcome } from '../generation/runner';
import { GlobalStateKeys } from '../shared/storageKeys';

const KEY = GlobalStateKeys.callHistory;

export class CallHistory implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** Read on first use, not at activation. */
  private cache: HistoryEntry[] | undefined;
  /** Writes in order, so two calls finishing together both land. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: vscode.Memento,
    /** Removes the API key from anything stored (a user could paste it into a value). */
    private readonly redact: (text: string) => string,
  ) {}

  entries(): readonly HistoryEntry[] {
    this.cache ??= parseHistory(this.store.get<unknown>(KEY));
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
      profile: outcome.profile,
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
    const write = this.writing.then(() => this.store.update(KEY, entries));
    this.writing = write.then(undefined, () => undefined);
    return write;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
