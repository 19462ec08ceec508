// The editor path: `gist.generate` with arguments until the text is in the document, next to a
// direct client call for the same content (the service's own time) and a bare `editor.edit` of
// the same text (the platform's own round trip to the editor: in this web workbench, through the
// server and the browser), each run in turn so all three see the same machine. The extension's
// own share is the command minus the other two, in wall time and in the extension host's busy
// time (event loop utilisation), which waiting on the browser or the service does not count.
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { GistClient } from '../../src/client/gistClient';
import { median, round } from '../stats';
import { closeEditors, freshEditor, KEY, profiled, progress, settle } from './common';

interface Sample {
  readonly wallMs: number;
  /** Time the extension host's event loop was busy meanwhile. */
  readonly busyMs: number;
}

async function timed(body: () => Thenable<unknown>): Promise<Sample> {
  const elu = performance.eventLoopUtilization();
  const started = performance.now();
  await body();
  const wallMs = performance.now() - started;
  return { wallMs, busyMs: performance.eventLoopUtilization(elu).active };
}

export interface EditorPathRow {
  readonly runs: number;
  readonly commandMedianMs: number;
  readonly serviceMedianMs: number;
  readonly editorMs: number;
  readonly bareEditMedianMs: number;
  /** Median command minus median direct call minus median bare edit, in wall time. */
  readonly extensionOwnMs: number;
  /** The median of the same difference taken run by run (the three of a run see the same moment of the machine). */
  readonly extensionOwnPairedMs: number;
  /** The same, of the extension host's busy time. */
  readonly extensionOwnBusyMs: number;
  /** Busy time of the extension host in the 50 ms after the command returned (writes it left for later)… */
  readonly afterCommandBusyMs: number;
  /** …and after the bare edit, for comparison (what VS Code and other extensions do after any edit). */
  readonly afterBareEditBusyMs: number;
}

export async function editorPath(serviceUrl: string, quick: boolean): Promise<Record<string, EditorPathRow>> {
  const settings = { baseUrl: serviceUrl, apiKeyHeader: 'SERVICE-API-KEY', apiKey: KEY, timeoutMs: 60_000 };
  const client = new GistClient();
  const rows: Record<string, EditorPathRow> = {};
  try {
    for (const [label, size, runs] of [['1 KB', 1024, quick ? 6 : 20], ['1 MB', 1024 * 1024, quick ? 3 : 6]] as const) {
      const text = 'x'.repeat(size - 1) + '\n';
      const command: Sample[] = [];
      const direct: Sample[] = [];
      const bareEdit: Sample[] = [];
      const after: number[] = [];
      const afterBare: number[] = [];
      const busyAfter = async (into: number[]): Promise<void> => {
        const elu = performance.eventLoopUtilization();
        await settle();
        into.push(performance.eventLoopUtilization(elu).active);
      };
      await profiled(`editor-${size}`, async (windows) => {
        for (let i = 0; i < runs; i++) {
          // Each in its own fresh editor, in an order that turns each run, so none always comes first.
          const steps = [
            async (): Promise<void> => {
              const editor = await freshEditor();
              await settle();
              command.push(await timed(() => windows.around('command', () => vscode.commands.executeCommand('gist.generate', { gistId: 'echo', variant: 'plain', values: { text } }))));
              if (editor.document.getText().length !== size) {
                throw new Error(`the ${label} content did not land in the document`);
              }
              await busyAfter(after);
            },
            async (): Promise<void> => {
              direct.push(await timed(() => windows.around('service', () => client.generate(settings, { gistId: 'echo', variant: 'plain', values: { text } }))));
              await settle();
            },
            async (): Promise<void> => {
              const other = await freshEditor();
              await settle();
              bareEdit.push(await timed(() => windows.around('bare edit', () => other.edit((builder) => builder.insert(other.selection.active, text)))));
              await busyAfter(afterBare);
            },
          ];
          for (let step = 0; step < steps.length; step++) {
            await steps[(step + i) % steps.length]?.();
          }
          await closeEditors();
        }
      });
      const wall = (samples: Sample[]): number => median(samples.map((sample) => sample.wallMs));
      const busy = (samples: Sample[]): number => median(samples.map((sample) => sample.busyMs));
      rows[`editorPath ${label}`] = {
        runs,
        commandMedianMs: round(wall(command)),
        serviceMedianMs: round(wall(direct)),
        editorMs: round(wall(command) - wall(direct)),
        bareEditMedianMs: round(wall(bareEdit)),
        extensionOwnMs: round(wall(command) - wall(direct) - wall(bareEdit)),
        extensionOwnPairedMs: round(median(command.map((one, i) => one.wallMs - (direct[i]?.wallMs ?? 0) - (bareEdit[i]?.wallMs ?? 0)))),
        extensionOwnBusyMs: round(busy(command) - busy(direct) - busy(bareEdit)),
        afterCommandBusyMs: round(median(after)),
        afterBareEditBusyMs: round(median(afterBare)),
      };
      progress(`editor path ${label}: ${JSON.stringify(rows[`editorPath ${label}`])}`);
    }
  } finally {
    await client.dispose();
  }
  return rows;
}
