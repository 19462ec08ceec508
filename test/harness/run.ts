// `node out/test/harness/run.js integration|e2e [--grep pattern] [--vsix file] [--untrusted] [--os-ca] [--vscode oldest]`
// Runs a suite inside a real VS Code (server + Chromium) against the local gist service, and
// always stops all three: on success, failure, time-out and Ctrl+C. `--untrusted` opens the
// folder in Restricted Mode (Workspace Trust on, nothing trusted) and runs the `@untrusted` tests.
// `--os-ca` serves the service over https with a certificate from a test CA that is put only in
// the OS trust store, before VS Code starts (as a company CA is), and runs the `@os-ca` tests.
// `--vscode oldest` runs on the oldest VS Code that engines.vscode claims (vscodeTargets.ts).
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { startService, type StartServiceOptions } from '../../tools/service/index';
import { makeTestCa } from '../unit/support/testCa';
import { openBrowser, workbenchUrl } from './browser';
import { Cleanup } from '../../tools/vscodeServer/cleanup';
import { runE2eScenarios } from './e2eRunner';
import { ensureInstalled } from '../../tools/vscodeServer/install';
import { awaitAutomationExit, readSuiteResult, TESTS_ENTRY } from './integrationSuite';
import { installCa, removeStaleTestCas } from './osTrustStore';
import { PEER_ENTRY, PEER_HOST_ENV, startPeerHost } from './peerWindows';
import { FIXTURE_WORKSPACE, REPO_ROOT, RESULTS_DIR } from '../../tools/vscodeServer/paths';
import { checkBrowser, MissingPrerequisite } from '../../tools/vscodeServer/prerequisites';
import { startServer } from '../../tools/vscodeServer/server';
import { RESTRICTED_MODE_SETTINGS, userSettings } from '../../tools/vscodeServer/settings';
import { type VsCodeTarget, vscodeTarget } from '../../tools/vscodeServer/vscodeTargets';

type Mode = 'integration' | 'e2e';

/** The whole run after the one-time install: start, tests, stop. */
const RUN_LIMIT_MS = 10 * 60 * 1000;
/** One end-to-end scenario; a stuck one fails alone and the rest still run. */
const SCENARIO_LIMIT_MS = 3 * 60 * 1000;

interface Args {
  readonly mode: Mode;
  readonly grep: string | undefined;
  readonly vsix: string | undefined;
  readonly untrusted: boolean;
  readonly vscode: VsCodeTarget;
  readonly osCa: boolean;
}

/** The tests that need a folder in Restricted Mode carry this tag in their names. */
const UNTRUSTED_TAG = '@untrusted';
const OS_CA_TAG = '@os-ca';
/**
 * What would let Node trust the test CA without the OS store: the server of an `--os-ca` run
 * starts without them, as a user's VS Code does (this machine's own environment may set them).
 */
const CA_ENVIRONMENT = ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR'];

function parseArgs(argv: readonly string[]): Args {
  const [mode, ...rest] = argv;
  if (mode !== 'integration' && mode !== 'e2e') {
    throw new Error('usage: run.js integration|e2e [--grep pattern] [--vsix file] [--untrusted] [--os-ca] [--vscode current|oldest]');
  }
  const option = (name: string): string | undefined => {
    const index = rest.indexOf(name);
    return index === -1 ? undefined : rest[index + 1];
  };
  const untrusted = rest.includes('--untrusted');
  const osCa = rest.includes('--os-ca');
  const tag = untrusted ? UNTRUSTED_TAG : osCa ? OS_CA_TAG : undefined;
  return { mode, grep: option('--grep') ?? process.env.GIST_TEST_GREP ?? tag, vsix: option('--vsix'), untrusted, osCa, vscode: vscodeTarget(option('--vscode')) };
}

function log(line: string): void {
  process.stdout.write(`[harness] ${line}\n`);
}

/** Set once the page is open, so a run that times out still leaves a screenshot. */
let screenshotOnTimeout: (() => Promise<string>) | undefined;

