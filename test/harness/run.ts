// `node out/test/harness/run.js integration|e2e [--grep pattern] [--vsix file]`
// Runs a suite inside a real VS Code (server + Chromium) against the local gist service, and
// always stops all three, also on failure or Ctrl+C.
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { startService, type RunningService } from '../service/index';
import { openBrowser, workbenchUrl, type OpenBrowser } from './browser';
import { runE2eScenarios } from './e2eRunner';
import { ensureInstalled } from './install';
import { FIXTURE_WORKSPACE, REPO_ROOT, RESULTS_DIR } from './paths';
import { checkBrowser, MissingPrerequisite } from './prerequisites';
import { startServer, type RunningServer } from './server';

type Mode = 'integration' | 'e2e';

const RUN_LIMIT_MS = 10 * 60 * 1000;

const MACHINE_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'workbench.enableExperiments': false,
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'git.enabled': false,
  'files.hotExit': 'off',
};

interface Args {
  readonly mode: Mode;
  readonly grep: string | undefined;
  readonly vsix: string | undefined;
}

function parseArgs(argv: readonly string[]): Args {
  const [mode, ...rest] = argv;
  if (mode !== 'integration' && mode !== 'e2e') {
    throw new Error('usage: run.js integration|e2e [--grep pattern] [--vsix file]');
  }
  const option = (name: string): string | undefined => {
    const index = rest.indexOf(name);
    return index === -1 ? undefined : rest[index + 1];
  };
  return { mode, grep: option('--grep') ?? process.env.GIST_TEST_GREP, vsix: option('--vsix') };
}

function log(line: string): void {
  process.stdout.write(`[harness] ${line}\n`);
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  checkBrowser();
  await ensureInstalled(log);
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const prefix = path.join(RESULTS_DIR, args.mode);
  const browserLog = await fs.open(`${prefix}-browser.log`, 'w');
  const resultsFile = `${prefix}-mocha.txt`;
  await fs.rm(`${resultsFile}.json`, { force: true });

  // A fresh copy per run: the tests edit and save files in it.
  const workspace = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'gist-workspace-')), 'workspace');
  await fs.cp(FIXTURE_WORKSPACE, workspace, { recursive: true });

  let service: RunningService | undefined;
  let server: RunningServer | undefined;
  let browser: OpenBrowser | undefined;
  const cleanup = async (): Promise<void> => {
    await browser?.close();
    await server?.stop();
    await service?.close();
    await browserLog.close().catch(() => undefined);
    await fs.rm(path.dirname(workspace), { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    log(`${signal}: stopping the browser, the VS Code server and the service…`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    service = await startService({ control: true });
    log(`gist service on ${service.url}`);
    server = await startServer({
      env: { GIST_TEST_SERVICE_URL: service.url, GIST_TEST_RESULTS_FILE: resultsFile, ...(args.grep === undefined ? {} : { GIST_TEST_GREP: args.grep }) },
      machineSettings: MACHINE_SETTINGS,
      logFile: `${prefix}-server.log`,
      installExtensions: args.vsix === undefined ? [] : [path.resolve(args.vsix)],
    });
    log(`VS Code server on ${server.url} (started in ${Math.round((Date.now() - started) / 1000)} s)`);
    browser = await openBrowser((line) => void browserLog.write(`${line}\n`));
    const { page } = browser;
    const screenshot = async (name: string): Promise<string> => {
      const file = path.join(RESULTS_DIR, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    };
    let exitCode: number;
    const developmentPath = args.vsix === undefined ? REPO_ROOT : undefined;
    if (args.mode === 'integration') {
      const exited = new Promise<number>((resolve) => void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)));
      await page.goto(workbenchUrl(server.url, server.port, workspace, REPO_ROOT, path.join(REPO_ROOT, 'out', 'test', 'integration', 'index.js')));
      exitCode = await Promise.race([
        exited,
        new Promise<number>((resolve) => setTimeout(() => resolve(-1), RUN_LIMIT_MS)),
      ]);
      if (exitCode === -1) {
        log(`The suite did not finish within ${RUN_LIMIT_MS / 60000} minutes.`);
        exitCode = 1;
      }
      if (existsSync(resultsFile)) {
        process.stdout.write(await fs.readFile(resultsFile, 'utf8'));
      }
      const summary = existsSync(`${resultsFile}.json`) ? (JSON.parse(await fs.readFile(`${resultsFile}.json`, 'utf8')) as { passes: number; failures: number }) : undefined;
      log(summary === undefined ? 'mocha reported no summary (see test-results/)' : `${summary.passes} passed, ${summary.failures} failed`);
      if (exitCode !== 0 || summary === undefined || summary.failures > 0) {
        log(`screenshot: ${await screenshot('integration-failure')}`);
        exitCode = exitCode === 0 ? 1 : exitCode;
      }
    } else {
      const url = developmentPath === undefined ? `${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify([['skipWelcome', 'true']]))}` : workbenchUrl(server.url, server.port, workspace, developmentPath);
      await page.goto(url);
      const result = await runE2eScenarios({ page, service, screenshot, log, grep: args.grep, limitMs: RUN_LIMIT_MS });
      log(`${result.passed} passed, ${result.failed} failed`);
      exitCode = result.failed > 0 || result.passed === 0 ? 1 : 0;
    }
    log(`done in ${Math.round((Date.now() - started) / 1000)} s; logs in ${path.relative(REPO_ROOT, RESULTS_DIR)}/`);
    return exitCode;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(error instanceof MissingPrerequisite ? error.message : `failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
