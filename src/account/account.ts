// The account feature: what the commands, the Accounts menu and the generation ask of the account.
// Each verb returns what it found (the user, the connection), for the window's profile unless told
// another; every profile has its own key and its own background check (profileChecks.ts).
import * as vscode from 'vscode';
import type { GistClient } from '../client/gistClient';
import { logValue } from '../shared/oneLine';
import type { ConnectionSettings } from '../client/types';
import type { GistUser } from '../shared/gistUser';
import type { Logger } from '../shared/logger';
import { showError, showInformation } from '../shared/notify';
import { userMessage } from '../shared/userMessage';
import type { Settings } from '../shared/settings';
import type { ExtensionState } from '../shared/state';
import { InputHold } from '../shared/inputHold';
import { newProfileAsker } from './addProfileFlow';
import { ensureBaseUrl, promptForBaseUrl, type SaveBaseUrl } from './baseUrlPrompt';
import { connectionFor, type ConnectionResult } from './connection';
import { KeyFlow, keyArgs, type FoundKey } from './keyFlow';
import type { KeyStore } from './keyStore';
import { SecretKeys } from '../shared/storageKeys';
import type { Profile } from './profileList';
import { ProfileChecks, type SignedInProfile } from './profileChecks';
import type { Profiles } from './profiles';
import { keyElsewhereMessage } from './accountCheck';
import { keyService, NO_SERVICE, type KeyService } from './storedKey';
import { pickAccount, type PickedAccount, type ProfileRow } from './switchAccount';
import { removeUnusedKeys, type RemovedKey } from './unusedKeys';
import { CommandIds, type CommandTable } from '../shared/commandIds';

/** The service a found key is bound to: the one it was checked with. */
function boundService(found: { readonly baseUrl: string; readonly apiKeyHeader: string }): KeyService {
  return keyService(found) ?? NO_SERVICE;
}

/** `{profile}`: the argument form of Switch Account and Sign Out. */
function profileArg(args: unknown): string | undefined {
  return typeof args === 'object' && args !== null && 'profile' in args && typeof args.profile === 'string' ? args.profile : undefined;
}

export class Account implements vscode.Disposable {
  /** This feature's part of the command table (src/commands.ts): each command id bound to its verb. */
  commands() {
    return {
      [CommandIds.setApiKey]: (args: unknown) => this.setApiKey(args),
      [CommandIds.signOut]: (args: unknown) => this.signOut(args),
      [CommandIds.removeUnusedKeys]: (args: unknown) => this.removeUnusedKeys(args),
      [CommandIds.switchAccount]: (args: unknown) => this.switchAccount(args),
      [CommandIds.refreshAccount]: () => this.refresh(),
      [CommandIds.setBaseUrl]: () => this.setBaseUrl(),
    } satisfies CommandTable;
  }

  private readonly checks: ProfileChecks;
  private readonly keyFlow: KeyFlow;
  private readonly save: SaveBaseUrl;
  /** Fires when any profile's account changes (signed in, out, another user): the Accounts menu follows it. */
  readonly onDidChangeAccounts: vscode.Event<void>;
  /** The window's profile's key, and when it changes (another key, or another profile): for the context keys. */
  readonly activeKey: { get(): Promise<string | undefined>; readonly onDidChange: vscode.Event<void> };

  constructor(
    private readonly keyStore: KeyStore,
    private readonly profiles: Profiles,
    private readonly settings: Settings,
    client: GistClient,
    state: ExtensionState,
    private readonly logger: Logger,
    /** Called when the extension is used with no service URL yet (offers the walkthrough once). */
    private readonly onFirstRun: () => void,
  ) {
    this.save = (profile, url) => profiles.setBaseUrl(profile, url);
    this.keyFlow = new KeyFlow(client, settings, logger, this.save);
    this.checks = new ProfileChecks(profiles, keyStore, client, settings, state, logger);
    this.onDidChangeAccounts = this.checks.onDidChange;
    this.activeKey = this.checks.activeKey;
  }

