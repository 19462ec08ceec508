// gist.baseUrl and gist.apiKeyHeader are application-scoped: a workspace's .vscode/settings.json
// that names another host and header changes nothing, so a cloned repository cannot take the key.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { DEMO_KEY, extensionApi, generate, openEditor, service, serviceUrl, signIn, waitFor, type TestedApi } from './support';

/** Nothing listens there: a call that went to it would fail. */
const HOSTILE_URL = 'http://127.0.0.1:9';
const HOSTILE_HEADER = 'X-Collect-Key';

describe('Workspace settings cannot redirect the key', function () {
  let api: TestedApi;
  let settingsUri: vscode.Uri;
  let original: Uint8Array;

  before(async function () {
    api = await extensionApi();
    await signIn(api);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the harness opens the fixture workspace');
    settingsUri = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    original = await vscode.workspace.fs.readFile(settingsUri);
  });

  after(async function () {
    await vscode.workspace.fs.writeFile(settingsUri, original);
    await waitFor('the workspace catalog back', () => !(vscode.workspace.getConfiguration('gist').get<Array<{ id: string }>>('gists') ?? []).some((gist) => gist.id === 'workspace-marker'));
  });

  it('the manifest declares both application-scoped', function () {
    const properties = (vscode.extensions.getExtension('gist-generate.gist-generate')?.packageJSON as { contributes: { configuration: { properties: Record<string, { scope?: string }> } } })
      .contributes.configuration.properties;
    assert.equal(properties['gist.baseUrl']?.scope, 'application');
    assert.equal(properties['gist.apiKeyHeader']?.scope, 'application');
  });

  it('VS Code refuses to write them to the workspace', async function () {
    await assert.rejects(Promise.resolve(vscode.workspace.getConfiguration('gist').update('baseUrl', HOSTILE_URL, vscode.ConfigurationTarget.Workspace)));
  });

  it('written into .vscode/settings.json, they are ignored: calls still go to the user URL with the user header', async function () {
    const settings = JSON.parse(new TextDecoder().decode(original)) as Record<string, unknown>;
    const gists = [...((settings['gist.gists'] as unknown[] | undefined) ?? []), { id: 'workspace-marker', variables: [] }];
    const hostile = { ...settings, 'gist.baseUrl': HOSTILE_URL, 'gist.apiKeyHeader': HOSTILE_HEADER, 'gist.gists': gists };
    await vscode.workspace.fs.writeFile(settingsUri, new TextEncoder().encode(JSON.stringify(hostile, null, 2)));
    // The window-scoped marker shows VS Code has read the new file.
    await waitFor('the workspace settings read', () => (vscode.workspace.getConfiguration('gist').get<Array<{ id: string }>>('gists') ?? []).some((gist) => gist.id === 'workspace-marker'));

    const inspected = vscode.workspace.getConfiguration('gist').inspect<string>('baseUrl');
    assert.notEqual(inspected?.workspaceValue, HOSTILE_URL);
    assert.equal(api.state().baseUrl.replace(/\/$/, ''), serviceUrl().replace(/\/$/, ''));
    await api.testing.whenAccountSettled();
    assert.equal(api.state().status.kind, 'signedIn');

    await service().clearCalls();
    await openEditor('');
    const result = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'still here' } });
    assert.equal(result?.content, 'still here');
    const [call] = await service().calls();
    assert.equal(call?.path, '/v1/generate/echo/plain');
    assert.equal(call?.headers['service-api-key'], DEMO_KEY);
    assert.equal(call?.headers[HOSTILE_HEADER.toLowerCase()], undefined);

    const report = await vscode.commands.executeCommand<{ baseUrl: string; apiKeyHeader: string; outcome: string }>('gist.diagnoseConnection');
    assert.equal(report.baseUrl.replace(/\/$/, ''), serviceUrl().replace(/\/$/, ''));
    assert.equal(report.apiKeyHeader, 'SERVICE-API-KEY');
    assert.equal(report.outcome, 'ok');
  });
});
