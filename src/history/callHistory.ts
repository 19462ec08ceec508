// The "Gist Calls" history: every finished call (not the cancelled ones), newest first, 100 at
// most, never the key. Global state holds one small item per call (what the view shows, see
// historyItem.ts), so it stays light to load at startup and to send to a remote window. Each call's
// entry (values, the whole content or error) is a file of its own under the extension's global
// storage (historyFiles.ts), removed with its item and read only when the user opens, inserts or
// copies it or looks at its tooltip. History stored whole in global state by older versions moves
// to files on first use, after activation. A file that cannot be written is logged, and its item
// says so.
//
// Every window of the profile shares this history, and none is told when another writes: each
// write merges with what is stored now (historyMerge.ts), and a window merges again when a file in
// the folder changes (another window recorded or cleared), when it gets focus, and with each call
// it records (what a watcher missed while it was starting comes in then). Clear writes
// when it happened, in global state and beside the files, so no window writes back a call from
// before it.
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { capEntry, type HistoryEntry } from './historyEntry';
import { HistoryFiles } from './historyFiles';
import { entryOfItem, itemId, itemOf, parseStored, timeOfItemId, type HistoryItem, type StoredElement } from './historyItem';
import { mergeHistory, parseClearedBefore } from './historyMerge';
import type { CallOutcome } from '../generation/runner';
import { redactValues } from '../shared/redact';
import { GlobalStateKeys } from '../shared/storageKeys';

const KEY = GlobalStateKeys.callHistory;
const CLEARED_KEY = GlobalStateKeys.callHistoryClearedBefore;
/** Changes in the folder come in bursts (a Clear removes up to 100 files): one merge after them. */
const FOLLOW_DELAY_MS = 50;

/** One call of the history, and where its entry is now. */
type Slot =
  /** In its file (or `item.unavailable`). */
  | { readonly state: 'stored'; readonly item: HistoryItem }
  /** Recorded, its file not yet written: the entry is held here until it is. */
  | { readonly state: 'writing'; readonly item: HistoryItem; readonly entry: HistoryEntry }
  /** Stored whole in global state by an older version, until it is moved to its file. */
  | { readonly state: 'legacy'; readonly item: HistoryItem; readonly entry: HistoryEntry };

function slotOf(element: StoredElement): Slot {
  return element.legacy === undefined ? { state: 'stored', item: element.item } : { state: 'legacy', item: element.item, entry: element.legacy };
}

/** What the view shows of the slots, to tell whether a merge changed it. */
function shown(slots: readonly Slot[]): string {
  return slots.map((slot) => `${slot.item.id}${slot.item.unavailable === true ? '!' : ''}`).join();
}

