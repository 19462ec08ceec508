// Two windows of one VS Code profile, for real: the harness opens a second workbench page on the
// same server (peerWindow.ts), with its own extension host; the two share global state and the
// extension's global storage folder, as two windows of a profile do. Skipped
// where there is no harness to open it (F5, desktop VS Code); sharedHistory.test.ts checks the
// same rules with two histories over one store in any VS Code.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync } from 'node:fs';
import * as vscode from 'vscode';
import type { HistoryEntry } from '../../src/history/historyEntry';
import { canOpenPeerWindow, openPeerWindow, type PeerWindow } from './peerWindow';
import { closeAllEditors, DEMO_KEY, generate, openEditor, signedInApi, waitFor, type TestedApi } from './support';

const texts = (entries: readonly HistoryEntry[]): string[] => entries.map((entry) => entry.content ?? '').sort();

describe('Two windows of one profile share the call history (issue 23 C8)', function () {
  let api: TestedApi;
  let second: PeerWindow | undefined;

  const peer = (): PeerWindow => second ?? assert.fail('the second window is open');
  const entryFiles = (): string[] => {
    const folder = vscode.Uri.joinPath(api.testing.globalStorageUri, 'history').fsPath;
    return existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length)).sort() : [];
  };
  const listedIds = async (): Promise<string[]> => (await api.history()).map((entry) => entry.id ?? '').sort();

  before(async function () {
    if (!canOpenPeerWindow()) {
      this.skip();
    }
    // Opening a second workbench page starts a second extension host: seconds on a loaded machine.
    this.timeout(150_000);
    api = await signedInApi();
    await api.testing.clearHistory();
    second = await openPeerWindow();
    // Global state and the storage folder are shared by the two pages; the web workbench keeps
    // SecretStorage per page (desktop windows share the keychain), so this window signs in itself.
    assert.equal((await peer().command<{ name: string } | undefined>('gist.setApiKey', { apiKey: DEMO_KEY }))?.name, 'Ada Lovelace');
  });

  after(async function () {
    await second?.close();
    await closeAllEditors();
  });

  it('a call in each window: both windows list both calls, each with its text, and global state lists both', async function () {
    await openEditor('');
    assert.ok(await generate({ gistId: 'echo', variant: 'plain', values: { text: 'from the first window' } }));
    await api.testing.historySettled();
    assert.ok(await peer().command('gist.generate', { gistId: 'echo', variant: 'plain', values: { text: 'from the second window' } }));
    await peer().historySettled();
    const both = JSON.stringify(['from the first window', 'from the second window']);
    await waitFor('the first window lists both calls with their texts', async () => JSON.stringify(texts(await api.history())) === both);
    await waitFor('the second window lists both calls with their texts', async () => JSON.stringify(texts(await peer().history())) === both);
    await waitFor('global state lists both', () => (api.testing.globalStateSnapshot()['gist.callHistory'] as unknown[] | undefined)?.length === 2);
    assert.deepEqual(entryFiles(), await listedIds(), 'a file for each listed call, none unlisted');
  });

  it('Clear Call History in one window clears the other’s view and every file; the other writes nothing back', async function () {
    await peer().clearHistory();
    await waitFor('the first window’s view empty', () => api.testing.historySettled().then(async () => (await api.history()).length === 0));
    assert.deepEqual(entryFiles(), []);
    await openEditor('');
    assert.ok(await generate({ gistId: 'echo', variant: 'plain', values: { text: 'after the clear' } }));
    await api.testing.historySettled();
    await waitFor('the second window lists only the call after the clear', async () => JSON.stringify(texts(await peer().history())) === JSON.stringify(['after the clear']));
    assert.deepEqual(texts(await api.history()), ['after the clear'], 'nothing cleared came back');
    assert.deepEqual(entryFiles(), await listedIds());
  });
});
