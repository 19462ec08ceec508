// The API keys live only in SecretStorage (the OS keychain), one per profile; this is their one
// reader and writer. Reads are cached in memory: a SecretStorage read is a round trip to the
// keychain (in a remote or web window, to the browser) that measured 50–175 ms per generate call
// in the benchmark.
import * as vscode from 'vscode';
import { isApiKeySecret } from '../shared/storageKeys';

export class KeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<string>();
  /**
   * Fires with the secret's name when a profile's key changes in this window or in any other
   * (SecretStorage is shared by every window).
   */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  /** Per secret name, the last read or written key; dropped whenever SecretStorage reports a change. */
  private readonly cached = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    /** Told every key read, so the log can redact it wherever it turns up. */
    private readonly onRead: (key: string) => void,
  ) {
    this.subscription = secrets.onDidChange((event) => {
      if (isApiKeySecret(event.key)) {
        // Another window may have changed it: read it again next time.
        this.cached.delete(event.key);
        this.changed.fire(event.key);
      }
    });
  }

  /** The key stored under `secret` (a profile's `secretKey`). */
  get(secret: string): Promise<string | undefined> {
    let read = this.cached.get(secret);
    if (read === undefined) {
      const reading = this.read(secret);
      read = reading;
      this.cached.set(secret, reading);
      // A failed read is not remembered.
      reading.catch(() => {
        if (this.cached.get(secret) === reading) this.cached.delete(secret);
      });
    }
    return read;
  }

  async store(secret: string, key: string): Promise<void> {
    this.cached.delete(secret);
    await this.secrets.store(secret, key);
  }

  async delete(secret: string): Promise<void> {
    this.cached.delete(secret);
    await this.secrets.delete(secret);
  }

  private async read(secret: string): Promise<string | undefined> {
    const key = await this.secrets.get(secret);
    if (key === undefined || key === '') {
      return undefined;
    }
    this.onRead(key);
    return key;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
