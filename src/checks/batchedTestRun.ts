// A VS Code TestRun that sends passes together. Each call on a TestRun is a message from the
// extension host to the workbench, serialized and compressed on its own when it leaves alone: a run
// of 2,000 cells sent four a cell (enqueued, started, passed, an output line with its test). Passed
// cells' states and output lines wait here and go in one go, at most BATCH_CELLS of each or after
// BATCH_MS; anything else (a failure, an error, a skip, a line for one test) first sends what
// waits, so the output keeps its order. A cell's `started` waits too, and is never sent when its
// result comes within the batch: a state shown for less than BATCH_MS is a message for nothing
// (sent up front for every cell, 2,000 of them stalled the extension host ~45 ms at a run's start).
import type * as vscode from 'vscode';

const BATCH_CELLS = 256;
const BATCH_MS = 100;

export class BatchedTestRun {
  private pendingOutput: string[] = [];
  private pendingPasses: Array<{ readonly item: vscode.TestItem; readonly duration: number | undefined }> = [];
  private readonly pendingStarts = new Set<vscode.TestItem>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly run: vscode.TestRun) {}

  enqueued(item: vscode.TestItem): void {
    this.run.enqueued(item);
  }

  /** Shown running once BATCH_MS have passed without its result (or with the next batch). */
  started(item: vscode.TestItem): void {
    this.pendingStarts.add(item);
    this.schedule();
  }

  passed(item: vscode.TestItem, duration?: number): void {
    this.pendingStarts.delete(item);
    this.pendingPasses.push({ item, duration });
    this.schedule();
  }

  failed(item: vscode.TestItem, messages: vscode.TestMessage[], duration?: number): void {
    this.pendingStarts.delete(item);
    this.flush();
    this.run.failed(item, messages, duration);
  }

  errored(item: vscode.TestItem, messages: vscode.TestMessage[], duration?: number): void {
    this.pendingStarts.delete(item);
    this.flush();
    this.run.errored(item, messages, duration);
  }

  skipped(item: vscode.TestItem): void {
    this.pendingStarts.delete(item);
    this.flush();
    this.run.skipped(item);
  }

  /** A line of the run's output: alone, it waits for the next ones; for a test (a failure's), it goes at once. */
  appendLine(line: string, location?: vscode.Location, test?: vscode.TestItem): void {
    if (test === undefined) {
      this.pendingOutput.push(`${line}\r\n`);
      this.schedule();
      return;
    }
    this.flush();
    this.run.appendOutput(`${line}\r\n`, location, test);
  }

  end(): void {
    this.flush();
    this.run.end();
  }

  private schedule(): void {
    if (this.pendingOutput.length >= BATCH_CELLS || this.pendingPasses.length >= BATCH_CELLS || this.pendingStarts.size >= BATCH_CELLS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  /** What waits goes to VS Code now: the output in one message, then the cells still running, then the passes, in the same turn. */
  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pendingOutput.length > 0) this.run.appendOutput(this.pendingOutput.join(''));
    for (const item of this.pendingStarts) this.run.started(item);
    this.pendingStarts.clear();
    for (const { item, duration } of this.pendingPasses) this.run.passed(item, duration);
    this.pendingOutput = [];
    this.pendingPasses = [];
  }
}
