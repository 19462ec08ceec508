// Shows every signed-in profile in VS Code's Accounts menu (registered with supportsMultipleAccounts),
// lets the user sign out of each there, and sign in to another (which this window then uses).
// The sessions follow the profiles' checks, so they stay in step with the status bar and, through
// SecretStorage events, with other windows.
import * as vscode from 'vscode';
import { plainText } from '../shared/inertText';
import type { SignedInProfile } from './profileChecks';

export const AUTH_PROVIDER_ID = 'gist-generate';

/** What the provider needs of the account. */
export interface AccountsSource {
  signedInProfiles(): SignedInProfile[];
  /** More than one profile is set up: sessions then name their profile. */
  hasSeveralProfiles(): boolean;
  readonly onDidChangeAccounts: vscode.Event<void>;
  /** Sign in from the Accounts menu: the profile signed in to and its user, or undefined when the user gave up. */
  signIn(): Thenable<SignedInProfile | undefined>;
  /** Signs out of the named profile. */
  signOut(profile: string): Thenable<unknown>;
}

/**
 * With one profile the session is the user's, as before profiles; with more, each session and
 * account carries its profile's name, so the same user on two services is two accounts.
 */
function sessionFor({ profile, user }: SignedInProfile, several: boolean): vscode.AuthenticationSession {
  const id = several ? `${user.id}@${profile.name}` : user.id;
  const label = several ? `${plainText(user.name, 100)} (${plainText(profile.name, 64)})` : plainText(user.name, 100);
  // The key is not handed to other extensions: this provider shows the account, nothing more.
  return { id, accessToken: '', account: { id, label }, scopes: [] };
}

export class GistAuthenticationProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  /** Each session with the name of its profile. */
  private sessions: ReadonlyArray<{ readonly session: vscode.AuthenticationSession; readonly profile: string }> = [];
  private readonly subscription: vscode.Disposable;

  constructor(private readonly accounts: AccountsSource) {
    // No account is checked while the extension activates: no sessions until the first check says so.
    this.subscription = accounts.onDidChangeAccounts(() => this.update());
  }

  private update(): void {
    const several = this.accounts.hasSeveralProfiles();
    const next = this.accounts.signedInProfiles().map((one) => ({ session: sessionFor(one, several), profile: one.profile.name }));
    const before = new Map(this.sessions.map(({ session }) => [session.id, session]));
    const after = new Map(next.map(({ session }) => [session.id, session]));
    const added = [...after.values()].filter((session) => !before.has(session.id));
    const removed = [...before.values()].filter((session) => !after.has(session.id));
    const changed = [...after.values()].filter((session) => before.has(session.id) && before.get(session.id)?.account.label !== session.account.label);
    this.sessions = next;
    if (added.length + removed.length + changed.length > 0) {
      this.changed.fire({ added, removed, changed });
    }
  }

  getSessions(_scopes?: readonly string[], options?: vscode.AuthenticationProviderSessionOptions): Promise<vscode.AuthenticationSession[]> {
    const wanted = options?.account?.id;
    return Promise.resolve(this.sessions.map(({ session }) => session).filter((session) => wanted === undefined || session.account.id === wanted));
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const signedIn = await this.accounts.signIn();
    if (signedIn === undefined) {
      throw new Error(vscode.l10n.t('Sign-in to the gist service was cancelled.'));
    }
    return sessionFor(signedIn, this.accounts.hasSeveralProfiles());
  }

  async removeSession(sessionId: string): Promise<void> {
    const session = this.sessions.find((one) => one.session.id === sessionId);
    if (session !== undefined) {
      await this.accounts.signOut(session.profile);
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
