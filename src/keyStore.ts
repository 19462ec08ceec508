// The API key lives only in SecretStorage (the OS keychain); this is its one reader and writer.
import * as vscode from 'vscode';

const SECRET_KEY = 'gist.apiKey';

export class KeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the key changes in this window or in any other (SecretStorage is shared). */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key === SECRET_KEY) {
        this.changed.fire();
      }
    });
  }

  async get(): Promise<string | undefined> {
    const key = await this.secrets.get(SECRET_KEY);
    return key === undefined || key === '' ? undefined : key;
  }

  async store(key: string): Promise<void> {
    await this.secrets.store(SECRET_KEY, key);
  }

  async delete(): Promise<void> {
    await this.secrets.delete(SECRET_KEY);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
