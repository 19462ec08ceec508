// The one state value behind the status bar, the context keys, the Accounts menu and the API:
// the account status, the generations in flight and the last call id, each written only here.
// The profile and its service URL are the settings' (read when the state is), never copied in.
import * as vscode from 'vscode';
import type { AccountSnapshot, AccountStatus } from './accountStatus';
import { MAX_CALL_ID_BYTES, utf8Length } from './limits';
import { GlobalStateKeys } from './storageKeys';

/** What the profiles own: the window's profile, its service URL and every profile's name. */
export type ProfileFacts = Pick<AccountSnapshot, 'baseUrl' | 'profile' | 'profiles'>;

type Owned = Omit<AccountSnapshot, keyof ProfileFacts>;

function fitsCallId(callId: unknown): callId is string {
  return typeof callId === 'string' && utf8Length(callId) <= MAX_CALL_ID_BYTES;
}

export class ExtensionState implements vscode.Disposable {
  private value: Owned;
  private readonly changed = new vscode.EventEmitter<AccountSnapshot>();
  readonly onDidChange = this.changed.event;

  constructor(
    /** Global state (the extension's LoggedMemento): the last call id is kept across restarts. */
    private readonly store: vscode.Memento,
    /** The window's profile, its service URL and the profiles' names, as the settings have them now. */
    private readonly profileFacts: () => ProfileFacts,
  ) {
    // An id over the cap (written by an older version) is not taken up.
    const stored = store.get<unknown>(GlobalStateKeys.lastCallId);
    this.value = { status: { kind: 'checking' }, generating: 0, lastCallId: fitsCallId(stored) ? stored : undefined, labRuns: undefined };
  }

  get current(): AccountSnapshot {
    return { ...this.value, ...this.profileFacts() };
  }

  /** The profiles changed (another one for this window, one added or renamed): tells the listeners. */
  profilesChanged(): void {
    this.changed.fire(this.current);
  }

  setStatus(status: AccountStatus): void {
    this.update({ status });
  }

  /** The id of a call that has just succeeded; kept across restarts when it fits the cap. */
  setLastCallId(lastCallId: string): void {
    this.update({ lastCallId });
    if (fitsCallId(lastCallId)) {
      // The LoggedMemento logs a failed write; the id is still shown until the window closes.
      void this.store.update(GlobalStateKeys.lastCallId, lastCallId);
    }
  }

  /** The lab runs of this window (calls done of all, runs under way), or undefined when none runs. */
  setLabRuns(labRuns: AccountSnapshot['labRuns']): void {
    this.update({ labRuns });
  }

  /** Counts a generation in flight until the returned function is called. */
  beginGeneration(): () => void {
    this.update({ generating: this.value.generating + 1 });
    let ended = false;
    return () => {
      if (!ended) {
        ended = true;
        this.update({ generating: this.value.generating - 1 });
      }
    };
  }

  private update(change: Partial<Owned>): void {
    this.value = { ...this.value, ...change };
    this.changed.fire(this.current);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
