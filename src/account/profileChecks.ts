// One background check per profile, kept in step with the profiles and their keys: a profile
// added gets one, a profile removed loses its own; a key changed (in any window) is checked again
// by its profile only. The window's profile's status is the state's (the status bar's); every
// profile's user is the Accounts menu's.
import * as vscode from 'vscode';
import type { GistClient } from '../client/gistClient';
import type { GistUser } from '../shared/gistUser';
import type { Logger } from '../shared/logger';
import type { Settings } from '../shared/settings';
import type { ExtensionState } from '../shared/state';
import { AccountCheck } from './accountCheck';
import type { KeyStore } from './keyStore';
import type { Profile } from './profileList';
import type { Profiles, ProfilesChange } from './profiles';

/** A profile whose key is confirmed, and whom it belongs to: one entry of the Accounts menu. */
export interface SignedInProfile {
  readonly profile: Profile;
  readonly user: GistUser;
}

export class ProfileChecks implements vscode.Disposable {
  /** By the profile's secret name, which (unlike the first profile's name) never changes. */
  private readonly checks = new Map<string, AccountCheck>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when any profile's status changes (signed in, out, another user). */
  readonly onDidChange = this.changed.event;
  private readonly activeKeyChanged = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly profiles: Profiles,
    private readonly keyStore: KeyStore,
    private readonly client: GistClient,
    private readonly settings: Settings,
    private readonly state: ExtensionState,
    private readonly logger: Logger,
  ) {
    // Checks are made as profiles are first used (checkAll, just after activation), not while the extension activates.
    this.subscriptions = [profiles.onDidChange((change) => this.onProfilesChanged(change)), keyStore.onDidChange((secret) => this.onKeyChanged(secret))];
  }

  /** The window's profile's key, and when it changes (another key, or another profile): for the context keys. */
  readonly activeKey = {
    get: (): Promise<string | undefined> => this.keyStore.keyFor(this.profiles.active()),
    onDidChange: this.activeKeyChanged.event,
  };

  /** The check of the window's profile. */
  active(): AccountCheck {
    return this.of(this.profiles.active());
  }

  of(profile: Profile): AccountCheck {
    const existing = this.checks.get(profile.secretKey);
    if (existing !== undefined) {
      return existing;
    }
    const check = new AccountCheck(profile, this.keyStore, this.client, () => this.settings.requestTimeoutMs(), this.logger);
    check.onDidChange((status) => {
      if (this.checks.get(profile.secretKey) === check && this.profiles.active().secretKey === profile.secretKey) {
        this.state.setStatus(status);
      }
      this.changed.fire();
    });
    this.checks.set(profile.secretKey, check);
    return check;
  }

  /** Every profile signed in (as last checked), in the profiles' order. */
  signedIn(): SignedInProfile[] {
    return this.profiles.all().flatMap((profile) => {
      const user = this.checks.get(profile.secretKey)?.user;
      return user === undefined ? [] : [{ profile, user }];
    });
  }

  /** At startup: the window's profile first, then, one by one, every other (for the Accounts menu). */
  async checkAll(): Promise<void> {
    await this.active().refresh();
    for (const profile of this.profiles.all()) {
      if (profile.secretKey !== this.profiles.active().secretKey) {
        await this.of(profile).refresh();
      }
    }
  }

  /** New profiles get a check, gone ones lose theirs. Returns the checks that are new or whose service changed. */
  private sync(): AccountCheck[] {
    const moved: AccountCheck[] = [];
    const secrets = new Set(this.profiles.all().map((profile) => profile.secretKey));
    for (const [secret, check] of this.checks) {
      if (!secrets.has(secret)) {
        check.dispose();
        this.checks.delete(secret);
        this.changed.fire();
      }
    }
    for (const profile of this.profiles.all()) {
      const existing = this.checks.get(profile.secretKey);
      if (existing === undefined) {
        moved.push(this.of(profile));
      } else if (existing.update(profile)) {
        moved.push(existing);
      }
    }
    return moved;
  }

  private onProfilesChanged(change: ProfilesChange): void {
    const moved = this.sync();
    const active = this.active();
    this.state.profilesChanged();
    if (change.activeChanged) {
      this.state.setStatus(active.status);
      this.activeKeyChanged.fire();
      void active.refresh();
    }
    for (const check of moved) {
      if (check !== active) {
        // In the background, for the Accounts menu; the status bar follows the window's profile only.
        void check.refresh();
      }
    }
  }

  /** A key changed, here or in another window: its profile checks it again. */
  private onKeyChanged(secret: string): void {
    void this.checks.get(secret)?.keyChanged();
    if (this.profiles.active().secretKey === secret) {
      this.activeKeyChanged.fire();
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
    for (const check of this.checks.values()) {
      check.dispose();
    }
    this.changed.dispose();
    this.activeKeyChanged.dispose();
  }
}
