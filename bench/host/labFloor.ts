// The floor under Run over Data inside VS Code (issue 26): the bare pool's calls with only what the
// issue asks a run to show around them, done by the bench's own code: each call's line appended to
// the results file (gathered and written once a second, as the lab's writer does), a
// progress notification told four times a second and a status bar item once a second. No engine,
// no data file, no redaction, no key, and no results view: Run over Data opens its view on the
// results as they arrive, which the issue does not ask of a run, so the floor leaves it out and
// bounds what any run that shows itself as asked can make of the budget on this machine, as the
// Testing API's floor does for the checks (checksHost.ts).
import { open, type FileHandle } from 'node:fs/promises';
import * as vscode from 'vscode';
import { resultsHeaderOf } from '../../test/fixtures/resultsHeader';
import { DEFAULT_PROGRESS_INTERVAL_MS } from '../../src/runs/engine';
import { WRITE_GATHER_MS } from '../../src/runs/resultsWriter';
import { bareRun, type BareCallHooks, type RunFigures } from '../bareCalls';

const VARIANTS = ['formal', 'friendly'];
/** How often the status bar is told, as labRuns.ts tells it (the progress and the writes use the lab's own constants). */
const STATUS_EVERY_MS = 1000;

/** The line the lab writes for a call of the bench's data (the service's answers are ~80 and ~140 characters). */
function resultLine(call: number, finishedAt: string): string {
  const row = Math.floor(call / VARIANTS.length) + 1;
  const variant = VARIANTS[call % VARIANTS.length] ?? 'formal';
  const product = `Product ${row}, the ${row % 7 === 0 ? 'big' : 'small'} one`;
  const content =
    variant === 'formal'
      ? `Dear Person ${row},\n\nThank you for choosing ${product}. We are delighted to welcome you.\n\nKind regards,\nThe ${product} team`
      : `Hi Person ${row}! Welcome aboard ${product}, we're so glad you're here.`;
  return `${JSON.stringify({ type: 'result', row, line: row + 1, values: { name: `Person ${row}`, product }, variant, sample: 1, callId: `floor-${call}`, content, length: content.length, error: null, attempts: 1, latencyMs: 1, finishedAt })}\n`;
}

export class LabFloor implements vscode.Disposable {
  private readonly status = vscode.window.createStatusBarItem('gist-bench-floor', vscode.StatusBarAlignment.Left);

  /** The bare pool's `rows` × 2 calls into `resultsFile` (replaced), shown as a run shows itself. */
  async run(serviceUrl: string, rows: number, resultsFile: string): Promise<RunFigures> {
    const total = rows * VARIANTS.length;
    const file: FileHandle = await open(resultsFile, 'w');
    await file.write(`${JSON.stringify(resultsHeaderOf({ variants: VARIANTS, profile: 'bench', host: '127.0.0.1', tool: { name: 'gist-generate', version: 'bench' } }, rows))}\n`);
    let pending: string[] = [];
    let writing: Promise<unknown> = Promise.resolve();
    const flush = (): void => {
      if (pending.length === 0) return;
      const text = pending.join('');
      pending = [];
      writing = writing.then(() => file.write(text));
    };
    const writer = setInterval(flush, WRITE_GATHER_MS);
    try {
      return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Bench floor: the bare pool shown as a run', cancellable: true }, async (progress) => {
        let done = 0;
        let reported = 0;
        let lastProgress = Number.NEGATIVE_INFINITY;
        let lastStatus = Number.NEGATIVE_INFINITY;
        const hooks: BareCallHooks = {
          before: () => undefined,
          after: (call) => {
            pending.push(resultLine(call, new Date().toISOString()));
            done += 1;
            const now = performance.now();
            if (now - lastProgress >= DEFAULT_PROGRESS_INTERVAL_MS) {
              lastProgress = now;
              const share = (done / total) * 100;
              progress.report({ message: `${done} of ${total} calls`, increment: share - reported });
              reported = share;
            }
            if (now - lastStatus >= STATUS_EVERY_MS) {
              lastStatus = now;
              this.status.text = `$(beaker) ${done}/${total}`;
              this.status.show();
            }
          },
        };
        return bareRun(serviceUrl, rows, hooks);
      });
    } finally {
      clearInterval(writer);
      flush();
      await writing;
      await file.close();
      this.status.hide();
    }
  }

  dispose(): void {
    this.status.dispose();
  }
}
