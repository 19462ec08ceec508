// The history off the startup path (issue 15, item 3): global state holds small items, each call's
// entry is a file under the extension's global storage (VS Code's real file system API), removed
// with its item, read only when it is used; history stored whole by older versions moves to files.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CallHistory } from '../../src/history/callHistory';
import { MAX_CONTENT_BYTES, MAX_VALUE_BYTES, parseHistory } from '../../src/history/historyEntry';
import { MAX_HISTORY_ITEM_BYTES } from '../../src/history/historyItem';
import { HistoryTreeProvider } from '../../src/history/historyView';
import type { CallOutcome } from '../../src/generation/runner';
import { readExtensionLog } from './logFiles';
import { extensionApi, historyFolder, MapMemento, openEditor, resetForTest, signIn, waitFor, type TestedApi } from './support';

const KEY = 'gist.callHistory';
const cancellation = new vscode.CancellationTokenSource().token;
const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
/** The entries' files (the folder also holds the marker of the last Clear, which every window reads). */
const filesIn = (folder: vscode.Uri): string[] => (existsSync(folder.fsPath) ? readdirSync(folder.fsPath).filter((name) => name.endsWith('.json')).sort() : []);

const call = (n: number, content = `content ${n}`): CallOutcome => ({
  request: { gistId: 'echo', variant: 'plain', values: { text: `value ${n}` } },
  label: 'Echo',
  result: { id: `call_${n}`, content },
  durationMs: 1,
});

/** History as the previous version stored it in global state: whole entries, the newest first. */
function olderVersionHistory(): unknown[] {
  return [
    { gistId: 'welcome-email', label: 'Welcome', variant: 'formal', values: { name: 'Ada', long: 'v'.repeat(MAX_VALUE_BYTES) }, at: 3000, callId: 'call_3', content: `Dear Ada,\n${'w'.repeat(MAX_CONTENT_BYTES - 10)}` },
    { gistId: 'echo', label: 'Echo', values: {}, at: 2000, callId: 'call_2', error: 'Gist not found.' },
    { gistId: 'echo', label: 'Echo', variant: 'plain', values: { text: 'x'.repeat(MAX_CONTENT_BYTES + 5) }, at: 1000, callId: 'call_1', content: 'x'.repeat(MAX_CONTENT_BYTES), truncated: true, cut: ['values'] },
  ];
}

/** The entries as the history gives them back, without the ids it gave them. */
const withoutIds = (entries: ReadonlyArray<{ id?: string }>): unknown[] => entries.map(({ id: _id, ...entry }) => entry);

