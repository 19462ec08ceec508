// A start of VS Code with the history full, as the layout before issue 15 left it (whole entries
// in global state, at its 2 MB cap) or as it is now (100 calls of 64 KB: small items in global
// state, a file per call). The state is written by one start (`seed`) and measured by the next,
// which finds it in the same browser profile and server folder (bench/run.ts).
import * as vscode from 'vscode';
import type { GistExtensionApi } from '../../src/api';
import { capEntry } from '../../src/history/historyEntry';
import { MAX_CONTENT_BYTES, MAX_HISTORY_ENTRIES } from '../../src/shared/limits';
import { GlobalStateKeys } from '../../src/shared/storageKeys';
import { addEntry } from '../baseline/legacyHistory';
import { round } from '../stats';
import { api, KEY, settle } from './common';
import { fullCall } from './history';

const EXTENSION_ID = 'gist-generate.gist-generate';

/** Writes the history as the previous version left it, full, in place of whatever is there. */
export async function seedOldLayout(): Promise<Record<string, unknown>> {
  const gist = await api();
  await gist.testing.historySettled();
  let entries: ReturnType<typeof addEntry> = [];
  for (let n = 0; n < MAX_HISTORY_ENTRIES; n++) {
    const call = fullCall(n);
    entries = addEntry(entries, capEntry({ gistId: call.request.gistId, label: call.label, variant: call.request.variant, values: call.request.values, at: Date.now() - 1000 + n, callId: call.result?.id, content: call.result?.content }));
  }
  await vscode.workspace.fs.delete(vscode.Uri.joinPath(gist.testing.globalStorageUri, 'history'), { recursive: true, useTrash: false }).then(undefined, () => undefined);
  await gist.testing.globalState.update(GlobalStateKeys.callHistory, entries);
  // The workbench writes its storage to the browser's database shortly after; give it time before the browser closes.
  await settle(3000);
  return { seededEntries: entries.length };
}

/**
 * How this start went: activate() as the extension measured it, and as the bench saw it when the
 * extension was not yet active (VS Code reads the extension's global state from the browser
 * before it calls activate()), the size of that state, and how long after activation the history
 * had settled (moved to files, for the old layout). With `topUp`, then fills the history to 100
 * calls of 64 KB through the command, for the next start.
 */
export async function measureStart(topUp: boolean): Promise<Record<string, unknown>> {
  const extension = vscode.extensions.getExtension<GistExtensionApi>(EXTENSION_ID);
  const wasActive = extension?.isActive === true;
  const started = performance.now();
  const gist = await api();
  const activateWallMs = performance.now() - started;
  const items = (): unknown => gist.testing.globalStateSnapshot()[GlobalStateKeys.callHistory];
  const stateKb = round(Buffer.byteLength(JSON.stringify(gist.testing.globalStateSnapshot())) / 1024, 1);
  const settleStarted = performance.now();
  await gist.testing.historySettled();
  const figures = {
    activationMs: gist.testing.activationMs(),
    ...(wasActive ? { activatedBeforeTheBench: true } : { activateWallMs: round(activateWallMs) }),
    historyEntries: Array.isArray(items()) ? (items() as unknown[]).length : 0,
    globalStateKb: stateKb,
    historySettledMs: round(performance.now() - settleStarted),
  };
  if (topUp) {
    await vscode.commands.executeCommand('gist.setApiKey', { apiKey: KEY });
    const text = 'p'.repeat(MAX_CONTENT_BYTES);
    for (let n = 0; n < MAX_HISTORY_ENTRIES; n++) {
      await vscode.commands.executeCommand('gist.generate', { gistId: 'echo', variant: 'plain', values: { text: `${n} ${text}` }, insertMode: 'clipboard' });
    }
    await gist.testing.historySettled();
    await settle(3000);
  }
  return figures;
}