async function main(args: Args, cleanup: Cleanup): Promise<number> {
  const started = Date.now();
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const prefix = path.join(RESULTS_DIR, args.vscode.resultsPrefix + (args.untrusted ? `${args.mode}-untrusted` : args.osCa ? `${args.mode}-os-ca` : args.mode));
  const browserLog = await fs.open(`${prefix}-browser.log`, 'w');
  cleanup.add('the browser log', () => browserLog.close());
  const resultsFile = `${prefix}-mocha.txt`;
  await fs.rm(resultsFile, { force: true });
  await fs.rm(`${resultsFile}.json`, { force: true });

  // A fresh copy per run: the tests edit and save files in it.
  const workspaceParent = await fs.mkdtemp(path.join(os.tmpdir(), 'gist-workspace-'));
  cleanup.add('the workspace copy', () => fs.rm(workspaceParent, { recursive: true, force: true }));
  const workspace = path.join(workspaceParent, 'workspace');
  await fs.cp(FIXTURE_WORKSPACE, workspace, { recursive: true });

  const serviceOptions: StartServiceOptions = { control: true };
  const osCaEnv: Record<string, string> = {};
  if (args.osCa) {
    for (const file of removeStaleTestCas()) {
      log(`removed ${file}, a test CA left in the OS trust store by a run that did not finish`);
    }
    const ca = makeTestCa();
    cleanup.add('the test CA files', () => Promise.resolve(ca.dispose()));
    const installed = installCa(ca.caCert);
    cleanup.add('the test CA in the OS trust store', () => Promise.resolve().then(() => installed.remove()));
    log(`test CA in the OS trust store (${installed.file}); the VS Code server starts after it, without ${CA_ENVIRONMENT.join(', ')}`);
    serviceOptions.tls = { key: ca.serverKey, cert: ca.serverCert };
    osCaEnv.GIST_TEST_OS_CA_FILE = ca.caCertPath;
  }
  const service = await startService(serviceOptions);
  cleanup.add('the gist service', () => service.close());
  log(`gist service on ${service.url}`);
  // A second window (another page on the same server), opened when a test asks for it.
  const peerHost = args.mode === 'integration' ? await startPeerHost(log) : undefined;
  const peerFolder = path.join(workspaceParent, 'second-window');
  if (peerHost !== undefined) {
    cleanup.add('the second window', () => peerHost.close());
    await fs.mkdir(peerFolder);
  }

  const server = await startServer({
    vscode: args.vscode,
    env: {
      GIST_TEST_SERVICE_URL: service.url,
      GIST_TEST_RESULTS_FILE: resultsFile,
      ...osCaEnv,
      ...(args.grep === undefined ? {} : { GIST_TEST_GREP: args.grep }),
      ...(peerHost === undefined ? {} : { [PEER_HOST_ENV]: peerHost.url }),
    },
    unsetEnv: args.osCa ? CA_ENVIRONMENT : [],
    userSettings: { ...userSettings(args.mode, service.url), ...(args.untrusted ? RESTRICTED_MODE_SETTINGS : {}) },
    logFile: `${prefix}-server.log`,
    installExtensions: args.vsix === undefined ? [] : [path.resolve(args.vsix)],
    workspaceTrust: args.untrusted,
  });
  cleanup.add('the VS Code server', () => server.stop());
  log(`VS Code ${args.vscode.vscodeVersion} server on ${server.url} (started in ${Math.round((Date.now() - started) / 1000)} s)`);

  const browser = await openBrowser((line) => void browserLog.write(`${line}\n`));
  cleanup.add('the browser', () => browser.close());
  const { page } = browser;
  const screenshot = async (name: string): Promise<string> => {
    const file = path.join(RESULTS_DIR, `${args.vscode.resultsPrefix}${name}.png`);
    await page.screenshot({ path: file });
    return file;
  };
  screenshotOnTimeout = () => screenshot(`${args.mode}-timeout`);
  // With --vsix the installed package is under test, so no development path.
  const developmentPath = args.vsix === undefined ? REPO_ROOT : undefined;
  peerHost?.attach(page.context(), workbenchUrl(server.url, server.port, peerFolder, developmentPath, PEER_ENTRY), (line) => void browserLog.write(`${line}\n`));

  let passed: number;
  let failed: number;
  let exitCode: number;
  if (args.mode === 'integration') {
    const exited = await awaitAutomationExit(page);
    await page.goto(workbenchUrl(server.url, server.port, workspace, developmentPath, TESTS_ENTRY));
    const result = await readSuiteResult(resultsFile, await exited());
    process.stdout.write(result.report);
    passed = result.counts?.passes ?? 0;
    failed = result.counts?.failures ?? 0;
    if (result.counts === undefined) {
      log(`mocha reported nothing (the extension host exited with ${result.exitCode}); see ${path.relative(REPO_ROOT, prefix)}-server.log`);
    }
    exitCode = result.exitCode !== 0 || result.counts === undefined || failed > 0 || passed === 0 ? 1 : 0;
    if (exitCode !== 0) {
      log(`screenshot: ${await screenshot('integration-failure')}`);
    }
  } else {
    await page.goto(workbenchUrl(server.url, server.port, workspace, developmentPath));
    ({ passed, failed } = await runE2eScenarios({ page, serviceUrl: service.url, service, workspace, screenshot, log, grep: args.grep, limitMs: SCENARIO_LIMIT_MS }));
    exitCode = failed > 0 || passed === 0 ? 1 : 0;
  }
  log(`done in ${Math.round((Date.now() - started) / 1000)} s; logs in ${path.relative(REPO_ROOT, RESULTS_DIR)}/`);
  // The summary line CI looks for.
  log(`${passed} passed, ${failed} failed`);
  return exitCode;
}

async function runOnce(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  checkBrowser();
  await ensureInstalled(log, args.vscode);
  const cleanup = new Cleanup(log);
  let stopping = false;
  const stopAndExit = (reason: string, code: number): void => {
    if (stopping) {
      // A second Ctrl+C: exit now; the server's exit hook still kills its process group.
      process.exit(code);
    }
    stopping = true;
    log(`${reason}: stopping the browser, the VS Code server and the service…`);
    void cleanup.run().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => stopAndExit('SIGINT', 130));
  process.on('SIGTERM', () => stopAndExit('SIGTERM', 143));
  const limit = setTimeout(() => {
    void (screenshotOnTimeout?.() ?? Promise.resolve('none'))
      .catch(() => 'none')
      .then((file) => stopAndExit(`The ${args.mode} run did not finish within ${RUN_LIMIT_MS / 60_000} minutes (screenshot: ${file})`, 1));
  }, RUN_LIMIT_MS);
  try {
    return await main(args, cleanup);
  } finally {
    clearTimeout(limit);
    await cleanup.run();
  }
}

runOnce().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(error instanceof MissingPrerequisite ? error.message : `failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
