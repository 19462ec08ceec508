// Starts the VS Code server and the workbench in Chromium with the bench as the extension's tests
// (hostBench.ts), runs one phase there and returns its figures. The phase's progress lines are
// printed as they come.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { openBrowser, workbenchUrl } from '../test/harness/browser';
import { FIXTURE_WORKSPACE, REPO_ROOT, RESULTS_DIR } from '../tools/vscodeServer/paths';
import { startServer } from '../tools/vscodeServer/server';
import { userSettings } from '../tools/vscodeServer/settings';

export interface PhaseOptions {
  readonly serviceUrl: string;
  readonly quick: boolean;
  /** `activation`, or `sections` (then `sections` says which). */
  readonly phase: string;
  readonly sections?: readonly string[];
  /** A folder for CPU profiles of the sections that take them. */
  readonly profileDir?: string | undefined;
  /**
   * Starts that find what the previous one left: the same server folder, browser profile and port
   * (the browser keeps the workbench's storage per origin).
   */
  readonly kept?: { readonly root: string; readonly browserProfile: string; readonly port: number } | undefined;
  /** The extension to run (its folder, built); default this one. */
  readonly extensionPath?: string | undefined;
  readonly log: (line: string) => void;
}

/** Prints every line appended to `file` until stopped. */
function tail(file: string, print: (line: string) => void): () => void {
  let printed = 0;
  const flush = (): void => {
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(0, -1) : [];
    for (const line of lines.slice(printed)) {
      print(line);
    }
    printed = Math.max(printed, lines.length);
  };
  const timer = setInterval(flush, 500);
  return () => {
    clearInterval(timer);
    flush();
  };
}

export async function runPhase(options: PhaseOptions): Promise<Record<string, unknown>> {
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const resultsFile = path.join(os.tmpdir(), `gist-bench-${process.pid}.json`);
  const progressFile = path.join(os.tmpdir(), `gist-bench-${process.pid}.progress`);
  writeFileSync(progressFile, '');
  const env = {
    GIST_TEST_SERVICE_URL: options.serviceUrl,
    GIST_BENCH_RESULTS: resultsFile,
    GIST_BENCH_PROGRESS: progressFile,
    GIST_BENCH_QUICK: options.quick ? '1' : '0',
    GIST_BENCH_PHASE: options.phase,
    GIST_BENCH_SECTIONS: (options.sections ?? []).join(','),
    GIST_BENCH_PROFILE: options.profileDir ?? '',
  };
  const hostEntry = path.join(REPO_ROOT, 'out', 'bench', 'hostBench.js');
  const { kept } = options;
  const server = await startServer({
    env,
    userSettings: userSettings('integration', options.serviceUrl),
    logFile: path.join(RESULTS_DIR, 'bench-server.log'),
    ...(kept === undefined ? {} : { keepRoot: kept.root, port: kept.port }),
  });
  if (kept !== undefined && server.port !== kept.port) {
    await server.stop();
    throw new Error(`port ${kept.port} was taken, so this start would not find what the previous one stored in the browser`);
  }
  const browser = await openBrowser(() => undefined, kept?.browserProfile);
  const stopTail = tail(progressFile, (line) => options.log(`  ${line}`));
  try {
    await fs.rm(resultsFile, { force: true });
    const exited = new Promise<number>((resolve) => void browser.page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)));
    // With --profile, the workbench's own CPU too (the renderer: what the extension's messages cost it).
    const workbench = options.profileDir === undefined ? undefined : await browser.page.context().newCDPSession(browser.page);
    if (workbench !== undefined) {
      await workbench.send('Profiler.enable');
      await workbench.send('Profiler.setSamplingInterval', { interval: 200 });
      await workbench.send('Profiler.start');
    }
    await browser.page.goto(workbenchUrl(server.url, server.port, FIXTURE_WORKSPACE, options.extensionPath ?? REPO_ROOT, hostEntry));
    const code = await exited;
    if (workbench !== undefined && options.profileDir !== undefined) {
      const { profile } = await workbench.send('Profiler.stop');
      const file = path.join(options.profileDir, `workbench-${options.phase}${options.sections === undefined ? '' : `-${options.sections.join('-')}`}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      options.log(`the workbench's CPU profile of this start: ${path.relative(REPO_ROOT, file)}`);
    }
    if (code !== 0 || !existsSync(resultsFile)) {
      throw new Error(`the ${options.phase} run in VS Code failed (exit ${code}); see test-results/bench-server.log`);
    }
    return JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>;
  } finally {
    stopTail();
    await browser.close();
    await server.stop();
    await fs.rm(progressFile, { force: true });
  }
}
