// Keeps one profile's account status in step with its key and its service, in the background:
// checks the key with that profile's `/v1/me` when asked, when its key changes (in any window) and
// when its service URL or header changes.
import * as vscode from 'vscode';
import type { GistClient } from '../client/gistClient';
import { isGistError } from '../client/errors';
import { logValue } from '../shared/oneLine';
import type { GistUser } from '../shared/gistUser';
import type { AccountStatus } from '../shared/accountStatus';
import type { Logger } from '../shared/logger';
import { connectionFor } from './connection';
import type { KeyStore } from './keyStore';
import type { Profile } from './profileList';
import type { KeyService } from './storedKey';

/** Why a profile's stored key is not used, and what to do: for the status bar and the key prompt. */
export function keyElsewhereMessage(boundTo: KeyService): string {
  if (boundTo.baseUrl === '') {
    return vscode.l10n.t('The API key stored for this profile cannot be tied to a service, so it is not sent. Set the key for this service with “Gist: Set API Key…”.');
  }
  let host = boundTo.baseUrl;
  try {
    host = new URL(boundTo.baseUrl).host;
  } catch {
    // Shown as stored.
  }
  return vscode.l10n.t('The API key stored for this profile was checked with {0}, another service than the profile names now, so it is not sent. Set the key for this service with “Gist: Set API Key…”.', host);
}

export class AccountCheck implements vscode.Disposable {
  /** Bumped on every refresh so a slow, older answer never overwrites a newer one. */
  private generation = 0;
  /** The key whose user is shown, as confirmed by the key flow or a check. */
  private confirmedKey: string | undefined;
  private inFlight: Promise<void> = Promise.resolve();
  private abort: AbortController | undefined;
  private current: AccountStatus = { kind: 'checking' };
  /** The user of the last confirmed key: still listed in the Accounts menu while checking or in error. */
  private lastUser: GistUser | undefined;
  private readonly changed = new vscode.EventEmitter<AccountStatus>();
  readonly onDidChange = this.changed.event;

  constructor(
    private profileNow: Profile,
    private readonly keyStore: KeyStore,
    private readonly client: GistClient,
    private readonly timeoutMs: () => number,
    private readonly logger: Logger,
  ) {}

  get profile(): Profile {
    return this.profileNow;
  }

  get status(): AccountStatus {
    return this.current;
  }

  /** Whom the profile's key belongs to, as last confirmed; undefined once signed out. */
  get user(): GistUser | undefined {
    return this.lastUser;
  }

  /** Takes the profile's settings as they are now; true when its service or header changed. */
  update(profile: Profile): boolean {
    const moved = profile.baseUrl !== this.profileNow.baseUrl || profile.apiKeyHeader !== this.profileNow.apiKeyHeader;
    this.profileNow = profile;
    return moved;
  }

  /** Resolves when the latest refresh has settled, including any started meanwhile. */
  async whenSettled(): Promise<void> {
    let settled: Promise<void>;
    do {
      settled = this.inFlight;
      await settled;
    } while (settled !== this.inFlight);
  }

  /** Checks the key again; resolves once the status reflects the latest check. */
  refresh(): Promise<void> {
    this.generation += 1;
    this.abort?.abort();
    this.abort = new AbortController();
    this.inFlight = this.check(this.generation, this.abort.signal);
    return this.whenSettled();
  }

  /** Sets the signed-in user directly, after the key flow has just checked this key. */
  signedIn(user: GistUser, key: string): void {
    this.generation += 1;
    this.abort?.abort();
    this.confirmedKey = key;
    this.set({ kind: 'signedIn', user });
  }

  /** Another window (or this one) changed the key: check it, unless it is the one just confirmed. */
  async keyChanged(): Promise<void> {
    const key = await this.keyStore.keyFor(this.profileNow);
    if (key !== undefined && key === this.confirmedKey && this.current.kind === 'signedIn') {
      return;
    }
    await this.refresh();
  }

  private set(status: AccountStatus): void {
    if (status.kind === 'signedIn') {
      this.lastUser = status.user;
    } else if (status.kind === 'signedOut') {
      this.lastUser = undefined;
    }
    this.current = status;
    this.changed.fire(status);
  }

  private async check(generation: number, signal: AbortSignal): Promise<void> {
    const current = (): boolean => generation === this.generation;
    const profile = this.profileNow;
    const lookup = await this.keyStore.lookup(profile);
    if (!current()) {
      return;
    }
    const connection = connectionFor(profile, lookup.kind === 'usable' ? lookup.key : undefined, this.timeoutMs());
    if (!connection.ok) {
      if (connection.missing === 'apiKey' && lookup.kind === 'elsewhere') {
        // Bound to the service it was checked with: never sent to this one.
        this.logger.warn(`The API key stored for profile ${logValue(profile.name)} was checked with ${lookup.boundTo.baseUrl === '' ? 'no known service' : logValue(lookup.boundTo.baseUrl)}, not with ${logValue(profile.baseUrl)}: it is not sent there`);
        this.set({ kind: 'error', reason: 'configuration', message: keyElsewhereMessage(lookup.boundTo) });
      } else if (connection.missing === 'apiKey') {
        this.set({ kind: 'signedOut' });
      } else {
        this.set({
          kind: 'error',
          reason: 'configuration',
          message: vscode.l10n.t('{0} Set the service URL with “Gist: Set Service URL…”.', connection.reason),
        });
      }
      return;
    }
    this.set({ kind: 'checking' });
    try {
      const user = await this.client.me(connection.connection, signal);
      if (current()) {
        this.confirmedKey = connection.connection.apiKey;
        this.logger.info(
          `Signed in as ${logValue(user.name)} <${logValue(user.email)}> (company ${logValue(user.company_id)}) at ${connection.connection.baseUrl} (profile ${logValue(profile.name)})`,
        );
        this.set({ kind: 'signedIn', user });
      }
    } catch (error) {
      if (!current() || (isGistError(error) && error.kind === 'cancelled')) {
        return;
      }
      const message = isGistError(error) ? error.message : String(error);
      this.logger.warn(`Account check of profile ${logValue(profile.name)} failed: ${message}`);
      const rejected = isGistError(error) && error.kind === 'authentication';
      this.set({ kind: 'error', reason: rejected ? 'rejected' : 'unreachable', message });
    }
  }

  dispose(): void {
    this.abort?.abort();
    this.changed.dispose();
  }
}
