// The one state value behind the status bar, the context keys, the Accounts menu and the test API.
import * as vscode from 'vscode';
import type { AccountSnapshot, AccountStatus } from '../account/accountStatus';

export class ExtensionState implements vscode.Disposable {
  private value: AccountSnapshot;
  private readonly changed = new vscode.EventEmitter<AccountSnapshot>();
  readonly onDidChange = this.changed.event;

  constructor(initial: AccountSnapshot) {
    this.value = initial;
  }

  get current(): AccountSnapshot {
    return this.value;
  }

  setStatus(status: AccountStatus): void {
    this.update({ status });
  }

  setBaseUrl(baseUrl: string): void {
    this.update({ baseUrl });
  }

  setLastCallId(lastCallId: string): void {
    this.update({ lastCallId });
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

  private update(change: Partial<AccountSnapshot>): void {
    this.value = { ...this.value, ...change };
    this.changed.fire(this.value);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
