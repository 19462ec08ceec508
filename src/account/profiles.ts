// The profiles of the user settings and the one this window uses. Each window may use another: the
// user's pick is remembered per workspace (workspaceState); a workspace's settings may only suggest
// a profile by its name, never define a service URL or header.
import * as vscode from 'vscode';
import { logValue } from '../shared/oneLine';
import type { Logger } from '../shared/logger';
import type { Settings } from '../shared/settings';
import { CONNECTION_KEYS } from '../shared/settings';
import { WorkspaceStateKeys } from '../shared/storageKeys';
import { chooseProfile, readProfiles, withEntryChanged, type Profile } from './profileList';

const PICKED_KEY = WorkspaceStateKeys.activeProfile;

/** What changed, for the account to decide what to check again. */
export interface ProfilesChange {
  /** The window now uses another profile, or its profile's service URL or header changed. */
  readonly activeChanged: boolean;
}

export class Profiles implements vscode.Disposable {
  private list: readonly Profile[] = [];
  private current!: Profile;
  /** The settings are read on first use, not while the extension activates. */
  private loaded = false;
  private problems = '';
  private readonly changed = new vscode.EventEmitter<ProfilesChange>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly settings: Settings,
    /** The extension's workspaceState: the profile picked in this workspace. */
    private readonly workspaceState: vscode.Memento,
    private readonly logger: Logger,
  ) {
    // Nothing read yet means nothing to tell anyone about: the first use reads the settings as they are.
    this.subscriptions = [
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (this.loaded && CONNECTION_KEYS.some((key) => event.affectsConfiguration(key))) {
          this.reload(true);
        }
      }),
      // A suggestion from the workspace counts once the user trusts it.
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.loaded && this.reload(true)),
    ];
  }

  all(): readonly Profile[] {
    this.load();
    return this.list;
  }

  /** The profile this window uses. */
  active(): Profile {
    this.load();
    return this.current;
  }

  byName(name: string): Profile | undefined {
    this.load();
    return this.list.find((profile) => profile.name === name);
  }

  /** Uses `profile` in this window, and in this workspace's windows from now on. */
  async pick(profile: Profile): Promise<void> {
    await this.workspaceState.update(PICKED_KEY, profile.name);
    this.reload(true);
  }

  /** Adds a `gist.profiles` entry to the user settings (where a workspace cannot), and uses it here. */
  async addAndPick(entry: { readonly name: string; readonly baseUrl: string }): Promise<Profile | undefined> {
    await this.workspaceState.update(PICKED_KEY, entry.name);
    const raw = this.settings.profiles();
    const written: readonly unknown[] = Array.isArray(raw) ? raw : [];
    await this.settings.setProfiles([...written, { name: entry.name, baseUrl: entry.baseUrl }]);
    this.reload(true);
    return this.byName(entry.name);
  }

  /** Forgets the profile picked in this workspace: the settings' suggestion, or the first, again. */
  async forgetPick(): Promise<void> {
    await this.workspaceState.update(PICKED_KEY, undefined);
    this.reload(true);
  }

  /** Saves `profile`'s service URL in the user settings: `gist.baseUrl`, or its `gist.profiles` entry. */
  async setBaseUrl(profile: Profile, url: string): Promise<void> {
    if (profile.fromBaseUrl) {
      await this.settings.setBaseUrl(url);
    } else {
      await this.settings.setProfiles(withEntryChanged(this.settings.profiles(), profile.name, (entry) => ({ ...entry, baseUrl: url })));
    }
    this.reload(true);
  }

  private load(): void {
    if (!this.loaded) {
      this.reload(false);
    }
  }

  /** Reads the settings again; fires when the list or the active profile changed. */
  private reload(notify: boolean): void {
    this.loaded = true;
    const read = readProfiles({ baseUrl: this.settings.baseUrl(), apiKeyHeader: this.settings.apiKeyHeader(), profiles: this.settings.profiles() });
    const problems = read.problems.join('\n');
    if (problems !== this.problems) {
      this.problems = problems;
      for (const problem of read.problems) {
        this.logger.warn(problem);
      }
    }
    const suggested = this.settings.suggestedProfile();
    const picked = this.workspaceState.get<unknown>(PICKED_KEY);
    const chosen = chooseProfile(read.profiles, { picked: typeof picked === 'string' ? picked : undefined, suggested });
    if (suggested !== undefined && chosen.source !== 'picked' && chosen.profile.name !== suggested) {
      this.logger.warn(`The settings suggest the profile ${logValue(suggested)}, which is not in your gist.profiles; using ${logValue(chosen.profile.name)}`);
    }
    const previous = this.current as Profile | undefined;
    const listChanged = JSON.stringify(read.profiles) !== JSON.stringify(this.list);
    const activeChanged = previous === undefined || JSON.stringify(previous) !== JSON.stringify(chosen.profile);
    this.list = read.profiles;
    this.current = chosen.profile;
    if (activeChanged && previous !== undefined) {
      this.logger.info(`Profile ${logValue(chosen.profile.name)} (${chosen.source === 'picked' ? 'picked in this workspace' : chosen.source === 'suggested' ? 'suggested by the settings' : 'the first'}) at ${chosen.profile.baseUrl === '' ? 'no service URL yet' : logValue(chosen.profile.baseUrl)}`);
    }
    if (notify && (listChanged || activeChanged)) {
      this.changed.fire({ activeChanged });
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
    this.changed.dispose();
  }
}
