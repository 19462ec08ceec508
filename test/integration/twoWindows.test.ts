// Two windows of one VS Code profile, for real: the harness opens a second workbench page on the
// same server (peerWindow.ts), with its own extension host; the two share global state and the
// extension's global storage folder, as two windows of a profile do, and the files on disk: a
// results file one window is writing is not written by the other. Skipped
// where there is no harness to open it (F5, desktop VS Code); sharedHistory.test.ts checks the
// same rules with two histories over one store in any VS Code.
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HistoryEntry } from '../../src/history/historyEntry';
import { canOpenPeerWindow, openPeerWindow, type PeerWindow } from './peerWindow';
import type { LabRunSummary } from '../../src/lab/lab';
import { closeAllEditors, DEMO_KEY, generate, openEditor, service, signedInApi, waitFor, type TestedApi } from './support';

const texts = (entries: readonly HistoryEntry[]): string[] => entries.map((entry) => entry.content ?? '').sort();

/** The cells of a results file's whole result lines, as `row/variant/sample`. */
function resultCells(file: string): string[] {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { type: string; row: number; variant: string | null; sample: number })
    .filter((line) => line.type === 'result')
    .map((line) => `${line.row}/${String(line.variant)}/${line.sample}`);
}

describe('Two windows of one profile share the call history (issue 23 C8) and write a results file one at a time', function () {
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

  it('a results file one window is writing: the other window’s run over it is refused, calls nothing, and the first run ends with each cell once', async function () {
    this.timeout(60_000);
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? assert.fail('a workspace folder');
    const folder = path.join(workspace, 'two-windows-lab');
    mkdirSync(folder, { recursive: true });
    const dataFile = path.join(folder, 'people.csv');
    const results = path.join(folder, 'people.welcome-email.gistrun.jsonl');
    writeFileSync(dataFile, `Name,Product\r\n${Array.from({ length: 40 }, (_, i) => `"Person ${i + 1}",Loom`).join('\r\n')}\r\n`);
    const control = service();
    try {
      await control.clearCalls();
      // Slow answers and at most 4 at once, so the first window is still writing when the second starts.
      await vscode.workspace.getConfiguration('gist').update('lab.concurrency', 4, vscode.ConfigurationTarget.Global);
      await control.injectFaults({ path: '/v1/generate', latencyMs: 100 }, 10_000);
      const args = { gistId: 'welcome-email', variants: ['formal', 'friendly'], dataFile, resultsFile: results };
      const first = vscode.commands.executeCommand<LabRunSummary | undefined>('gist.lab.runOverData', args);
      await waitFor('the first window writing results', () => resultCells(results).length >= 4, 30_000);
      // The second window asks for a new run over the same file, replacing it.
      const second = await peer().command<LabRunSummary | null>('gist.lab.runOverData', { ...args, overwrite: true });
      assert.equal(second, null, `the second window ran: ${JSON.stringify(second)}`);
      const summary = await first;
      assert.equal(summary?.end, 'finished', JSON.stringify(summary));
      const cells = resultCells(results);
      assert.equal(cells.length, 80, 'every cell of the first run, none twice');
      assert.equal(new Set(cells).size, 80);
      const generated = (await control.calls()).filter((call) => call.path.startsWith('/v1/generate')).length;
      assert.equal(generated, 80, 'the second window called nothing');
    } finally {
      api.testing.cancelLabRuns();
      await control.clearFaults();
      await vscode.workspace.getConfiguration('gist').update('lab.concurrency', undefined, vscode.ConfigurationTarget.Global);
      await closeAllEditors();
      rmSync(folder, { recursive: true, force: true });
    }
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
