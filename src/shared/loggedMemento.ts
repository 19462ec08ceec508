// Global state whose failed writes are logged instead of lost. VS Code's Memento.update rejects
// when the value cannot be stored (too large, storage unavailable); most writes here are made on
// the side (`void store.update(...)`), where a rejection would go unseen. Every write
// goes through this wrapper, so each failure reaches the log. Only the `vscode` types are used.
import type * as vscode from 'vscode';

export class LoggedMemento implements vscode.Memento {
  constructor(
    private readonly store: vscode.Memento,
    /** Where a failed write is reported (the extension's log, at error level). */
    private readonly logError: (message: string) => void,
  ) {}

  keys(): readonly string[] {
    return this.store.keys();
  }

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    return defaultValue === undefined ? this.store.get<T>(key) : this.store.get<T>(key, defaultValue);
  }

  /** Resolves even when the write fails (the callers carry on without it), after logging why. */
  async update(key: string, value: unknown): Promise<void> {
    try {
      await this.store.update(key, value);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logError(`Could not save “${key}” in VS Code's global state (${reason}); it will be missing after a restart.`);
    }
  }
}
