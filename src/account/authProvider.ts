// Shows the signed-in user in VS Code's Accounts menu and lets the user sign out there.
// The session follows the one account state, so it stays in step with the status bar and,
// through SecretStorage events, with other windows.
import * as vscode from 'vscode';
import type { GistUser } from '../client/types';
import type { ExtensionState } from '../shared/state';

export const AUTH_PROVIDER_ID = 'gist-generate';

function sessionFor(user: GistUser): vscode.AuthenticationSession {
  // The key is not handed to other extensions: this provider shows the account, nothing more.
  return { id: user.id, accessToken: '', account: { id: user.id, label: user.name }, scopes: [] };
}

export class GistAuthenticationProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private session: vscode.AuthenticationSession | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    state: ExtensionState,
    private readonly signIn: () => Thenable<GistUser | undefined>,
    private readonly signOut: () => Thenable<unknown>,
  ) {
    this.subscription = state.onDidChange((snapshot) => {
      const { status } = snapshot;
      if (status.kind === 'signedIn') {
        this.update(sessionFor(status.user));
      } else if (status.kind === 'signedOut') {
        this.update(undefined);
      }
      // While checking or in error, the last known account stays listed.
    });
  }

  private update(next: vscode.AuthenticationSession | undefined): void {
    const previous = this.session;
    if (previous?.id === next?.id && previous?.account.label === next?.account.label) {
      return;
    }
    this.session = next;
    const added = next !== undefined && previous?.id !== next.id ? [next] : [];
    const removed = previous !== undefined && previous.id !== next?.id ? [previous] : [];
    const changed = next !== undefined && previous?.id === next.id ? [next] : [];
    this.changed.fire({ added, removed, changed });
  }

  getSessions(): Promise<vscode.AuthenticationSession[]> {
    return Promise.resolve(this.session === undefined ? [] : [this.session]);
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const user = await this.signIn();
    if (user === undefined) {
      throw new Error(vscode.l10n.t('Sign-in to the gist service was cancelled.'));
    }
    return sessionFor(user);
  }

  async removeSession(): Promise<void> {
    await this.signOut();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
