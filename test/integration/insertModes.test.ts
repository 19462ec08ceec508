// gist.insertMode and the `insertMode` argument: each mode in a real VS Code.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { at, nextOutcome, openEditor, resetForTest, service, signedInApi, waitFor, type TestedApi } from './support';

function generateWith(text: string, insertMode?: string): Thenable<{ id: string; content: string } | undefined> {
  return vscode.commands.executeCommand('gist.generate', { gistId: 'echo', variant: 'plain', values: { text }, insertMode });
}

describe('Insert modes', function () {
  let api: TestedApi;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(resetForTest);

  afterEach(async function () {
    await vscode.workspace.getConfiguration('gist').update('insertMode', undefined, vscode.ConfigurationTarget.Global);
  });

  it('cursor: inserts at the cursor and replaces a selection like typing', async function () {
    const editor = await openEditor('ab cd ef');
    at(editor, 2, [3, 5]);
    await generateWith('X', 'cursor');
    assert.equal(editor.document.getText(), 'abX X ef');
  });

  it('replaceSelection: replaces the selection, or the whole line of an empty cursor', async function () {
    const editor = await openEditor('one\ntwo two\nthree');
    at(editor, [0, 3], 6);
    await generateWith('NEW', 'replaceSelection');
    assert.equal(editor.document.getText(), 'NEW\nNEW\nthree');
  });

  it('replaceSelection: inserts at the point when the user typed over or deleted the selection during the call', async function () {
    for (const [typed, expected] of [
      ['', 'const a = NEW;'],
      ['xy', 'const a = xyNEW;'],
    ] as const) {
      const editor = await openEditor('const a = OLD;');
      at(editor, [10, 13]);
      // Holds the call so the edit lands while it runs.
      await service().injectFaults({ path: '/v1/generate', latencyMs: 1500 });
      const call = generateWith('NEW', 'replaceSelection');
      await waitFor('the call to reach the service', async () => ((await service().calls()).some((record) => record.path.startsWith('/v1/generate/')) ? true : undefined));
      await service().clearCalls();
      assert.ok(await editor.edit((builder) => builder.replace(new vscode.Range(editor.document.positionAt(10), editor.document.positionAt(13)), typed)));
      await call;
      assert.equal(editor.document.getText(), expected);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('newDocument: opens the text in a new document and leaves the editor alone', async function () {
    const editor = await openEditor('untouched', 'markdown');
    const outcome = nextOutcome(api);
    await generateWith('# fresh', 'newDocument');
    assert.equal((await outcome).insertion, 'newDocument');
    assert.equal(editor.document.getText(), 'untouched');
    const active = await waitFor('the new document', () => (vscode.window.activeTextEditor?.document !== editor.document ? vscode.window.activeTextEditor : undefined));
    assert.equal(active.document.getText(), '# fresh');
    assert.equal(active.document.languageId, 'markdown');
  });

  it('appendToEnd: appends on a line of its own, wherever the cursor is', async function () {
    const editor = await openEditor('first\nlast');
    at(editor, 0);
    await generateWith('appended', 'appendToEnd');
    assert.equal(editor.document.getText(), 'first\nlast\nappended');
  });

  it('clipboard: copies the text and changes no document', async function () {
    const editor = await openEditor('same');
    // Compared with itself: a reused untitled name can briefly show the previous test's text.
    const before = { text: editor.document.getText(), version: editor.document.version };
    await vscode.env.clipboard.writeText('before');
    const outcome = nextOutcome(api);
    const result = await generateWith('to the clipboard', 'clipboard');
    assert.equal((await outcome).insertion, 'clipboard');
    assert.equal(result?.content, 'to the clipboard');
    assert.equal(await vscode.env.clipboard.readText(), 'to the clipboard');
    assert.deepEqual({ text: editor.document.getText(), version: editor.document.version }, before);
  });

  it('follows the gist.insertMode setting when no argument is given', async function () {
    await vscode.workspace.getConfiguration('gist').update('insertMode', 'appendToEnd', vscode.ConfigurationTarget.Global);
    const editor = await openEditor('top\n');
    at(editor, 0);
    await generateWith('bottom');
    assert.equal(editor.document.getText(), 'top\nbottom');
  });

  it('refuses an unknown mode without calling the service', async function () {
    await service().clearCalls();
    const result = await generateWith('x', 'sideways');
    assert.equal(result, undefined);
    assert.equal((await service().calls()).length, 0);
  });
});
