// The "Gist Calls" history: every finished call (not the cancelled ones), newest first, 100 at
// most, never the key. Global state holds one small item per call (what the view shows, see
// historyItem.ts), so it stays light to load at startup and to send to a remote window. Each call's
// entry (values, the whole content or error) is a file of its own under the extension's global
// storage, removed with its item and read only when the user opens, inserts or copies it or looks
// at its tooltip. History stored whole in global state by older versions moves to files on first
// use, after activation. A file that cannot be written is logged, and its item says so.
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { capEntry, parseHistory, type HistoryEntry } from './historyEntry';
import { entryOfItem, itemId, itemOf, parseStored, type HistoryItem } from './historyItem';
import type { CallOutcome } from '../generation/runner';
import { MAX_HISTORY_ENTRIES } from '../shared/limits';
import { redactValues } from '../shared/redact';
import { GlobalStateKeys } from '../shared/storageKeys';

const KEY = GlobalStateKeys.callHistory;

/** One call of the history, and where its entry is now. */
type Slot =
  /** In its file (or `item.unavailable`). */
  | { readonly state: 'stored'; readonly item: HistoryItem }
  /** Recorded, its file not yet written: the entry is held here until it is. */
  | { readonly state: 'writing'; readonly item: HistoryItem; readonly entry: HistoryEntry }
  /** Stored whole in global state by an older version, until it is moved to its file. */
  | { readonly state: 'legacy'; readonly item: HistoryItem; readonly entry: HistoryEntry };

