// Keeps the account state in step with the key and the connection settings, in the background:
// checks the key with `/v1/me` at startup, when the key or a connection setting changes, and on request.
import * as vscode from 'vscode';
import type { GistClient } from '../client/gistClient';
import { isGistError } from '../client/errors';
import { logValue } from '../client/oneLine';
import type { GistUser } from '../client/types';
import { connectionFor } from './connection';
import type { KeyStore } from './keyStore';
import type { Logger } from '../shared/logger';
import type { Settings } from '../shared/settings';
import type { ExtensionState } from '../shared/state';

export class AccountCheck implements vscode.Disposable {
  /** Bumped on every refresh so a slow, older answer never overwrites a newer one. */
  private generation = 0;
  /** The key whose user is shown, as confirmed by the key flow. */
  private confirmedKey: string | undefined;
  private inFlight: Promise<void> = Promise.resolve();
  private abort: AbortController | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly keyStore: KeyStore,
    private readonly settings: Settings,
    private readonly client: GistClient,
    private readonly state: ExtensionState,
    private readonly logger: Logger,
  ) {
    this.subscriptions.push(keyStore.onDidChange(() => void this.onKeyChanged()));
  }

  /** Resolves when the latest refresh has settled, including any started meanwhile. */
  async whenSettled(): Promise<void> {
    let settled: Promise<void>;
    do {
      settled = this.inFlight;
      await settled;
    } while (settled !== this.inFlight);
  }

  /** Checks the key again; resolves once the state reflects the latest check. */
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
    this.state.setStatus({ kind: 'signedIn', user });
  }

  /** Another window (or this one) changed the key: check it, unless it is the one just confirmed. */
  private async onKeyChanged(): Promise<void> {
    const key = await this.keyStore.get();
    if (key !== undefined && key === this.confirmedKey && this.state.current.status.kind === 'signedIn') {
      return;
    }
    await this.refresh();
  }

  private async check(generation: number, signal: AbortSignal): Promise<void> {
    const current = (): boolean => generation === this.generation;
    const key = await this.keyStore.get();
    this.logger.addSecret(key);
    if (!current()) {
      return;
    }
    const connection = connectionFor(this.settings, key);
    if (!connection.ok) {
      if (connection.missing === 'apiKey') {
        this.state.setStatus({ kind: 'signedOut' });
      } else {
        this.state.setStatus({
          kind: 'error',
          reason: 'configuration',
          message: vscode.l10n.t('{0} Set the service URL with “Gist: Set Service URL…”.', connection.reason),
        });
      }
      return;
    }
    this.state.setStatus({ kind: 'checking' });
    try {
      const user = await this.client.me(connection.connection, signal);
      if (current()) {
        this.confirmedKey = connection.connection.apiKey;
        this.logger.info(`Signed in as ${logValue(user.name)} <${logValue(user.email)}> (company ${logValue(user.company_id)}) at ${connection.connection.baseUrl}`);
        this.state.setStatus({ kind: 'signedIn', user });
      }
    } catch (error) {
      if (!current() || (isGistError(error) && error.kind === 'cancelled')) {
        return;
      }
      const message = isGistError(error) ? error.message : String(error);
      this.logger.warn(`Account check failed: ${message}`);
      const rejected = isGistError(error) && error.kind === 'authentication';
      this.state.setStatus({ kind: 'error', reason: rejected ? 'rejected' : 'unreachable', message });
    }
  }

  dispose(): void {
    this.abort?.abort();
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
  }
}
