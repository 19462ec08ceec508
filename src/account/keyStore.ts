// The API key lives only in SecretStorage (the OS keychain); this is its one reader and writer.
// Reads are cached in memory: a SecretStorage read is a round trip to the keychain (in a remote
// or web window, to the browser) that measured 50–175 ms per generate call in the benchmark.
import * as vscode from 'vscode';
import { SecretKeys } from '../shared/storageKeys';

const SECRET_KEY = SecretKeys.apiKey;

export class KeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the key changes in this window or in any other (SecretStorage is shared). */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  /** The last read or written key; dropped whenever SecretStorage reports a change. */
  private cached: Promise<string | undefined> | undefined;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key === SECRET_KEY) {
        // Another window may have changed it: read it again next time.
        this.cached = undefined;
        this.changed.fire();
      }
    });
  }

  get(): Promise<string | undefined> {
    if (this.cached === undefined) {
      const read = this.read();
      this.cached = read;
      // A failed read is not remembered.
      read.catch(() => {
        if (this.cached === read) this.cached = undefined;
      });
    }
    return this.cached;
  }

  async store(key: string): Promise<void> {
    this.cached = undefined;
    await this.secrets.store(SECRET_KEY, key);
  }

  async delete(): Promise<void> {
    this.cached = undefined;
    await this.secrets.delete(SECRET_KEY);
  }

  private async read(): Promise<string | undefined> {
    const key = await this.secrets.get(SECRET_KEY);
    return key === undefined || key === '' ? undefined : key;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
