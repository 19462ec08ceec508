// The "Gist Calls" history: recorded calls and failures, item actions, Repeat Last Generation.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { recordShownMessages } from './shownMessages';
import { at, DEMO_KEY, generate, openEditor, resetForTest, service, signedInApi, waitFor, type TestedApi } from './support';

describe('Call history', function () {
  let api: TestedApi;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(resetForTest);

  it('records a call with its gist, variant, values, call id and content, newest first', async function () {
    await openEditor('');
    const first = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'one' } });
    const second = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'two\nlines' } });
    assert.ok(first && second);
    const [latest, previous] = await api.history();
    assert.equal(latest?.callId, second.id);
    assert.equal(latest?.gistId, 'echo');
    assert.equal(latest?.variant, 'plain');
    assert.deepEqual({ ...latest?.values }, { text: 'two\nlines' });
    assert.equal(latest?.content, 'two\nlines');
    assert.equal(previous?.callId, first.id);
  });

  it('keeps how long each call took, and compares two calls side by side in the diff editor', async function () {
    await openEditor('');
    await service().injectFaults({ path: '/v1/generate', latencyMs: 300 }, 1);
    await generate({ gistId: 'echo', variant: 'plain', values: { text: 'the slow one' } });
    await generate({ gistId: 'echo', variant: 'plain', values: { text: 'the quick one' } });
    const [quick, slow] = await api.history();
    assert.ok(quick?.latencyMs !== undefined && slow?.latencyMs !== undefined);
    assert.ok(slow.latencyMs >= 300, `the held call took ${slow.latencyMs} ms`);
    assert.ok(quick.latencyMs < slow.latencyMs);
    assert.equal(await vscode.commands.executeCommand('gist.history.compareWith', slow, quick), true);
    const diff = await waitFor('the diff editor', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.equal(diff.original.scheme, 'gist-call');
    assert.equal((await vscode.workspace.openTextDocument(diff.original)).getText(), 'the slow one');
    assert.equal((await vscode.workspace.openTextDocument(diff.modified)).getText(), 'the quick one');
  });

  it('records a failed call with its error and never the API key', async function () {
    await openEditor('');
    await service().injectFaults({ path: '/v1/generate', status: 500 });
    const result = await generate({ gistId: 'echo', variant: 'plain', values: { text: `my key is ${DEMO_KEY}` } });
    assert.equal(result, undefined);
    const [failed] = await api.history();
    assert.ok(failed?.error, 'the failure is recorded with its message');
    assert.equal(failed.content, undefined);
    assert.equal(JSON.stringify(await api.history()).includes(DEMO_KEY), false);
    assert.equal(failed.values.text, 'my key is ***');
  });

  it('inserts again at the cursor, opens in a new document and copies content and call id', async function () {
    const editor = await openEditor('ab');
    const result = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'X' } });
    assert.ok(result);
    const entry = (await api.history())[0];
    at(editor, 3);
    assert.equal(await vscode.commands.executeCommand('gist.history.insert', entry), true);
    assert.equal(editor.document.getText(), 'XabX');

    assert.equal(await vscode.commands.executeCommand('gist.history.copyContent', entry), 'X');
    assert.equal(await vscode.env.clipboard.readText(), 'X');
    assert.equal(await vscode.commands.executeCommand('gist.history.copyCallId', entry), result.id);
    assert.equal(await vscode.env.clipboard.readText(), result.id);

    const document = await vscode.commands.executeCommand<vscode.TextDocument>('gist.history.open', entry);
    assert.equal(document.getText(), 'X');
    assert.equal(vscode.window.activeTextEditor?.document, document);
  });

  it('Repeat Last Generation calls the same gist, variant and values again', async function () {
    await openEditor('');
    const original = await generate({ gistId: 'welcome-email', variant: 'short', values: { name: 'Ada', product: 'Engine' } });
    assert.ok(original);
    await service().clearCalls();
    const repeated = await vscode.commands.executeCommand<{ id: string; content: string }>('gist.repeatLast');
    assert.ok(repeated);
    assert.notEqual(repeated.id, original.id);
    const [call] = await service().calls();
    assert.equal(call?.path, '/v1/generate/welcome-email/short');
    assert.deepEqual(call?.body, { values: { name: 'Ada', product: 'Engine' } });
    assert.equal((await api.history())[0]?.callId, repeated.id);
  });

  it('Repeat Last Generation does not send values the history kept cut short without asking; sends them only when told to', async function () {
    await openEditor('');
    const typed = 'x'.repeat(40_000);
    const original = await generate({ gistId: 'echo', variant: 'plain', values: { text: typed } });
    assert.ok(original);
    assert.ok((await api.history())[0]?.cut?.includes('values'), 'the history kept the value cut');
    await service().clearCalls();
    const closed = recordShownMessages(() => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gist.repeatLast'), undefined);
    } finally {
      closed.dispose();
    }
    assert.deepEqual(await service().calls(), [], 'nothing sent while the user has not chosen');
    assert.match(closed.shown[0]?.texts[0] ?? '', /cut short/);
    const sendKept = recordShownMessages((_message, buttons) => buttons.find((button) => /kept/i.test(button)));
    try {
      assert.ok(await vscode.commands.executeCommand('gist.repeatLast'));
    } finally {
      sendKept.dispose();
    }
    const [call] = await service().calls();
    const sent = (call?.body as { values: { text: string } } | undefined)?.values.text ?? '';
    assert.ok(sent.length > 0 && sent.length < typed.length, `the kept value, cut (${sent.length} characters), as the user chose`);
  });

  it('keeps at most 100 calls', async function () {
    this.timeout(60_000);
    await openEditor('');
    for (let n = 0; n < 101; n++) {
      await vscode.commands.executeCommand('gist.generate', { gistId: 'echo', variant: 'plain', values: { text: String(n) }, insertMode: 'clipboard' });
    }
    await waitFor('the 101st call', async () => (await api.history())[0]?.content === '100');
    assert.equal((await api.history()).length, 100);
  });

  it('contributes the Gist Calls view, which opens', async function () {
    // The view's focus command exists only when the view is contributed in its container.
    await vscode.commands.executeCommand('gist.calls.focus');
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('gist.calls.focus'));
  });
});
