// Scale: 10 generations at once from 10 editors, each call held 300 ms by the service. Making
// each editor active is a round trip to the workbench that no extension can avoid; it is
// measured and reported apart from the calls themselves.
import * as vscode from 'vscode';
import { ServiceControl } from '../../tools/service/controlClient';
import { round } from '../stats';
import { closeEditors, freshEditor } from './common';

export async function scale(serviceUrl: string): Promise<Record<string, unknown>> {
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
  await closeEditors();
  return {
    singleCallMs: round(singleMs),
    slowestOfTenMs: round(Math.max(...durations)),
    tenConcurrentWallMs: round(wallMs),
    editorSwitchingMs: round(switchingMs),
    ratio: round((wallMs - switchingMs) / singleMs),
    eachInItsOwnDocument: misplaced.length === 0,
    ...(misplaced.length === 0 ? {} : { misplaced }),
  };
}
