// In Restricted Mode (a folder the user has not trusted) the repository's .vscode/gists.json and
// its workspace gist.gists are not used, and the gist picker says why. Runs only in
// `npm run test:integration:untrusted`, which starts VS Code with Workspace Trust on and greps
// `@untrusted`; in the ordinary (trusted) run it skips itself.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { at, closeAllEditors, generate, openEditor, resetForTest, service, signedInApi, waitFor, type TestedApi } from './support';

const setUserGists = (gists: unknown[] | undefined) => vscode.workspace.getConfiguration('gist').update('gists', gists, vscode.ConfigurationTarget.Global);

describe('@untrusted Restricted Mode: workspace catalogs are not used', function () {
  let api: TestedApi;
  let file: vscode.Uri;
  let originalFile: Uint8Array;

  before(async function () {
    if (vscode.workspace.isTrusted) {
      this.skip();
    }
    // A repository's gist that reads the selection, written before anything reads the catalog.
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    file = vscode.Uri.joinPath(folder.uri, '.vscode', 'gists.json');
    originalFile = await vscode.workspace.fs.readFile(file);
    const repositoryGist = { id: 'repository-gist', variables: [{ name: 'text', default: '${selection}' }] };
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify([repositoryGist])));
    api = await signedInApi();
  });

  beforeEach(async function () {
    await resetForTest();
  });

  after(async function () {
    if (!vscode.workspace.isTrusted) {
      await vscode.workspace.fs.writeFile(file, originalFile);
      await setUserGists(undefined);
      await closeAllEditors();
    }
  });

  it('offers only the user’s own gists, and says the workspace ones were left out', async function () {
    // The fixture has a workspace gist.gists too (welcome-email, haiku, …).
    await setUserGists([{ id: 'haiku', label: 'Haiku (mine)', variants: ['en'] }]);
    const catalog = await api.catalog();
    assert.deepEqual(
      catalog.gists.map((gist) => [gist.id, gist.source]),
      [['haiku', 'settings (gist.gists)']],
    );
    assert.equal(catalog.gists[0]?.origin, 'user');
    assert.equal(catalog.restricted, true);
  });

  it('does not fill the repository’s ${selection} default: nothing from the editor is sent', async function () {
    await setUserGists(undefined);
    const editor = await openEditor('a secret line');
    at(editor, [0, 13]);
    // Not a gist of the service: the call fails, but the record shows what was sent.
    await generate({ gistId: 'repository-gist' });
    const [call] = await service().calls();
    assert.equal(call?.path, '/v1/generate/repository-gist');
    assert.deepEqual(call?.body, { values: {} });
  });

  it('the gist picker explains why and opens Workspace Trust', async function () {
    await setUserGists(undefined);
    await openEditor('');
    const pending = vscode.commands.executeCommand('gist.generate');
    // No gist of the user's: the notice is the first item.
    await waitFor(
      'the Workspace Trust editor',
      async () => {
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        return vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => /trust/i.test(tab.label)));
      },
      15_000,
    );
    assert.equal(await pending, undefined);
    assert.deepEqual(await service().calls(), []);
  });
});
