// The shared catalog in .vscode/gists.json: read with the setting, re-read on change, invalid
// files tolerated.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { at, closeAllEditors, extensionApi, generate, openEditor, signIn, waitFor, type TestedApi } from './support';

describe('Shared catalog (.vscode/gists.json)', function () {
  let api: TestedApi;
  let file: vscode.Uri;
  let originalFile: Uint8Array;
  let originalSetting: unknown[] | undefined;

  const writeFile = (text: string) => vscode.workspace.fs.writeFile(file, new TextEncoder().encode(text));
  const setSetting = (gists: unknown[] | undefined) => vscode.workspace.getConfiguration('gist').update('gists', gists, vscode.ConfigurationTarget.Workspace);
  const fromFile = async () => (await api.catalog()).gists.filter((gist) => gist.source === '.vscode/gists.json');

  before(async function () {
    api = await extensionApi();
    await signIn(api);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    file = vscode.Uri.joinPath(folder.uri, '.vscode', 'gists.json');
    originalFile = await vscode.workspace.fs.readFile(file);
    originalSetting = vscode.workspace.getConfiguration('gist').inspect<unknown[]>('gists')?.workspaceValue;
    // Without the fixture's own setting, so the file's "echo" is the one used.
    await setSetting([]);
    // The file's gists fill values from the editor, which asks first (workspaceGistConsent.test.ts): agree.
    api.testing.answerConsent(() => Promise.resolve('once'));
  });

  after(async function () {
    api.testing.answerConsent(undefined);
    await vscode.workspace.fs.writeFile(file, originalFile);
    await setSetting(originalSetting);
    await closeAllEditors();
  });

  it('offers the gists of the file, comments and trailing commas allowed, and uses their defaults', async function () {
    const gists = await fromFile();
    assert.deepEqual(
      gists.map((gist) => [gist.id, gist.label, gist.description]),
      [['echo', 'Echo (team)', 'Repeats the selection']],
    );
    await closeAllEditors();
    const editor = await openEditor('say this');
    at(editor, [4, 8]);
    const result = await generate({ gistId: 'echo' });
    assert.equal(result?.content, 'this');
  });

  it('shows the setting and the file side by side, each marked with its source', async function () {
    await setSetting([{ id: 'haiku', label: 'Haiku (mine)', variants: ['en'] }]);
    try {
      const catalog = await api.catalog();
      assert.deepEqual(
        catalog.gists.map((gist) => [gist.id, gist.source]),
        [
          ['haiku', 'workspace settings (gist.gists)'],
          ['echo', '.vscode/gists.json'],
        ],
      );
    } finally {
      await setSetting([]);
    }
  });

  it('reads the file again when it changes', async function () {
    await writeFile('[{ "id": "echo", "label": "Echo v2", "variant": "plain", "variables": [{ "name": "text", "default": "v2 ${lineText}" }] }]');
    await waitFor('the new label', async () => (await fromFile())[0]?.label === 'Echo v2');
    await openEditor('a line');
    const result = await generate({ gistId: 'echo' });
    assert.equal(result?.content, 'v2 a line');
  });

  it('tolerates invalid JSON: no gists from the file, a problem reported, and back when fixed', async function () {
    await writeFile('[{ "id": "echo", ');
    const catalog = await waitFor('the problem', async () => {
      const current = await api.catalog();
      return current.problems.some((problem) => problem.includes('.vscode/gists.json is not valid JSON')) ? current : undefined;
    });
    assert.equal(
      catalog.gists.some((gist) => gist.source === '.vscode/gists.json'),
      false,
    );
    await vscode.workspace.fs.writeFile(file, originalFile);
    await waitFor('the file again', async () => (await fromFile()).length === 1);
  });

  it('refuses a file over 1 MiB by its size, and offers the first 1,000 gists of a longer list', async function () {
    const padding = `// ${'x'.repeat(1024 * 1024)}\n`;
    await writeFile(`${padding}[{ "id": "echo" }]`);
    await waitFor('the size problem', async () => (await api.catalog()).problems.some((problem) => problem === '.vscode/gists.json is 1,025 KiB, over the limit of 1,024 KiB; its gists are not offered.'));
    assert.deepEqual(await fromFile(), []);
    await writeFile(JSON.stringify(Array.from({ length: 1_500 }, (_, i) => ({ id: `many-${i}` }))));
    const catalog = await waitFor('the long list', async () => {
      const current = await api.catalog();
      return current.gists.some((gist) => gist.id === 'many-0') ? current : undefined;
    });
    assert.equal(catalog.gists.filter((gist) => gist.id.startsWith('many-')).length, 1_000);
    assert.ok(catalog.problems.includes('.vscode/gists.json lists 1500 gists; only the first 1000 are offered.'));
    await vscode.workspace.fs.writeFile(file, originalFile);
    await waitFor('the file again', async () => (await fromFile()).length === 1);
  });

  it('forgets the gists of a deleted file', async function () {
    await vscode.workspace.fs.delete(file);
    try {
      await waitFor('no gists from the file', async () => (await fromFile()).length === 0);
    } finally {
      await vscode.workspace.fs.writeFile(file, originalFile);
    }
    await waitFor('the file again', async () => (await fromFile()).length === 1);
  });
});
