// In Restricted Mode a repository cannot even pick which of the user's profiles gets the calls:
// its gist.profile suggestion is not used. Runs only in `npm run test:integration:untrusted`
// (`@untrusted`); in the ordinary (trusted) run it skips itself.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { extensionApi, serviceUrl, waitFor, type TestedApi } from './support';

describe('@untrusted Restricted Mode: a workspace’s profile suggestion is not used', function () {
  let api: TestedApi;
  let settingsUri: vscode.Uri;
  let original: Uint8Array;
  const gist = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('gist');

  before(async function () {
    if (vscode.workspace.isTrusted) {
      this.skip();
    }
    api = await extensionApi();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    settingsUri = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    original = await vscode.workspace.fs.readFile(settingsUri);
  });

  after(async function () {
    if (!vscode.workspace.isTrusted) {
      await vscode.workspace.fs.writeFile(settingsUri, original);
      await gist().update('profiles', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('stays on the first profile although the workspace names another of the user’s', async function () {
    await gist().update('profiles', [{ name: 'Staging', baseUrl: 'https://staging.example.com' }], vscode.ConfigurationTarget.Global);
    await waitFor('two profiles', () => api.state().profiles.length === 2);
    await api.testing.forgetProfilePick();
    const settings = JSON.parse(new TextDecoder().decode(original)) as Record<string, unknown>;
    // gist.insertMode is not restricted: once it reads "clipboard", VS Code has read the file.
    await vscode.workspace.fs.writeFile(settingsUri, new TextEncoder().encode(JSON.stringify({ ...settings, 'gist.profile': 'Staging', 'gist.insertMode': 'clipboard' })));
    await waitFor('the workspace settings read', () => gist().get('insertMode') === 'clipboard');
    // (VS Code itself hides a restricted setting's workspace value in Restricted Mode; the extension checks trust as well.)
    assert.equal(api.state().profile, new URL(serviceUrl()).host);
    assert.equal(api.state().baseUrl, serviceUrl());
  });
});
