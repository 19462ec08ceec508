// gist.generate with arguments, and where its text lands, in a real VS Code.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { at, generate, nextOutcome, openEditor, resetForTest, service, signedInApi, waitFor, type TestedApi } from './support';

describe('Generate at Cursor, with arguments', function () {
  let api: TestedApi;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(resetForTest);

  it('inserts at the cursor, calls the named variant and returns the call id the service recorded', async function () {
    const editor = await openEditor('Hello \nworld');
    at(editor, 6);
    const result = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'there' } });
    assert.ok(result);
    assert.equal(result.content, 'there');
    assert.equal(editor.document.getText(), 'Hello there\nworld');
    const calls = await service().calls();
    assert.equal(calls.length, 1);
    assert.equal(calls[0]?.path, '/v1/generate/echo/plain');
    assert.deepEqual(calls[0]?.body, { values: { text: 'there' } });
    assert.equal(calls[0]?.callId, result.id);
    assert.equal(api.state().lastCallId, result.id);
  });

  it('lets the service choose the variant when none is named', async function () {
    const editor = await openEditor('');
    const result = await generate({ gistId: 'welcome-email', values: { name: 'Ada', product: 'Engine' } });
    assert.ok(result);
    const [call] = await service().calls();
    assert.equal(call?.path, '/v1/generate/welcome-email');
    assert.ok(['formal', 'friendly', 'short'].includes(call?.variant ?? ''), `drawn variant ${call?.variant}`);
    assert.equal(editor.document.getText(), result.content);
    assert.match(result.content, /Ada/);
  });

  it('replaces a selection', async function () {
    const editor = await openEditor('keep REPLACE keep');
    at(editor, [5, 12]);
    await generate({ gistId: 'echo', variant: 'plain', values: { text: 'new' } });
    assert.equal(editor.document.getText(), 'keep new keep');
  });

  it('inserts at every cursor as one undo step', async function () {
    const editor = await openEditor('a\nb\nc');
    at(editor, 1, 3, 5);
    await generate({ gistId: 'echo', variant: 'plain', values: { text: '!' } });
    assert.equal(editor.document.getText(), 'a!\nb!\nc!');
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), 'a\nb\nc');
  });

  it('keeps unicode and multi-line content intact', async function () {
    const editor = await openEditor('');
    const text = 'Grüße 👋🏽 — 漢字\nzweite Zeile\n\ttab';
    const result = await generate({ gistId: 'echo', variant: 'plain', values: { text } });
    assert.equal(result?.content, text);
    assert.equal(editor.document.getText(), text);
    const haiku = await generate({ gistId: 'haiku', variant: 'ja', values: { topic: '秋' } });
    assert.ok(haiku);
    assert.ok(editor.document.getText().includes(haiku.content));
  });

  it('keeps CRLF line endings in a CRLF document', async function () {
    const editor = await openEditor('first\r\nlast');
    assert.equal(editor.document.eol, vscode.EndOfLine.CRLF);
    at(editor, 7);
    await generate({ gistId: 'echo', variant: 'plain', values: { text: 'one\r\ntwo\r\n' } });
    assert.equal(editor.document.getText(), 'first\r\none\r\ntwo\r\nlast');
  });

  it('lands where it was invoked when the user types during a slow call', async function () {
    const editor = await openEditor('0123456789');
    at(editor, 5);
    await service().injectFaults({ path: '/v1/generate', latencyMs: 1500 });
    const pending = generate({ gistId: 'echo', variant: 'plain', values: { text: '[X]' } });
    await waitFor('the call to start', () => api.state().generating > 0);
    // Typing before and after the invocation point while the service is slow.
    await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), 'ABC'));
    await editor.edit((builder) => builder.insert(new vscode.Position(0, 13), 'Z'));
    await pending;
    assert.equal(editor.document.getText(), 'ABC01234[X]56789Z');
  });

  it('opens a new document when the target document is closed during the call', async function () {
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'gist-')), 'target.txt');
    await fs.writeFile(file, 'original');
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    await vscode.window.showTextDocument(document, { preview: false });
    await service().injectFaults({ path: '/v1/generate', latencyMs: 1500 });
    const outcome = nextOutcome(api);
    const pending = generate({ gistId: 'echo', variant: 'plain', values: { text: 'rescued' } });
    await waitFor('the call to start', () => api.state().generating > 0);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    const result = await pending;
    assert.equal(result?.content, 'rescued');
    assert.equal((await outcome).insertion, 'newDocument');
    const active = vscode.window.activeTextEditor;
    assert.ok(active);
    assert.equal(active.document.isUntitled, true);
    assert.equal(active.document.getText(), 'rescued');
    assert.equal(await fs.readFile(file, 'utf8'), 'original');
  });

  it('opens a new document when no editor is open', async function () {
    assert.equal(vscode.window.activeTextEditor, undefined);
    const outcome = nextOutcome(api);
    const result = await generate({ gistId: 'commit-message', values: { summary: 'tidy up' } });
    assert.ok(result);
    assert.equal((await outcome).insertion, 'newDocument');
    const active = await waitFor('an editor', () => vscode.window.activeTextEditor);
    assert.equal(active.document.getText(), result.content);
  });

  it('refuses malformed arguments without calling the service', async function () {
    const result = await vscode.commands.executeCommand('gist.generate', { gistId: 42 });
    assert.equal(result, undefined);
    assert.equal((await service().calls()).length, 0);
  });
});