  /** The window's profile and its key, for the connection diagnosis. */
  async activeTarget(): Promise<{ readonly profile: Profile; readonly apiKey: string | undefined }> {
    const profile = this.profiles.active();
    return { profile, apiKey: await this.keyStore.keyFor(profile) };
  }

  /** The window's profile's connection as it is now, without asking anything (the language model tools). */
  async currentConnection(): Promise<ConnectionResult> {
    const { profile, apiKey } = await this.activeTarget();
    return connectionFor(this.fresh(profile), apiKey, this.settings.requestTimeoutMs());
  }

  /** Every profile signed in (as last checked), in the profiles' order. */
  signedInProfiles(): SignedInProfile[] {
    return this.checks.signedIn();
  }

  /**
   * The connection for a call, with the window's profile: runs the key flow when it has no key,
   * asks for the service URL when it is missing. Undefined when the user gave up.
   */
  ensureSignedIn(): Promise<ConnectionSettings | undefined> {
    return this.signedInThen((connection) => connection);
  }

  /**
   * `next` with the connection for a call (as ensureSignedIn finds it), or undefined when the user
   * gave up. The key flow's input, when it ran, stays on screen busy until `next` ends: the input
   * or the modal `next` shows first takes over from it, with no moment in between for a webview
   * editor to take the keyboard back (see InputHold).
   */
  async signedInThen<R>(next: (connection: ConnectionSettings) => Thenable<R> | R): Promise<R | undefined> {
    this.offerWalkthroughIfNew();
    const hold = new InputHold();
    try {
      const profile = this.profiles.active();
      const stored = await this.keyStore.lookup(profile);
      if (stored.kind !== 'usable') {
        // The key flow asks for the service URL too when it is missing, in the same input. A key
        // bound to another service is asked for again, saying why.
        const found = await this.keyFlow.run(profile, this.named(profile), undefined, stored.kind === 'elsewhere' ? keyElsewhereMessage(stored.boundTo) : undefined, hold);
        if (found !== undefined) {
          await this.store(this.fresh(profile), found);
        }
      }
      if ((await ensureBaseUrl(this.fresh(profile), this.save, this.named(profile))) === undefined) {
        return undefined;
      }
      // Sent only to the service it is bound to: the URL just asked for may be another.
      const key = await this.keyStore.keyFor(this.fresh(profile));
      const connection = connectionFor(this.fresh(profile), key, this.settings.requestTimeoutMs());
      return connection.ok ? await next(connection.connection) : undefined;
    } finally {
      hold.release();
    }
  }

  /**
   * "Gist: Set API Key…" for the window's profile (`{apiKey, profile?}` skips the prompt, and may
   * name another profile): the signed-in user, or undefined when no checked key was stored.
   */
  async setApiKey(args?: unknown): Promise<GistUser | undefined> {
    this.offerWalkthroughIfNew();
    const given = keyArgs(args);
    const profile = this.profileNamed(given?.profile);
    if (profile === undefined) {
      return undefined;
    }
    const found = await this.keyFlow.run(profile, this.named(profile), given?.apiKey);
    return found === undefined ? undefined : this.store(this.fresh(profile), found);
  }

  /** "Gist: Sign Out" of the window's profile (`{profile}` names another): removes its key. */
  async signOut(args?: unknown): Promise<void> {
    const profile = this.profileNamed(profileArg(args));
    if (profile === undefined) {
      return;
    }
    await this.keyStore.delete(profile.secretKey);
    this.logger.info(`Signed out of profile ${logValue(profile.name)}: API key removed`);
    await this.checks.of(profile).refresh();
    const named = this.named(profile);
    void showInformation(
      named === undefined
        ? userMessage(vscode.l10n.t('Signed out of the gist service. The API key was removed.'))
        : userMessage(vscode.l10n.t('Signed out of {0}. Its API key was removed.'), named),
    );
  }