export class CallHistory implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** Read on first use, not at activation. */
  private slots: Slot[] | undefined;
  /** Writes in order, so two calls finishing together both land, and a clear removes what came before it. */
  private writing: Promise<void> = Promise.resolve();
  private readonly files: HistoryFiles;
  /** The latest Clear this window knows of, made in any window (milliseconds): the calls up to it are gone. */
  private clearedBefore = 0;
  /** What tells this window that another may have changed the history: the folder's watcher, the window's focus. */
  private readonly following: vscode.Disposable[] = [];
  private followTimer: ReturnType<typeof setTimeout> | undefined;
  /** The calls this window recorded since its last Clear: the watcher need not tell it of their files. */
  private readonly ownIds = new Set<string>();
  private disposed = false;

  constructor(
    private readonly store: vscode.Memento,
    /** The folder of the entries' files (under `context.globalStorageUri`). */
    folder: vscode.Uri,
    /** Removes the API key from anything stored (a user could paste it into a value). */
    private readonly redact: (text: string) => string,
    /** Where a file that could not be written or read is reported (the extension's log). */
    private readonly logError: (message: string) => void = () => undefined,
    /** The folder's files (the tests give one whose watcher hears nothing, as one that starts late). */
    files?: HistoryFiles,
  ) {
    this.files = files ?? new HistoryFiles(folder, logError);
  }

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
      const entry = await this.files.read(current.id);
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
      latencyMs: Math.round(outcome.durationMs),
    });
    const id = itemId(at, randomBytes(6).toString('hex'));
    this.ownIds.add(id);
    this.slots = mergeHistory([[{ state: 'writing', item: itemOf(entry, id), entry } as const], this.load()], this.clearedBefore).kept;
    this.changed.fire();
    return this.enqueue(async () => {
      const slot = this.slots?.find((candidate) => candidate.item.id === id);
      // Gone already: cleared, or pushed out by newer calls.
      if (slot?.state === 'writing') {
        const failure = await this.files.write(slot.item, slot.entry);
        if (failure !== undefined) {
          this.logError(`Could not save the text of a call of ${slot.item.gistId} in ${this.files.folder.toString(true)} (${failure}); the history keeps only its summary.`);
        }
        await this.settle(slot, { state: 'stored', item: failure === undefined ? slot.item : { ...slot.item, unavailable: true } }, failure === undefined);
      }
      // With the folder: another window's file whose event this window's watcher missed (made before
      // the watcher was live) is listed at the latest now, whatever global state says meanwhile.
      await this.sync(true);
    });
  }

  /** Clears the history of every window of the profile: the calls made until now go, with their files. */
  clear(): Promise<void> {
    this.load();
    const clearedBefore = Math.max(this.clearedBefore, Date.now());
    this.clearedBefore = clearedBefore;
    this.slots = [];
    this.ownIds.clear();
    this.changed.fire();
    return this.enqueue(async () => {
      // When, first: a window that records meanwhile drops what came before it.
      await this.files.markCleared(clearedBefore);
      await this.store.update(CLEARED_KEY, clearedBefore);
      await this.store.update(KEY, []);
      for (const id of (await this.files.ids()) ?? []) {
        if (timeOfItemId(id) <= clearedBefore) {
          await this.files.delete(id);
        }
      }
    });
  }

  /** Resolves once every write queued so far (records, the move of older history, clearing, merges) has landed. */
  settled(): Promise<void> {
    this.load();
    return this.writing.then(
      () => undefined,
      () => undefined,
    );
  }

  private load(): Slot[] {
    if (this.slots === undefined) {
      this.slots = parseStored(this.store.get<unknown>(KEY)).map(slotOf);
      this.clearedBefore = parseClearedBefore(this.store.get<unknown>(CLEARED_KEY));
      if (this.slots.some((slot) => slot.state === 'legacy')) {
        void this.enqueue(() => this.moveLegacyEntries()).catch(() => undefined);
      }
      this.follow();
    }
    return this.slots;
  }

  /** From the first use on, merges again whenever another window may have changed the history. */
  private follow(): void {
    void this.enqueue(async () => {
      const watching = await this.files.watch(
        () => this.followSoon(),
        (id) => this.ownIds.has(id),
      );
      if (this.disposed) {
        watching.dispose();
        return;
      }
      this.following.push(
        watching,
        // Global state comes from other windows without an event, and from other machines too (a
        // remote window keeps its files there): a window that gets focus merges what it holds.
        vscode.window.onDidChangeWindowState((state) => state.focused && this.followSoon()),
      );
      await this.sync(true);
    }).catch((error: unknown) => this.logError(`Could not follow the history's changes in other windows: ${String(error)}`));
  }

  private followSoon(): void {
    if (this.followTimer === undefined && !this.disposed) {
      this.followTimer = setTimeout(() => {
        this.followTimer = undefined;
        void this.enqueue(() => this.sync(true)).catch(() => undefined);
      }, FOLLOW_DELAY_MS);
    }
  }

  /**
   * Merges this window's calls with what global state lists now (and, when following another
   * window, with the entries in the folder that no list has yet), writes the result where it
   * differs from what is stored, and removes the files of the calls no window lists any more.
   * A call of this window's own reads the folder too; the other writes of its own (the moves of
   * older history) do not. Runs in the write queue.
   */
  private async sync(withFolder = false): Promise<void> {
    // What is on disk first; the merge itself then runs without awaiting anything, so a call
    // recorded or a Clear made meanwhile in this window is part of it. Another window's Clear
    // changes the marker, whose event brings a merge with the folder (a write that crossed that
    // Clear is undone by that merge, 50 ms later).
    const marker = withFolder ? await this.files.clearedBefore() : 0;
    const onDisk = withFolder ? await this.files.ids() : undefined;
    const knownBefore = new Set([...(this.slots ?? []), ...parseStored(this.store.get<unknown>(KEY)).map(slotOf)].map((slot) => slot.item.id));
    const found: Slot[] = [];
    for (const id of onDisk ?? []) {
      if (!knownBefore.has(id) && timeOfItemId(id) > Math.max(this.clearedBefore, marker)) {
        const item = await this.files.readItem(id);
        if (item !== undefined) found.push({ state: 'stored', item });
      }
    }
    const stored = parseStored(this.store.get<unknown>(KEY)).map(slotOf);
    this.clearedBefore = Math.max(this.clearedBefore, parseClearedBefore(this.store.get<unknown>(CLEARED_KEY)), marker);
    const own = this.slots ?? [];
    const { kept, dropped } = mergeHistory([own, stored, found], this.clearedBefore);
    this.slots = kept;
    if (shown(kept) !== shown(own)) {
      this.changed.fire();
    }
    await this.persist();
    // The files of calls no window lists once it has merged: cleared, or past the newest 100; and,
    // in the folder, those a window wrote after a Clear it had not heard of yet. A call still being
    // written has no file yet, and one of another machine's windows has its file there.
    const listed = new Set((this.slots ?? []).map((slot) => slot.item.id));
    const gone = new Set([...dropped.map((slot) => slot.item.id), ...(onDisk ?? []).filter((id) => timeOfItemId(id) <= this.clearedBefore)]);
    for (const id of gone) {
      if (!listed.has(id)) {
        await this.files.delete(id);
      }
    }
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
      const failure = await this.files.write(slot.item, slot.entry);
      if (failure === undefined) {
        await this.settle(slot, { state: 'stored', item: slot.item }, true);
      } else {
        this.logError(`Could not move a call of ${slot.item.gistId} from global state to its file in ${this.files.folder.toString(true)} (${failure}); it stays in global state until the next start.`);
      }
    }
    await this.sync();
  }

  /**
   * Items, and entries not moved yet as older versions stored them; not the calls whose files are
   * still being written. Written only where it differs from what global state holds now, and the
   * time of the last Clear only when this window knows a later one.
   */
  private async persist(): Promise<void> {
    const stored = (this.slots ?? []).flatMap((slot): Array<HistoryItem | HistoryEntry> => (slot.state === 'stored' ? [slot.item] : slot.state === 'legacy' ? [slot.entry] : []));
    if (parseClearedBefore(this.store.get<unknown>(CLEARED_KEY)) < this.clearedBefore) {
      await this.store.update(CLEARED_KEY, this.clearedBefore);
    }
    if (JSON.stringify(this.store.get<unknown>(KEY) ?? []) !== JSON.stringify(stored)) {
      await this.store.update(KEY, stored);
    }
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
      await this.files.delete(next.item.id);
    }
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
    this.disposed = true;
    clearTimeout(this.followTimer);
    for (const subscription of this.following) {
      subscription.dispose();
    }
    this.changed.dispose();
  }
}