describe('History files', function () {
  it('moves a history stored whole by an older version to one file per call, losing nothing', async function () {
    const store = new MapMemento();
    const legacy = olderVersionHistory();
    await store.update(KEY, legacy);
    const folder = historyFolder();
    const history = new CallHistory(store, folder, (text) => text);
    try {
      assert.equal(history.items().length, 3, 'the view has every call before the move is done');
      await history.settled();
      const stored = store.data.get(KEY) as Array<Record<string, unknown>>;
      assert.equal(stored.length, 3);
      for (const item of stored) {
        assert.equal('content' in item || 'values' in item, false, `only items are left in global state: ${JSON.stringify(item).slice(0, 200)}`);
      }
      assert.ok(bytesOf(stored) < 3 * MAX_HISTORY_ITEM_BYTES, `${bytesOf(stored)} bytes`);
      assert.deepEqual(filesIn(folder), stored.map((item) => `${String(item.id)}.json`).sort());
      // The next start reads the items only, and every entry whole from its file.
      const next = new CallHistory(store, folder, (text) => text);
      assert.deepEqual(withoutIds(await next.entries()), withoutIds(parseHistory(legacy)));
      next.dispose();
    } finally {
      history.dispose();
    }
  });

  it('an entry whose file cannot be written during the move stays whole in global state, and moves at the next start', async function () {
    const store = new MapMemento();
    await store.update(KEY, olderVersionHistory());
    const folder = historyFolder();
    rmSync(folder.fsPath, { recursive: true });
    writeFileSync(folder.fsPath, 'a file where the folder should be');
    const logged: string[] = [];
    const history = new CallHistory(store, folder, (text) => text, (message) => logged.push(message));
    try {
      history.items();
      await history.settled();
      assert.ok(logged.some((line) => /Could not move a call of welcome-email from global state to its file/.test(line)), logged.join('\n'));
      assert.ok(JSON.stringify(store.data.get(KEY)) === JSON.stringify(parseHistory(olderVersionHistory())), 'still whole in global state');
      const [first] = await history.entries();
      assert.match(first?.content ?? '', /^Dear Ada,/, 'still there for this session');
    } finally {
      history.dispose();
    }
    unlinkSync(folder.fsPath);
    const next = new CallHistory(store, folder, (text) => text);
    next.items();
    await next.settled();
    assert.equal(filesIn(folder).length, 3);
    assert.deepEqual(withoutIds(await next.entries()), withoutIds(parseHistory(olderVersionHistory())));
    next.dispose();
  });

  it('removes a call’s file with its item when newer calls push it out, and every file on Clear History', async function () {
    const store = new MapMemento();
    const folder = historyFolder();
    const history = new CallHistory(store, folder, (text) => text);
    try {
      for (let n = 0; n < 101; n++) {
        void history.record(call(n));
      }
      await history.settled();
      const items = history.items();
      assert.equal(items.length, 100);
      assert.equal(items.at(-1)?.callId, 'call_1', 'the oldest call is gone');
      assert.deepEqual(filesIn(folder), items.map((item) => `${item.id}.json`).sort(), 'one file per call kept, none for the call pushed out');
      await history.clear();
      assert.deepEqual(filesIn(folder), []);
      assert.deepEqual(store.data.get(KEY), []);
      assert.deepEqual(history.items(), []);
    } finally {
      history.dispose();
    }
  });

  it('renders the view from the items alone; a call’s file is read when its tooltip or text is asked for', async function () {
    const store = new MapMemento();
    const folder = historyFolder();
    const first = new CallHistory(store, folder, (text) => text);
    for (let n = 1; n <= 3; n++) {
      await first.record(call(n, `first line ${n}\nmore`));
    }
    first.dispose();
    // The next start, with the files out of reach: the whole view still renders.
    const aside = `${folder.fsPath}-aside`;
    renameSync(folder.fsPath, aside);
    const history = new CallHistory(store, folder, (text) => text);
    const tree = new HistoryTreeProvider(history);
    try {
      const rendered = tree.getChildren().map((item) => tree.getTreeItem(item));
      assert.deepEqual(
        rendered.map((item) => [item.label, item.description, item.contextValue, item.tooltip]),
        // The description leads with how long the call took (durationMs 1 in call()).
        [3, 2, 1].map((n) => ['Echo · plain', `1 ms · first line ${n}`, 'gistCall.ok', undefined]),
      );
      // The files are read when asked for: what is on disk then is what the user gets.
      renameSync(aside, folder.fsPath);
      const [latest] = history.items();
      assert.ok(latest);
      const file = path.join(folder.fsPath, `${latest.id}.json`);
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), content: 'changed on disk' }));
      const resolved = await tree.resolveTreeItem(tree.getTreeItem(latest), latest, cancellation);
      assert.match((resolved.tooltip as vscode.MarkdownString).value, /changed on disk/);
      assert.equal((await history.entry(latest)).content, 'changed on disk');
    } finally {
      tree.dispose();
      history.dispose();
    }
  });

  it('a call whose file cannot be written is logged, and its item says its text is unavailable', async function () {
    const store = new MapMemento();
    const folder = historyFolder();
    rmSync(folder.fsPath, { recursive: true });
    writeFileSync(folder.fsPath, 'a file where the folder should be');
    const logged: string[] = [];
    const history = new CallHistory(store, folder, (text) => text, (message) => logged.push(message));
    const tree = new HistoryTreeProvider(history);
    try {
      await history.record(call(1));
      assert.ok(logged.some((line) => /Could not save the text of a call of echo/.test(line)), logged.join('\n'));
      const [item] = tree.getChildren();
      assert.ok(item);
      const treeItem = tree.getTreeItem(item);
      assert.equal(treeItem.contextValue, 'gistCall.unavailable');
      assert.match(String(treeItem.description), /content 1 \(text not saved\)/);
      const entry = await history.entry(item);
      assert.equal(entry.unavailable, true);
      assert.equal(entry.content, undefined);
      assert.equal(entry.callId, 'call_1');
      const resolved = await tree.resolveTreeItem(treeItem, item, cancellation);
      assert.match((resolved.tooltip as vscode.MarkdownString).value, /could not be saved/);
      // After a restart, the item still says so.
      const next = new CallHistory(store, folder, (text) => text);
      assert.equal(next.items()[0]?.unavailable, true);
      next.dispose();
    } finally {
      tree.dispose();
      history.dispose();
      unlinkSync(folder.fsPath);
    }
  });
});

