// The Gist Calls tree items and persistence, over the real VS Code tree API and a Memento that
// stands in for global state across a restart.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { CallHistory } from '../../src/history/callHistory';
import { GistError } from '../../src/client/errors';
import { MAX_CONTENT_BYTES } from '../../src/history/historyEntry';
import { HistoryTreeProvider } from '../../src/history/historyView';
import { historyFolder, MapMemento } from './support';

const redact = (text: string): string => text.split('gk_secret').join('***');

const cancellation = new vscode.CancellationTokenSource().token;

describe('Gist Calls view', function () {
  it('shows a call with its first line and a failure with an error icon and message', async function () {
    const history = new CallHistory(new MapMemento(), historyFolder(), redact);
    const tree = new HistoryTreeProvider(history);
    try {
      await history.record({ request: { gistId: 'welcome-email', variant: 'formal', values: { name: 'Ada' } }, label: 'Welcome', result: { id: 'call_1', content: '\nDear Ada,\nWelcome.' }, durationMs: 5 });
      await history.record({ request: { gistId: 'echo', values: {} }, label: 'Echo', error: new GistError('notFound', 'Gist not found.', 'none', { callId: 'call_2' }), durationMs: 5 });
      const [failed, ok] = tree.getChildren();
      assert.ok(failed && ok);
      const failedItem = tree.getTreeItem(failed);
      assert.equal(failedItem.label, 'Echo');
      assert.equal(failedItem.description, '5 ms · Gist not found.', 'the time the call took, then its first line');
      assert.equal(failedItem.contextValue, 'gistCall.failed');
      assert.equal((failedItem.iconPath as vscode.ThemeIcon).id, 'error');
      const okItem = tree.getTreeItem(ok);
      assert.equal(okItem.label, 'Welcome · formal');
      assert.equal(okItem.description, '5 ms · Dear Ada,');
      assert.equal(okItem.contextValue, 'gistCall.ok');
      const resolved = await tree.resolveTreeItem(okItem, ok, cancellation);
      assert.match((resolved.tooltip as vscode.MarkdownString).value, /call\\_1/, 'the call id, as Markdown-escaped text');
      assert.match((resolved.tooltip as vscode.MarkdownString).value, /Took 5 ms/);
    } finally {
      tree.dispose();
      history.dispose();
    }
  });

  it('keeps the history across a restart, capped content marked, cancelled calls and the key left out', async function () {
    const store = new MapMemento();
    const folder = historyFolder();
    const first = new CallHistory(store, folder, redact);
    await first.record({ request: { gistId: 'echo', variant: 'plain', values: { text: 'key gk_secret' } }, label: 'Echo', result: { id: 'c1', content: 'x'.repeat(MAX_CONTENT_BYTES + 10) }, durationMs: 1 });
    await first.record({ request: { gistId: 'echo', values: {} }, label: 'Echo', error: new GistError('cancelled', 'Cancelled.', 'none'), durationMs: 1 });
    first.dispose();
    const second = new CallHistory(store, folder, redact);
    const entries = await second.entries();
    assert.equal(entries.length, 1);
    assert.ok(entries[0]);
    assert.equal(entries[0]?.callId, 'c1');
    assert.equal(entries[0]?.truncated, true);
    assert.equal(entries[0]?.content?.length, MAX_CONTENT_BYTES);
    assert.equal(entries[0]?.values.text, 'key ***');
    assert.equal(JSON.stringify(store.data.get('gist.callHistory')).includes('gk_secret'), false);
    const tree = new HistoryTreeProvider(second);
    const [item] = tree.getChildren();
    assert.ok(item);
    const resolved = await tree.resolveTreeItem(tree.getTreeItem(item), item, cancellation);
    assert.match((resolved.tooltip as vscode.MarkdownString).value, /first 64 KB/);
    tree.dispose();
    second.dispose();
  });
});
