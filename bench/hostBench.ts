// Runs inside the real VS Code extension host (extensionTestsPath) and writes its figures to
// GIST_BENCH_RESULTS: activation time, the editor path, memory growth and concurrency.
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import type { GistExtensionApi } from '../src/api';
import { GistClient } from '../src/client/gistClient';
import { ServiceControl } from '../tools/service/controlClient';
import { median, round } from './stats';

const KEY = 'gk_demo_ada';

/** The extension host runs without --expose-gc; the flag can still be turned on from inside. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

async function api(): Promise<GistExtensionApi> {
  const extension = vscode.extensions.getExtension<GistExtensionApi>('gist-generate.gist-generate');
  if (extension === undefined) {
    throw new Error('extension not found');
  }
  return extension.activate();
}

/** The bench runs as the extension's tests do (ExtensionMode.Test), so the testing hooks are there. */
function activationMs(gist: GistExtensionApi): number {
  if (gist.testing === undefined) {
    throw new Error('the testing hooks are missing: run the bench with extensionTestsPath');
  }
  return gist.testing.activationMs();
}

async function freshEditor(): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ content: '' });
  return vscode.window.showTextDocument(document, { preview: false });
}

async function closeEditors(): Promise<void> {
  for (let i = 0; i < 100 && vscode.window.activeTextEditor !== undefined; i++) {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

export async function run(): Promise<void> {
  const out = process.env.GIST_BENCH_RESULTS ?? '';
  const serviceUrl = process.env.GIST_TEST_SERVICE_URL ?? '';
  const quick = process.env.GIST_BENCH_QUICK === '1';
  const gist = await api();
  if (process.env.GIST_BENCH_PHASE === 'activation') {
    writeFileSync(out, JSON.stringify({ activationMs: activationMs(gist) }));
    return;
  }
  await vscode.commands.executeCommand('gist.setApiKey', { apiKey: KEY });
  const settings = { baseUrl: serviceUrl, apiKeyHeader: 'SERVICE-API-KEY', apiKey: KEY, timeoutMs: 60_000 };
  const client = new GistClient();
  const results: Record<string, unknown> = { activationMs: activationMs(gist) };

  // Editor path: the command with arguments until the text is in the document, minus a direct
  // client call for the same content (the service's own time). The same text put in with a bare
  // editor.edit is measured alongside: the platform's own round trip to the editor (in this web
  // workbench, through the server and the browser), which no extension can avoid.
  for (const [label, size, runs] of [['1 KB', 1024, quick ? 5 : 30], ['1 MB', 1024 * 1024, quick ? 3 : 10]] as const) {
    const text = 'x'.repeat(size - 1) + '\n';
    const command: number[] = [];
    const direct: number[] = [];
    const bareEdit: number[] = [];
    for (let i = 0; i < runs; i++) {
      const editor = await freshEditor();
      let started = performance.now();
      await vscode.commands.executeCommand('gist.generate', { gistId: 'echo', variant: 'plain', values: { text } });
      command.push(performance.now() - started);
      if (editor.document.getText().length !== size) {
        throw new Error(`the ${label} content did not land in the document`);
      }
      started = performance.now();
      await client.generate(settings, { gistId: 'echo', variant: 'plain', values: { text } });
      direct.push(performance.now() - started);
      const other = await freshEditor();
      started = performance.now();
      await other.edit((builder) => builder.insert(other.selection.active, text));
      bareEdit.push(performance.now() - started);
      await closeEditors();
    }
    const editorMs = median(command) - median(direct);
    results[`editorPath ${label}`] = {
      runs,
      commandMedianMs: round(median(command)),
      serviceMedianMs: round(median(direct)),
      editorMs: round(editorMs),
      bareEditMedianMs: round(median(bareEdit)),
      extensionOwnMs: round(editorMs - median(bareEdit)),
    };
  }

  // Memory: heap after 10 calls and after 1,000 (into one document, no notifications left).
  const editor = await freshEditor();
  const heapAfter = async (calls: number): Promise<number> => {
    for (let i = 0; i < calls; i++) {
      await vscode.commands.executeCommand('gist.generate', { gistId: 'echo', variant: 'plain', values: { text: 'y' } });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Measured after a full collection, so garbage not yet collected does not hide or fake growth.
    collectGarbage();
    return process.memoryUsage().heapUsed / 1024 / 1024;
  };
  const after10 = await heapAfter(10);
  const total = quick ? 100 : 1000;
  const afterMany = await heapAfter(total - 10);
  results.memory = { heapAfter10Mb: round(after10), [`heapAfter${total}Mb`]: round(afterMany), growthMb: round(afterMany - after10) };
  void editor;
  await closeEditors();

  // Scale: 10 generations at once from 10 editors, each call held 300 ms by the service. Making
  // each editor active is a round trip to the workbench that no extension can avoid; it is
  // measured and reported apart from the calls themselves.
  const control = new ServiceControl(serviceUrl);
  const documents: vscode.TextDocument[] = [];
  for (let i = 0; i <= 10; i++) {
    documents.push((await freshEditor()).document);
  }
  const single = documents[10];
  if (single === undefined) throw new Error('no document');
  await vscode.window.showTextDocument(single, { preview: false });
  await control.injectFaults({ path: '/v1/generate', latencyMs: 300 }, 1);
  let started = performance.now();
  await vscode.commands.executeCommand('gist.generate', { gistId: 'echo', variant: 'plain', values: { text: 'single' } });
  const singleMs = performance.now() - started;
  await control.injectFaults({ path: '/v1/generate', latencyMs: 300 }, 10);
  const calls: Array<Promise<number>> = [];
  let switchingMs = 0;
  started = performance.now();
  for (const [i, document] of documents.slice(0, 10).entries()) {
    const switchStarted = performance.now();
    await vscode.window.showTextDocument(document, { preview: false });
    switchingMs += performance.now() - switchStarted;
    const invoked = performance.now();
    calls.push(
      Promise.resolve(vscode.commands.executeCommand('gist.generate', { gistId: 'echo', variant: 'plain', values: { text: `doc ${i}` } })).then(() => performance.now() - invoked),
    );
  }
  const durations = await Promise.all(calls);
  const wallMs = performance.now() - started;
  const misplaced = documents.slice(0, 10).flatMap((document, i) => (document.getText() === `doc ${i}` ? [] : [`document ${i} holds ${JSON.stringify(document.getText().slice(0, 40))}`]));
  results.scale = {
    singleCallMs: round(singleMs),
    slowestOfTenMs: round(Math.max(...durations)),
    tenConcurrentWallMs: round(wallMs),
    editorSwitchingMs: round(switchingMs),
    ratio: round((wallMs - switchingMs) / singleMs),
    eachInItsOwnDocument: misplaced.length === 0,
    ...(misplaced.length === 0 ? {} : { misplaced }),
  };
  await closeEditors();
  await client.dispose();
  writeFileSync(out, JSON.stringify(results));
}
