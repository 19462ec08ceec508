// The API keys live only in SecretStorage (the OS keychain), one per profile, each bound to the
// service it was checked with (storedKey.ts); this is their one reader and writer. A profile gets
// its key only while it names that service. Reads are cached in memory: a SecretStorage read is a
// round trip to the keychain (in a remote or web window, to the browser) that measured 50–175 ms
// per generate call in the benchmark.
import * as vscode from 'vscode';
import { GlobalStateKeys, isApiKeySecret } from '../shared/storageKeys';
import type { Profile } from './profileList';
import { bindingOfPlainKey, decodeStoredKey, encodeStoredKey, lookupKey, unusedKeys, type KeyLookup, type KeyService, type StoredKey, type UnusedKey } from './storedKey';

/** SecretStorage.keys() came after 1.100 (our oldest VS Code): used where it is there. */
type ListableSecrets = vscode.SecretStorage & { readonly keys?: () => Thenable<string[]> };

export class KeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<string>();
  /**
   * Fires with the secret's name when a profile's key changes in this window or in any other
   * (SecretStorage is shared by every window).
   */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  /** Per secret name, what it held when last read or written; dropped whenever SecretStorage reports a change. */
  private readonly cached = new Map<string, Promise<StoredKey>>();
  /** Plain keys bound to their services, once per extension host (see `bindPlainKeys`). */
  private binding: Promise<void> | undefined;

  constructor(
    private readonly secrets: ListableSecrets,
    /** Global state: the names of the secrets this extension stored (before 1.10x, SecretStorage cannot list them), and whether plain keys were bound. */
    private readonly globalState: vscode.Memento,
    /** The profiles as the settings define them now. */
    private readonly profiles: () => readonly Profile[],
    /** Told every key read, so the log can redact it wherever it turns up. */
    private readonly onRead: (key: string) => void,
    private readonly log: { warn(message: string): void; info(message: string): void },
  ) {
    this.subscription = secrets.onDidChange((event) => {
      if (isApiKeySecret(event.key)) {
        // Another window may have changed it: read it again next time.
        this.cached.delete(event.key);
        this.changed.fire(event.key);
      }
    });
  }

  /** What `profile` may do with its stored key: send it, or not (none, or bound to another service). */
  async lookup(profile: Profile): Promise<KeyLookup> {
    await this.bindPlainKeys();
    const stored = await this.get(profile.secretKey);
    if (stored.kind !== 'none') {
      // VS Code writes an extension's global state whole: another window's write, from a copy
      // older than this key, drops its name, and where SecretStorage cannot list, the key would be
      // left behind unlisted once its profile goes. A key found in use has its name written again.
      void this.remember(profile.secretKey, true);
    }
    return lookupKey(stored, profile);
  }

  /** The key `profile` may send to its service; undefined when there is none for that service. */
  async keyFor(profile: Profile): Promise<string | undefined> {
    const lookup = await this.lookup(profile);
    return lookup.kind === 'usable' ? lookup.key : undefined;
  }

  /** Stores `key` under `secret`, bound to `service`, the one it was checked with (or meant for). */
  async store(secret: string, key: string, service: KeyService): Promise<void> {
    // Its name first: the store's change event reaches the profile's check at once, and the caller
    // confirms the user it just checked before that check could ask the service again.
    await this.remember(secret, true);
    this.cached.delete(secret);
    await this.secrets.store(secret, encodeStoredKey(key, service));
  }

  async delete(secret: string): Promise<void> {
    this.cached.delete(secret);
    await this.secrets.delete(secret);
    await this.remember(secret, false);
  }

  /** Every stored key that no profile sends (its profile is gone, or names another service now). */
  async unused(): Promise<UnusedKey[]> {
    await this.bindPlainKeys();
    const stored = await Promise.all((await this.storedSecrets()).map(async (secret) => ({ secret, value: await this.get(secret) })));
    return unusedKeys(stored, this.profiles());
  }

  /**
   * Tests only: binds plain keys again, as on the first start of this version (an older version's
   * key is then what a test stored just before).
   */
  async bindAgainForTest(): Promise<void> {
    await this.binding;
    await this.globalState.update(GlobalStateKeys.apiKeysBound, undefined);
    this.binding = undefined;
    this.cached.clear();
    await this.bindPlainKeys();
  }

  /**
   * On the first start of a version that binds keys (in any window: the flag is in global state),
   * each plain key is bound to the service its profile names then, the one the version before sent
   * it to; a plain key no profile uses is bound to none. Later, a plain value is never sent.
   */
  private bindPlainKeys(): Promise<void> {
    this.binding ??= (async () => {
      if (this.globalState.get<unknown>(GlobalStateKeys.apiKeysBound) === true) {
        return;
      }
      const profiles = this.profiles();
      for (const secret of await this.storedSecrets()) {
        const stored = await this.get(secret);
        if (stored.kind === 'plain') {
          const service = bindingOfPlainKey(secret, profiles);
          await this.store(secret, stored.key, service);
          this.log.info(service.baseUrl === '' ? `The API key stored under ${secret} belongs to no profile now: it is kept unused, for removal` : `The API key stored under ${secret} is bound to ${service.baseUrl}`);
        }
      }
      await this.globalState.update(GlobalStateKeys.apiKeysBound, true);
    })().catch((error: unknown) => {
      // Tried again on the next read; until then no plain key is sent (lookupKey refuses them).
      this.binding = undefined;
      this.log.warn(`Could not bind the stored API keys to their services: ${String(error)}`);
    });
    return this.binding;
  }

  /** The names of every secret that may hold a key: the profiles', those this extension stored, and those SecretStorage lists. */
  private async storedSecrets(): Promise<string[]> {
    const names = new Set<string>(this.profiles().map((profile) => profile.secretKey));
    const remembered = this.globalState.get<unknown>(GlobalStateKeys.apiKeySecrets);
    for (const name of Array.isArray(remembered) ? remembered : []) {
      if (typeof name === 'string' && isApiKeySecret(name)) names.add(name);
    }
    if (typeof this.secrets.keys === 'function') {
      for (const name of await this.secrets.keys()) {
        if (isApiKeySecret(name)) names.add(name);
      }
    }
    return [...names];
  }

  /** Keeps the list of secret names this extension stored (names only, never a key). */
  private async remember(secret: string, stored: boolean): Promise<void> {
    const remembered = this.globalState.get<unknown>(GlobalStateKeys.apiKeySecrets);
    const names = new Set((Array.isArray(remembered) ? remembered : []).filter((name): name is string => typeof name === 'string' && isApiKeySecret(name)));
    if (names.has(secret) === stored) {
      return;
    }
    if (stored) {
      names.add(secret);
    } else {
      names.delete(secret);
    }
    await this.globalState.update(GlobalStateKeys.apiKeySecrets, [...names]);
  }

  private get(secret: string): Promise<StoredKey> {
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

  private async read(secret: string): Promise<StoredKey> {
    const stored = decodeStoredKey(await this.secrets.get(secret));
    if (stored.kind !== 'none') {
      this.onRead(stored.key);
    }
    return stored;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