export class CallHistory implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** Read on first use, not at activation. */
  private slots: Slot[] | undefined;
  /** Writes in order, so two calls finishing together both land, and a clear removes what came before it. */
  private writing: Promise<void> = Promise.resolve();
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly store: vscode.Memento,
    /** The folder of the entries' files (under `context.globalStorageUri`). */
    private readonly folder: vscode.Uri,
    /** Removes the API key from anything stored (a user could paste it into a value). */
    private readonly redact: (text: string) => string,
    /** Where a file that could not be written or read is reported (the extension's log). */
    private readonly logError: (message: string) => void = () => undefined,
  ) {}

  /** What the view shows, newest first; no file is read. */
  items(): readonly HistoryItem[] {
    return this.load().map((slot) => slot.item);
  }

  /**
   * The whole entry of a call: from its file, or from memory while it is being written or has not
   * moved yet. A call whose file is missing comes back as what its item says (`unavailable`).
   */
  async entry(item: HistoryItem): Promise<HistoryEntry> {
    const slot = this.load().find((candidate) => candidate.item.id === item.id);
    if (slot !== undefined && slot.state !== 'stored') {
      return { ...slot.entry, id: item.id };
    }
    const current = slot?.item ?? item;
    if (current.unavailable === true) {
      return entryOfItem(current);
    }
    try {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(this.fileOf(current.id)));
      // Capped again on the way in, as state from outside is.
      const [entry] = parseHistory([JSON.parse(text) as unknown]);
      if (entry !== undefined) {
        return { ...entry, id: current.id };
      }
      this.logError(`The history entry of ${current.gistId} (${new Date(current.at).toISOString()}) is malformed; only its summary is left.`);
    } catch (error) {
      this.logError(`Could not read the history entry of ${current.gistId} (${new Date(current.at).toISOString()}): ${String(error)}`);
    }
    return entryOfItem(current);
  }

  /** Every entry, newest first, each read from its file. */
  entries(): Promise<HistoryEntry[]> {
    return Promise.all(this.items().map((item) => this.entry(item)));
  }

  /** Records a finished call; a cancelled one is not a call worth keeping. */
  record(outcome: CallOutcome): Promise<void> {
    if (outcome.error?.kind === 'cancelled') {
      return this.writing;
    }
    const redact = this.redact;
    const at = Date.now();
    // Redacted before it is cut, so no part of a key is left at the cut (every key the logger knows, not only this call's).
    const entry = capEntry({
      gistId: outcome.request.gistId,
      label: outcome.label,
      variant: outcome.request.variant,
      values: redactValues(outcome.request.values, redact),
      at,
      callId: outcome.result?.id ?? outcome.error?.callId,
      content: outcome.result === undefined ? undefined : redact(outcome.result.content),
      error: outcome.error === undefined ? undefined : redact(outcome.error.message),
      profile: outcome.profile,
    });
    const id = itemId(at, randomBytes(6).toString('hex'));
    const slots = [{ state: 'writing', item: itemOf(entry, id), entry } as const, ...this.load()];
    const dropped = slots.splice(MAX_HISTORY_ENTRIES);
    this.slots = slots;
    this.changed.fire();
    return this.enqueue(async () => {
      const slot = this.slots?.find((candidate) => candidate.item.id === id);
      // Gone already: cleared, or pushed out by newer calls.
      if (slot?.state === 'writing') {
        const failure = await this.writeEntry(slot.item, slot.entry);
        if (failure !== undefined) {
          this.logError(`Could not save the text of a call of ${slot.item.gistId} in ${this.folder.toString(true)} (${failure}); the history keeps only its summary.`);
        }
        await this.settle(slot, { state: 'stored', item: failure === undefined ? slot.item : { ...slot.item, unavailable: true } }, failure === undefined);
      }
      await this.persist();
      await this.deleteFiles(dropped);
    });
  }

  clear(): Promise<void> {
    this.slots = [];
    this.changed.fire();
    return this.enqueue(async () => {
      await this.persist();
      try {
        await vscode.workspace.fs.delete(this.folder, { recursive: true, useTrash: false });
      } catch (error) {
        if (!(error instanceof vscode.FileSystemError && error.code === 'FileNotFound')) {
          this.logError(`Could not remove the history's files in ${this.folder.toString(true)}: ${String(error)}`);
        }
      }
    });
  }

  /** Resolves once every write queued so far (records, the move of older history, clearing) has landed. */
  settled(): Promise<void> {
    this.load();
    return this.writing.then(
      () => undefined,
      () => undefined,
    );
  }

  private load(): Slot[] {
    if (this.slots === undefined) {
      const elements = parseStored(this.store.get<unknown>(KEY));
      this.slots = elements.map((element): Slot => (element.legacy === undefined ? { state: 'stored', item: element.item } : { state: 'legacy', item: element.item, entry: element.legacy }));
      if (this.slots.some((slot) => slot.state === 'legacy')) {
        void this.enqueue(() => this.moveLegacyEntries()).catch(() => undefined);
      }
    }
    return this.slots;
  }

  /**
   * Writes each entry an older version stored whole into its own file, then the items in place of
   * the entries. An entry whose file cannot be written stays whole in global state, to move at the
   * next start: nothing is lost.
   */
  private async moveLegacyEntries(): Promise<void> {
    for (const slot of [...(this.slots ?? [])]) {
      if (slot.state !== 'legacy') {
        continue;
      }
      const failure = await this.writeEntry(slot.item, slot.entry);
      if (failure === undefined) {
        await this.settle(slot, { state: 'stored', item: slot.item }, true);
      } else {
        this.logError(`Could not move a call of ${slot.item.gistId} from global state to its file in ${this.folder.toString(true)} (${failure}); it stays in global state until the next start.`);
      }
    }
    await this.persist();
  }

  /** Writes the entry's file; the reason it could not, for the caller to log. */
  private async writeEntry(item: HistoryItem, entry: HistoryEntry): Promise<string | undefined> {
    const { id: _id, unavailable: _unavailable, ...stored } = entry;
    try {
      await vscode.workspace.fs.createDirectory(this.folder);
      await vscode.workspace.fs.writeFile(this.fileOf(item.id), this.encoder.encode(JSON.stringify(stored)));
      return undefined;
    } catch (error) {
      return String(error);
    }
  }

  private async deleteFiles(slots: readonly Slot[]): Promise<void> {
    for (const slot of slots) {
      if (slot.state === 'stored' && slot.item.unavailable !== true) {
        try {
          await vscode.workspace.fs.delete(this.fileOf(slot.item.id), { useTrash: false });
        } catch {
          // Already gone: nothing to remove.
        }
      }
    }
  }

  /** Items, and entries not moved yet as older versions stored them; not the calls whose files are still being written. */
  private persist(): Thenable<void> {
    const stored = (this.slots ?? []).flatMap((slot): Array<HistoryItem | HistoryEntry> => (slot.state === 'stored' ? [slot.item] : slot.state === 'legacy' ? [slot.entry] : []));
    return this.store.update(KEY, stored);
  }

  /**
   * Puts `next` in place of `slot` once its file was written (or could not be). A slot gone
   * meanwhile (cleared, or pushed out by newer calls) leaves no file behind.
   */
  private async settle(slot: Slot, next: Slot, written: boolean): Promise<void> {
    const index = this.slots?.indexOf(slot) ?? -1;
    if (this.slots !== undefined && index !== -1) {
      this.slots[index] = next;
      if (next.item.unavailable === true) {
        this.changed.fire();
      }
    } else if (written) {
      await this.deleteFiles([next]);
    }
  }

  private fileOf(id: string): vscode.Uri {
    return vscode.Uri.joinPath(this.folder, `${id}.json`);
  }

  /**
   * Runs `write` after every write queued before it. A failure (the store's, when it is not the
   * extension's logging one) reaches the caller; the chain goes on, so later writes still land.
   */
  private enqueue(write: () => Promise<void>): Promise<void> {
    const next = this.writing.then(write);
    this.writing = next.then(undefined, () => undefined);
    return next;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