describe('History files of the extension', function () {
  let api: TestedApi;

  before(async function () {
    api = await extensionApi();
    await signIn(api);
  });

  beforeEach(resetForTest);

  it('with 100 calls of 64 KB, global state holds under 100 KB of the history and every text is whole in its file', async function () {
    this.timeout(300_000);
    // From an empty history: an earlier suite can leave a file no list names yet (the window merges
    // it 50 ms after the folder's next change), which a count taken at once would see.
    await api.testing.clearHistory();
    await api.testing.historySettled();
    await openEditor('');
    const text = 'z'.repeat(MAX_CONTENT_BYTES - 4);
    for (let n = 0; n < 100; n++) {
      const result = await vscode.commands.executeCommand<{ id: string } | undefined>('gist.generate', { gistId: 'echo', variant: 'plain', values: { text: `${String(n).padStart(3, '0')} ${text}` }, insertMode: 'clipboard' });
      assert.ok(result, `call ${n}`);
    }
    await api.testing.historySettled();
    const stored = api.testing.globalStateSnapshot()[KEY];
    assert.ok(Array.isArray(stored) && stored.length === 100);
    assert.ok(bytesOf(stored) < 100 * 1024, `${bytesOf(stored)} bytes in global state`);
    assert.ok(bytesOf(stored) <= 100 * MAX_HISTORY_ITEM_BYTES + 101, `${bytesOf(stored)} bytes in global state`);
    const entries = await api.history();
    assert.equal(entries.length, 100);
    assert.deepEqual(
      entries.map((entry) => entry.content?.length),
      entries.map(() => MAX_CONTENT_BYTES),
    );
    assert.equal(entries[0]?.content?.slice(0, 4), '099 ');
    const folder = vscode.Uri.joinPath(api.testing.globalStorageUri, 'history');
    assert.equal(filesIn(folder).length, 100);
  });

  it('a call whose file cannot be written says so in the view and when its text is used', async function () {
    const folder = vscode.Uri.joinPath(api.testing.globalStorageUri, 'history').fsPath;
    await api.testing.historySettled();
    const aside = `${folder}-aside`;
    const hadFolder = existsSync(folder);
    if (hadFolder) {
      renameSync(folder, aside);
    }
    writeFileSync(folder, 'a file where the folder should be');
    try {
      await openEditor('');
      const result = await vscode.commands.executeCommand<{ id: string } | undefined>('gist.generate', { gistId: 'echo', variant: 'plain', values: { text: 'not saved' } });
      assert.ok(result);
      await api.testing.historySettled();
      const [entry] = await api.history();
      assert.equal(entry?.callId, result.id);
      assert.equal(entry?.unavailable, true);
      assert.equal(await vscode.commands.executeCommand('gist.history.copyContent', entry), undefined);
      assert.equal(await vscode.commands.executeCommand('gist.history.insert', entry), false);
      assert.equal(await vscode.commands.executeCommand('gist.history.copyCallId', entry), result.id);
    } finally {
      unlinkSync(folder);
      if (hadFolder) {
        renameSync(aside, folder);
      }
    }
    await waitFor('the failed write in the extension log', () => /Could not save the text of a call of echo/.test(readExtensionLog(api)));
  });
});
