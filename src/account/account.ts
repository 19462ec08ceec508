// The account feature: what the commands, the Accounts menu and the generation ask of the account.
// Each verb returns what it found (the user, the connection); the background check keeps the
// status bar's state in step.
import * as vscode from 'vscode';
import type { GistClient } from '../client/gistClient';
import type { ConnectionSettings, GistUser } from '../client/types';
import type { Logger } from '../shared/logger';
import type { Settings } from '../shared/settings';
import type { ExtensionState } from '../shared/state';
import { AccountCheck } from './accountCheck';
import { ensureBaseUrl, promptForBaseUrl } from './baseUrlPrompt';
import { connectionFor } from './connection';
import { KeyFlow, type FoundKey } from './keyFlow';
import type { KeyStore } from './keyStore';

export class Account implements vscode.Disposable {
  private readonly check: AccountCheck;
  private readonly keyFlow: KeyFlow;

  constructor(
    private readonly keyStore: KeyStore,
    private readonly settings: Settings,
    client: GistClient,
    state: ExtensionState,
    private readonly logger: Logger,
    /** Called when the extension is used with no service URL yet (offers the walkthrough once). */
    private readonly onFirstRun: () => void,
  ) {
    this.check = new AccountCheck(keyStore, settings, client, state, logger);
    this.keyFlow = new KeyFlow(client, settings, logger);
  }

  /**
   * The connection for a call: runs the key flow when no key is stored, asks for the service URL
   * when it is missing. Undefined when the user gave up.
   */
  async ensureSignedIn(): Promise<ConnectionSettings | undefined> {
    this.offerWalkthroughIfNew();
    let key = await this.keyStore.get();
    if (key === undefined) {
      // The key flow asks for the service URL too when it is missing, in the same input.
      const found = await this.keyFlow.run();
      if (found !== undefined) {
        await this.store(found);
        key = found.key;
      }
    }
    if ((await ensureBaseUrl(this.settings)) === undefined) {
      return undefined;
    }
    const connection = connectionFor(this.settings, key);
    return connection.ok ? connection.connection : undefined;
  }

  /** "Gist: Set API Key…" (`{apiKey}` skips the prompt): the signed-in user, or undefined when no checked key was stored. */
  async setApiKey(args?: unknown): Promise<GistUser | undefined> {
    this.offerWalkthroughIfNew();
    const found = await this.keyFlow.run(args);
    return found === undefined ? undefined : this.store(found);
  }

  async signOut(): Promise<void> {
    await this.keyStore.delete();
    this.logger.info('Signed out: API key removed');
    await this.check.refresh();
    void vscode.window.showInformationMessage(vscode.l10n.t('Signed out of the gist service. The API key was removed.'));
  }

  /** "Gist: Set Service URL…": the URL saved, or undefined when the user gave up. */
  async setBaseUrl(): Promise<string | undefined> {
    const url = await promptForBaseUrl(this.settings);
    if (url !== undefined) {
      await this.check.refresh();
    }
    return url;
  }

  /** Checks the key again; resolves once the state reflects the latest check. */
  refresh(): Promise<void> {
    return this.check.refresh();
  }

  /** Resolves when the latest check has settled. */
  whenSettled(): Promise<void> {
    return this.check.whenSettled();
  }

  /** Stores the key the flow found, and shows whom it belongs to. */
  private async store({ key, user }: FoundKey): Promise<GistUser | undefined> {
    await this.keyStore.store(key);
    if (user === undefined) {
      this.logger.warn('API key stored without checking it: the service could not be reached');
      void this.check.refresh();
      return undefined;
    }
    this.check.signedIn(user, key);
    this.logger.info(`API key stored; signed in as ${user.name}`);
    void vscode.window.showInformationMessage(vscode.l10n.t('Signed in to the gist service as {0}.', user.name));
    return user;
  }

  private offerWalkthroughIfNew(): void {
    if (this.settings.baseUrl() === '') {
      this.onFirstRun();
    }
  }

  dispose(): void {
    this.check.dispose();
  }
}
