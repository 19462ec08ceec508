// What every section run inside VS Code shares: the extension's API, fresh editors, progress
// lines for the bench's terminal, and CPU profiles on request.
import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GistExtensionApi, GistTestingApi } from '../../src/api';

export const KEY = 'gk_demo_ada';

export type TestedApi = GistExtensionApi & { readonly testing: GistTestingApi };

/** The bench runs as the extension's tests do (ExtensionMode.Test), so the testing hooks are there. */
export async function api(): Promise<TestedApi> {
  const extension = vscode.extensions.getExtension<GistExtensionApi>('gist-generate.gist-generate');
  if (extension === undefined) {
    throw new Error('extension not found');
  }
  const gist = await extension.activate();
  if (gist.testing === undefined) {
    throw new Error('the testing hooks are missing: run the bench with extensionTestsPath');
  }
  return gist as TestedApi;
}

/** One line on the bench's terminal (run.ts tails this file), so a long section shows it is alive. */
export function progress(line: string): void {
  const file = process.env.GIST_BENCH_PROGRESS;
  if (file !== undefined && file !== '') {
    appendFileSync(file, `${line}\n`);
  }
}

export async function freshEditor(): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ content: '' });
  return vscode.window.showTextDocument(document, { preview: false });
}

export async function closeEditors(): Promise<void> {
  for (let i = 0; i < 100 && vscode.window.activeTextEditor !== undefined; i++) {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

/** Lets deferred work (global state writes, events) run before the next measurement starts. */
export function settle(ms = 50): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Waits until this extension host has been quiet for `windowMs` (under 5 % of a core), at most
 * `maxMs`: what a round set going after it ended (a results view's last update, its verdicts
 * worked out 1.5 s after the last append) must not land in the next round, whichever side that
 * is. A window shorter than what is still to come ends in the lull before it.
 */
export async function quiet(maxMs = 10_000, windowMs = 250): Promise<void> {
  const started = performance.now();
  for (;;) {
    const cpu = process.cpuUsage();
    const from = performance.now();
    await settle(windowMs);
    const used = process.cpuUsage(cpu);
    const share = (used.user + used.system) / 1000 / (performance.now() - from);
    if (share < 0.05 || performance.now() - started > maxMs) return;
  }
}

/**
 * Named time windows (µs, the profiler's monotonic clock) a profile's summary is limited to: the
 * command calls, and what they are compared with, not the bench's own steps.
 */
export class ProfileWindows {
  readonly windows: Record<string, Array<[number, number]>> = {};

  async around<T>(name: string, body: () => Thenable<T>): Promise<T> {
    const started = Number(process.hrtime.bigint() / 1000n);
    try {
      return await body();
    } finally {
      (this.windows[name] ??= []).push([started, Number(process.hrtime.bigint() / 1000n)]);
    }
  }
}

/**
 * Runs `body` under the V8 CPU profiler when GIST_BENCH_PROFILE names a folder; the profile goes
 * there as `<name>.cpuprofile`, with the windows `body` marked as `<name>.windows.json`.
 */
export async function profiled<T>(name: string, body: (windows: ProfileWindows) => Promise<T>): Promise<T> {
  const windows = new ProfileWindows();
  const folder = process.env.GIST_BENCH_PROFILE;
  if (folder === undefined || folder === '') {
    return body(windows);
  }
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object): Promise<unknown> =>
    new Promise((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  try {
    return await body(windows);
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    writeFileSync(path.join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    writeFileSync(path.join(folder, `${name}.windows.json`), JSON.stringify(windows.windows));
    session.disconnect();
  }
}
