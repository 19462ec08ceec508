// VS Code's Accounts menu: the authentication provider lists the signed-in user, in step with
// the account state. (VS Code only hands sessions to extensions the user allowed, so the test
// reads the provider's sessions through the extension's API and VS Code's events.)
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { extensionApi, signIn, waitFor, type TestedApi } from './support';

const PROVIDER = 'gist-generate';


describe('Accounts menu', function () {
  let api: TestedApi;

  before(async function () {
    api = await extensionApi();
  });

  const accountsMenuSession = async (): Promise<vscode.AuthenticationSession | undefined> => (await api.testing.accountsMenuSessions())[0];

  it('is registered with VS Code under its id', async function () {
    // Throws "No authentication provider 'gist-generate' is currently registered" otherwise.
    await vscode.authentication.getSession(PROVIDER, [], { silent: true });
  });

  it('lists the signed-in user in the Accounts menu, without handing out the key', async function () {
    await signIn(api);
    const session = await waitFor('an Accounts menu session', accountsMenuSession);
    assert.equal(session.account.label, 'Ada Lovelace');
    assert.equal(session.accessToken, '', 'the key stays in SecretStorage');
  });

  it('follows sign-out and sign-in, firing onDidChangeSessions', async function () {
    await signIn(api);
    await waitFor('an Accounts menu session', accountsMenuSession);
    const changes: string[] = [];
    const subscription = vscode.authentication.onDidChangeSessions((event) => {
      if (event.provider.id === PROVIDER) changes.push('changed');
    });
    try {
      await vscode.commands.executeCommand('gist.signOut');
      await waitFor('no session after sign-out', async () => (await accountsMenuSession()) === undefined);
      await signIn(api, 'gk_demo_grace');
      const session = await waitFor('a session for the new user', async () => {
        const current = await accountsMenuSession();
        return current?.account.label === 'Grace Hopper' ? current : undefined;
      });
      assert.equal(session.account.id, 'u_grace');
      assert.ok(changes.length >= 1, 'VS Code relayed the provider\'s session changes');
    } finally {
      subscription.dispose();
      await signIn(api);
    }
  });
});