  /** "Gist: Set Service URL…" of the window's profile: the URL saved, or undefined when the user gave up. */
  async setBaseUrl(): Promise<string | undefined> {
    const profile = this.profiles.active();
    const url = await promptForBaseUrl(profile, this.save, this.named(profile));
    if (url !== undefined) {
      await this.checks.active().refresh();
    }
    return url;
  }

  /**
   * "Gist: Switch Account…": `{profile}` switches this window to that profile without asking;
   * otherwise the accounts to pick from, "Add Profile…" and "Edit Profiles in Settings". Returns
   * the name of the profile the window uses afterwards, or undefined when nothing changed.
   */
  async switchAccount(args?: unknown): Promise<string | undefined> {
    const named = profileArg(args);
    if (named !== undefined) {
      const profile = this.profileNamed(named);
      if (profile === undefined) {
        return undefined;
      }
      await this.use(profile);
      return profile.name;
    }
    const picked = await pickAccount(this.rows(), vscode.l10n.t('Gist: Switch Account'), await this.unusedCount());
    try {
      return (await this.follow(picked))?.name;
    } finally {
      picked.close();
    }
  }

  /** "Add Profile…": name, service URL and key; the key is checked, then stored, and the window uses the new profile. */
  async addProfile(): Promise<Profile | undefined> {
    const found = await this.keyFlow.confirm(newProfileAsker(this.profiles.all().map((profile) => profile.name)));
    if (found === undefined) {
      return undefined;
    }
    // The key first: the profile never exists without the key the user just gave.
    await this.keyStore.store(SecretKeys.profileApiKey(found.name), found.key, boundService(found));
    const profile = await this.profiles.addAndPick({ name: found.name, baseUrl: found.baseUrl });
    if (profile === undefined) {
      return undefined;
    }
    this.logger.info(`Profile ${logValue(profile.name)} added at ${logValue(profile.baseUrl)}`);
    this.confirmed(profile, found);
    return profile;
  }

  /**
   * "Sign in" from VS Code's Accounts menu: with one profile, its key; with more, the profile to
   * sign in to (or a new one), which this window then uses.
   */
  async signInFromAccountsMenu(): Promise<SignedInProfile | undefined> {
    if (!this.hasSeveralProfiles()) {
      const user = await this.setApiKey();
      // The profile as it is now: setting its URL may have renamed it.
      return user === undefined ? undefined : { profile: this.profiles.active(), user };
    }
    const picked = await pickAccount(this.rows(), vscode.l10n.t('Gist: Sign In'), await this.unusedCount());
    let profile: Profile | undefined;
    try {
      profile = await this.follow(picked);
    } finally {
      picked.close();
    }
    const user = profile === undefined ? undefined : this.checks.of(profile).user;
    return profile === undefined || user === undefined ? undefined : { profile, user };
  }

  hasSeveralProfiles(): boolean {
    return this.profiles.all().length > 1;
  }

  /**
   * "Gist: Remove Unused API Keys…": the keys no profile sends (their profile is gone, or names
   * another service now), picked from a list; `{all: true}` removes every one without asking.
   */
  removeUnusedKeys(args?: unknown): Promise<RemovedKey[]> {
    return removeUnusedKeys(this.keyStore, args, this.logger);
  }

  /** Checks the window's profile's key again; resolves once the state reflects the latest check. */
  refresh(): Promise<void> {
    return this.checks.active().refresh();
  }

  /** At startup: the window's profile first, then, in the background, every other (for the Accounts menu). */
  checkAll(): Promise<void> {
    return this.checks.checkAll();
  }

  /** Resolves when the window's profile's latest check has settled. */
  whenSettled(): Promise<void> {
    return this.checks.active().whenSettled();
  }

