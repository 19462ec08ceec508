// A cloned repository's gist whose defaults read `${clipboard}` or `${selection}` does not send
// them without asking: the user sees what was filled and agrees, once or always for that gist.
// The question is a modal, which the extension host cannot click: in Test mode the extension lets
// the test answer it (api.testing.answerConsent) and records what it would have shown.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { ConsentChoice, ConsentQuestion } from '../../src/catalog/workspaceGistConsent';
import { at, closeAllEditors, generate, openEditor, resetForTest, service, signedInApi, waitFor, type TestedApi } from './support';

const config = () => vscode.workspace.getConfiguration('gist');
const setGists = (gists: unknown[] | undefined, target: vscode.ConfigurationTarget) => config().update('gists', gists, target);

describe('Consent before editor text goes to a workspace gist', function () {
  let api: TestedApi;
  let file: vscode.Uri;
  let originalFile: Uint8Array;
  let originalWorkspaceGists: unknown[] | undefined;
  let asked: ConsentQuestion[];
  let answer: ConsentChoice;

  before(async function () {
    api = await signedInApi();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    file = vscode.Uri.joinPath(folder.uri, '.vscode', 'gists.json');
    originalFile = await vscode.workspace.fs.readFile(file);
    originalWorkspaceGists = config().inspect<unknown[]>('gists')?.workspaceValue;
  });

  beforeEach(async function () {
    await resetForTest();
    asked = [];
    answer = 'cancel';
    api.testing.answerConsent((question) => {
      asked.push(question);
      return Promise.resolve(answer);
    });
  });

  after(async function () {
    api.testing.answerConsent(undefined);
    await vscode.workspace.fs.writeFile(file, originalFile);
    await setGists(originalWorkspaceGists, vscode.ConfigurationTarget.Workspace);
    await setGists(undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
  });

  it('asks before the selection and clipboard go to a gist of the workspace settings, showing each value', async function () {
    const gist = { id: 'echo', label: 'Echo (repository)', variant: 'plain', variables: [{ name: 'text', default: '${selection} + ${clipboard}' }] };
    await setGists([gist], vscode.ConfigurationTarget.Workspace);
    await vscode.env.clipboard.writeText('copied secret');
    const editor = await openEditor('say this');
    at(editor, [4, 8]);
    answer = 'once';
    const result = await generate({ gistId: 'echo' });
    assert.equal(result?.content, 'this + copied secret');
    assert.deepEqual(asked, [
      {
        gistId: 'echo',
        label: 'Echo (repository)',
        source: 'workspace settings (gist.gists)',
        filled: [{ name: 'text', placeholders: ['selection', 'clipboard'], preview: 'this + copied secret', length: 20, shortened: false, invisible: 0 }],
      },
    ]);
  });

  it('Cancel sends nothing from a .vscode/gists.json gist, keeps what the user typed and stores nothing from the clipboard', async function () {
    // Only this gist in the catalog, so the picker's first item is it.
    await setGists([], vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.fs.writeFile(
      file,
      new TextEncoder().encode('[{ "id": "welcome-email", "label": "Welcome (repository)", "variant": "short", "variables": [{ "name": "name", "default": "${clipboard}" }, "product"] }]'),
    );
    await waitFor('the file read', async () => (await api.catalog()).gists.some((gist) => gist.label === 'Welcome (repository)'));
    await vscode.env.clipboard.writeText('the clipboard');
    await openEditor('');
    const pending = vscode.commands.executeCommand('gist.generate');
    // The picker, then the "product" input (prefilled with its last value), then the question.
    await waitFor(
      'the question (or, before the fix, the call)',
      async () => {
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        return asked.length > 0 || (await service().calls()).length > 0;
      },
      15_000,
    );
    assert.equal(await pending, undefined);
    assert.deepEqual(await service().calls(), [], 'nothing was sent');
    assert.equal(asked.length, 1);
    assert.equal(asked[0]?.source, '.vscode/gists.json');
    assert.deepEqual(
      asked[0]?.filled.map((value) => [value.name, value.placeholders, value.preview]),
      [['name', ['clipboard'], 'the clipboard']],
    );
    const lastValues = api.testing.globalStateSnapshot()['gist.lastValues'] as Record<string, Record<string, string>> | undefined;
    // The product the user accepted is kept (its prefill depends on earlier suites); the clipboard
    // the user did not agree to send is not stored.
    assert.deepEqual(Object.keys({ ...lastValues?.['welcome-email'] }), ['product']);
    await vscode.workspace.fs.writeFile(file, originalFile);
  });

  it('Cancel in Compare Variants called with arguments sends nothing', async function () {
    await setGists([{ id: 'welcome-email', variables: [{ name: 'name', default: '${selection}' }, { name: 'product', default: 'Loom' }] }], vscode.ConfigurationTarget.Workspace);
    const editor = await openEditor('Grace');
    at(editor, [0, 5]);
    const compared = await vscode.commands.executeCommand('gist.compareVariants', { gistId: 'welcome-email', variants: ['short', 'friendly'] });
    assert.equal(compared, undefined);
    assert.deepEqual(await service().calls(), []);
    assert.deepEqual(asked[0]?.filled, [{ name: 'name', placeholders: ['selection'], preview: 'Grace', length: 5, shortened: false, invisible: 0 }]);
  });

  it('"Always for This Gist" is remembered: the next call goes out without asking', async function () {
    await setGists([{ id: 'commit-message', variant: 'default', variables: [{ name: 'summary', default: '${lineText}' }] }], vscode.ConfigurationTarget.Workspace);
    await openEditor('fix the parser');
    answer = 'always';
    assert.equal((await generate({ gistId: 'commit-message' }))?.content, 'chore: fix the parser\n\nGenerated with Gist Generate.');
    assert.equal(asked.length, 1);
    answer = 'cancel';
    await openEditor('second line of work');
    assert.equal((await generate({ gistId: 'commit-message' }))?.content, 'chore: second line of work\n\nGenerated with Gist Generate.');
    assert.equal(asked.length, 1, 'not asked again');
    assert.equal((await service().calls()).length, 2);
  });

  it('never asks for a gist of the user’s own settings, nor for values passed as arguments', async function () {
    await setGists([{ id: 'echo', variant: 'plain', variables: [{ name: 'text', default: '${clipboard}' }] }], vscode.ConfigurationTarget.Global);
    await setGists([{ id: 'echo', variant: 'plain', variables: [{ name: 'text', default: 'repository ${selection}' }] }], vscode.ConfigurationTarget.Workspace);
    try {
      await vscode.env.clipboard.writeText('mine');
      await openEditor('');
      assert.equal((await generate({ gistId: 'echo' }))?.content, 'mine', 'the user’s entry wins over the workspace’s');
      await setGists(undefined, vscode.ConfigurationTarget.Global);
      const editor = await openEditor('selected');
      at(editor, [0, 8]);
      assert.equal((await generate({ gistId: 'echo', values: { text: 'given' } }))?.content, 'given');
      assert.deepEqual(asked, []);
    } finally {
      await setGists(undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
