// Scale: 10 generations at once from 10 editors, each call held 300 ms by the service. Making
// each editor active is a round trip to the workbench that no extension can avoid; it is
// measured and reported apart from the calls themselves. Every text is looked for in every open
// document afterwards, and each call's outcome and any rejected command are reported, so a text
// that did not land in its own document says where it went (issue 23 C10: three went into new
// documents when an editor.edit was rejected for an editor switched away a moment before).
import * as vscode from 'vscode';
import { ServiceControl } from '../../tools/service/controlClient';
import { round } from '../stats';
import { api, closeEditors, freshEditor } from './common';

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
  const outcomes = new Map<string, string>();
  const listening = (await api()).testing.onDidFinishCall((outcome) => {
    outcomes.set(outcome.request.values.text ?? '', outcome.error === undefined ? `${outcome.insertion ?? 'not placed'}` : `failed: ${outcome.error.message}`);
  });
  const rejected: string[] = [];
  const calls: Array<Promise<number>> = [];
  let switchingMs = 0;
  started = performance.now();
  for (const [i, document] of documents.slice(0, 10).entries()) {
    const switchStarted = performance.now();
    await vscode.window.showTextDocument(document, { preview: false });
    switchingMs += performance.now() - switchStarted;
    const invoked = performance.now();
    calls.push(
      Promise.resolve(vscode.commands.executeCommand('gist.generate', { gistId: 'echo', variant: 'plain', values: { text: `doc ${i}` } })).then(
        () => performance.now() - invoked,
        (error: unknown) => {
          rejected.push(`doc ${i}: ${String(error)}`);
          return performance.now() - invoked;
        },
      ),
    );
  }
  const durations = await Promise.all(calls);
  const wallMs = performance.now() - started;
  listening.dispose();
  const misplaced = documents.slice(0, 10).flatMap((document, i) => (document.getText() === `doc ${i}` ? [] : [`document ${i} holds ${JSON.stringify(document.getText().slice(0, 40))}`]));
  const whereEachTextWent = Object.fromEntries(
    documents.slice(0, 10).map((_document, i) => {
      const text = `doc ${i}`;
      const holders = vscode.workspace.textDocuments.filter((document) => document.getText().includes(text));
      const places = holders.map((holder) => {
        const index = documents.indexOf(holder);
        return index === i ? 'its own document' : index !== -1 ? `document ${index}` : `another document (${holder.uri.toString()})`;
      });
      return [text, `${places.length === 0 ? 'no open document' : places.join(' and ')}; outcome: ${outcomes.get(text) ?? 'none'}`];
    }),
  );
  await closeEditors();
  return {
    singleCallMs: round(singleMs),
    slowestOfTenMs: round(Math.max(...durations)),
    tenConcurrentWallMs: round(wallMs),
    editorSwitchingMs: round(switchingMs),
    ratio: round((wallMs - switchingMs) / singleMs),
    eachInItsOwnDocument: misplaced.length === 0,
    ...(misplaced.length === 0 ? {} : { misplaced, whereEachTextWent }),
    ...(rejected.length === 0 ? {} : { rejected }),
  };
}