  /** Does what was picked in the account list; the profile the window uses afterwards, if it changed. */
  private async follow({ choice }: PickedAccount): Promise<Profile | undefined> {
    switch (choice?.kind) {
      case undefined:
        return undefined;
      case 'add':
        return this.addProfile();
      case 'edit':
        await vscode.commands.executeCommand('workbench.action.openSettings', 'gist.profiles');
        return undefined;
      case 'profile': {
        await this.use(choice.profile);
        if ((await this.keyStore.lookup(this.profiles.active())).kind !== 'usable') {
          // Picked to be used: its key is asked for right away (also when the one stored is for another service).
          await this.setApiKey();
        }
        return this.profiles.active();
      }
      case 'removeUnused':
        await this.removeUnusedKeys();
        return undefined;
    }
  }

  /** This window (and this workspace from now on) uses `profile`; resolves once its key is checked. */
  private async use(profile: Profile): Promise<void> {
    await this.profiles.pick(profile);
    await this.checks.active().whenSettled();
  }

  private rows(): ProfileRow[] {
    const active = this.profiles.active().secretKey;
    return this.profiles.all().map((profile) => ({ profile, status: this.checks.of(profile).status, active: profile.secretKey === active }));
  }

  /** How many stored keys no profile sends, for the account list to offer their removal; 0 when they cannot be read. */
  private async unusedCount(): Promise<number> {
    try {
      return (await this.keyStore.unused()).length;
    } catch {
      return 0;
    }
  }

  /** The profile named `name` (the window's when undefined); an unknown name is told and logged. */
  private profileNamed(name: string | undefined): Profile | undefined {
    if (name === undefined) {
      return this.profiles.active();
    }
    const profile = this.profiles.byName(name);
    if (profile === undefined) {
      this.logger.error(`No profile is named ${logValue(name)}`);
      void showError(userMessage(vscode.l10n.t('There is no profile named “{0}”. Add it with “Gist: Switch Account…”, or in the setting gist.profiles.'), name));
    }
    return profile;
  }

  /** The profile's name when there is more than one profile, for titles and messages. */
  private named(profile: Profile): string | undefined {
    return this.hasSeveralProfiles() ? profile.name : undefined;
  }

  /**
   * The profile as the settings have it now: its service URL may have just been saved, which
   * renames the first profile (named after its host). Its secret's name never changes.
   */
  private fresh(profile: Profile): Profile {
    return this.profiles.all().find((current) => current.secretKey === profile.secretKey) ?? profile;
  }

  /** Stores the key the flow found for `profile`, bound to the service it was checked with, and shows whom it belongs to. */
  private async store(profile: Profile, found: FoundKey): Promise<GistUser | undefined> {
    await this.keyStore.store(profile.secretKey, found.key, boundService(found));
    return this.confirmed(profile, found);
  }

  /** The key just stored for `profile` belongs to `user` (checked by the flow), or is unchecked. */
  private confirmed(profile: Profile, { key, user }: FoundKey): GistUser | undefined {
    const check = this.checks.of(profile);
    if (user === undefined) {
      this.logger.warn(`API key stored for profile ${logValue(profile.name)} without checking it: the service could not be reached`);
      void check.refresh();
      return undefined;
    }
    check.signedIn(user, key);
    this.logger.info(`API key stored for profile ${logValue(profile.name)}; signed in as ${logValue(user.name)}`);
    const named = this.named(profile);
    void showInformation(
      named === undefined
        ? userMessage(vscode.l10n.t('Signed in to the gist service as {0}.'), user.name)
        : userMessage(vscode.l10n.t('Signed in to {0} as {1}.'), named, user.name),
    );
    return user;
  }

  private offerWalkthroughIfNew(): void {
    if (this.profiles.all().length === 1 && this.profiles.active().baseUrl === '') {
      this.onFirstRun();
    }
  }

  dispose(): void {
    this.checks.dispose();
  }
}
