// The API key, the account and the status bar item, in a real VS Code.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { DEMO_KEY, OTHER_KEY, extensionApi, generate, openEditor, service, serviceUrl, signIn, waitFor, type TestedApi } from './support';

describe('API key and account', function () {
  let api: TestedApi;

  before(async function () {
    api = await extensionApi();
  });

  beforeEach(async function () {
    await service().clearFaults();
    await service().clearCalls();
  });

  it('signs in with a key checked by /v1/me and shows the user in the status bar', async function () {
    await signIn(api);
    const item = api.testing.statusBarItem();
    assert.equal(item.text, '$(account) Ada Lovelace');
    assert.equal(item.command, 'gist.statusBarMenu');
    assert.ok(item.tooltip.includes('ada\\@example\\.com'), item.tooltip);
    assert.ok(item.tooltip.includes('c\\_analytical'), item.tooltip);
    const meCalls = (await service().calls()).filter((call) => call.path === '/v1/me');
    assert.ok(meCalls.length >= 1);
    assert.equal(meCalls[0]?.headers['service-api-key'], DEMO_KEY);
  });

  it('keeps the old key when a new one is rejected', async function () {
    await signIn(api);
    const user = await vscode.commands.executeCommand('gist.setApiKey', { apiKey: 'gk_wrong' });
    assert.equal(user, undefined);
    assert.equal(api.state().status.kind, 'signedIn');
    await service().clearCalls();
    assert.ok(await generate({ gistId: 'echo', variant: 'plain', values: { text: 'x' } }));
    const [call] = await service().calls();
    assert.equal(call?.userId, 'u_ada', 'the call still used the confirmed key');
  });

  it('switches user when another valid key is set', async function () {
    await signIn(api, OTHER_KEY);
    assert.equal(api.testing.statusBarItem().text, '$(account) Grace Hopper');
    await signIn(api, DEMO_KEY);
    assert.equal(api.testing.statusBarItem().text, '$(account) Ada Lovelace');
  });

  it('generates with the key just set, not a remembered one', async function () {
    // The key store keeps the key in memory after the first read; a change must reach the next call.
    await signIn(api, OTHER_KEY);
    await service().clearCalls();
    assert.ok(await generate({ gistId: 'echo', variant: 'plain', values: { text: 'x' } }));
    await signIn(api, DEMO_KEY);
    assert.ok(await generate({ gistId: 'echo', variant: 'plain', values: { text: 'y' } }));
    const users = (await service().calls()).filter((call) => call.path.startsWith('/v1/generate')).map((call) => call.userId);
    assert.deepEqual(users, ['u_grace', 'u_ada']);
  });

  it('keeps the key out of every setting', async function () {
    await signIn(api);
    const all = JSON.stringify(vscode.workspace.getConfiguration('gist'));
    const inspected = ['baseUrl', 'apiKeyHeader', 'gists', 'requestTimeoutSeconds'].map((key) =>
      JSON.stringify(vscode.workspace.getConfiguration('gist').inspect(key)),
    );
    for (const text of [all, ...inspected]) {
      assert.ok(!text.includes(DEMO_KEY));
    }
    assert.equal(api.state().baseUrl.replace(/\/$/, ''), serviceUrl().replace(/\/$/, ''));
  });

  it('shows a rejected key in the error colour', async function () {
    await signIn(api);
    await service().injectFaults({ path: '/v1/me', status: 401, error: 'key revoked' }, 1);
    await vscode.commands.executeCommand('gist.refreshAccount');
    const status = api.state().status;
    assert.equal(status.kind, 'error');
    assert.equal(status.kind === 'error' ? status.reason : '', 'rejected');
    assert.equal(api.testing.statusBarItem().background, 'error');
    assert.match(api.testing.statusBarItem().tooltip, /Set API Key/);
  });

  it('shows an unreachable service in the warning colour, and recovers on refresh', async function () {
    await signIn(api);
    await service().injectFaults({ path: '/v1/me', kind: 'resetBeforeBody' }, 5);
    await vscode.commands.executeCommand('gist.refreshAccount');
    const status = api.state().status;
    assert.equal(status.kind === 'error' ? status.reason : status.kind, 'unreachable');
    assert.equal(api.testing.statusBarItem().background, 'warning');
    assert.match(api.testing.statusBarItem().tooltip, /\(command:gist\.diagnoseConnection\)/, 'the tooltip offers the diagnosis');
    await service().clearFaults();
    await vscode.commands.executeCommand('gist.refreshAccount');
    assert.equal(api.state().status.kind, 'signedIn');
  });

  it('shows checking while /v1/me is slow, and a spinner while generating', async function () {
    await signIn(api);
    await service().injectFaults({ path: '/v1/me', latencyMs: 800 }, 1);
    const refreshing = vscode.commands.executeCommand('gist.refreshAccount');
    await waitFor('checking', () => api.state().status.kind === 'checking');
    assert.match(api.testing.statusBarItem().text, /sync~spin/);
    await refreshing;
    await service().injectFaults({ path: '/v1/generate', latencyMs: 800 }, 1);
    const generating = generate({ gistId: 'echo', variant: 'plain', values: { text: 'x' } });
    // The spinner comes once the call has run FEEDBACK_DELAY_MS.
    await waitFor('the spinner', () => api.testing.statusBarItem().text === '$(loading~spin) Ada Lovelace');
    assert.equal(api.state().generating, 1);
    await generating;
    assert.equal(api.testing.statusBarItem().text, '$(account) Ada Lovelace');
  });

  it('does not change the status bar as a call starts: the spinner waits FEEDBACK_DELAY_MS', async function () {
    await signIn(api);
    await openEditor('');
    const shown: string[] = [];
    const before = api.testing.statusBarItem().text;
    // Registered after the status bar's own listener: it sees the item as the status bar left it.
    const subscription = api.onDidChangeState((snapshot) => shown.push(`${snapshot.generating} ${api.testing.statusBarItem().text}`));
    try {
      assert.ok(await generate({ gistId: 'echo', variant: 'plain', values: { text: 'x' } }));
    } finally {
      subscription.dispose();
    }
    assert.equal(shown[0], `1 ${before}`, shown.join(' | '));
    assert.equal(api.testing.statusBarItem().text, before);
  });

  it('changes the status bar (the last call id in its tooltip) only once the text is in the document', async function () {
    await signIn(api);
    const editor = await openEditor('');
    const seen: string[] = [];
    const subscriptions = [
      api.onDidChangeState((snapshot) => seen.push(`state ${snapshot.lastCallId ?? '-'}`)),
      vscode.workspace.onDidChangeTextDocument((event) => event.document === editor.document && event.contentChanges.length > 0 && seen.push('text')),
    ];
    let result: { id: string } | undefined;
    try {
      result = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'x' } });
    } finally {
      for (const subscription of subscriptions) {
        subscription.dispose();
      }
    }
    assert.ok(result);
    // The workbench handles the tooltip's and global state's messages before an edit sent after them.
    const firstWithId = seen.indexOf(`state ${result.id}`);
    assert.ok(firstWithId > seen.indexOf('text') && seen.includes('text'), seen.join(' | '));
    assert.equal(api.state().lastCallId, result.id);
  });

  it('signs out: the key is gone and the status bar offers sign-in', async function () {
    await signIn(api);
    await vscode.commands.executeCommand('gist.signOut');
    assert.equal(api.state().status.kind, 'signedOut');
    assert.equal(api.testing.statusBarItem().text, '$(key) Gist: Sign In');
    assert.equal(api.testing.statusBarItem().command, 'gist.setApiKey');
    await service().clearCalls();
    await vscode.commands.executeCommand('gist.refreshAccount');
    assert.equal(api.state().status.kind, 'signedOut', 'no key is left to check');
    assert.equal((await service().calls()).length, 0, 'nothing was sent without a key');
    await signIn(api);
  });
});
