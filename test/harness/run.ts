// `node out/test/harness/run.js integration|e2e [--grep pattern] [--vsix file] [--untrusted] [--os-ca]
//   [--vscode oldest] [--repeat N] [--inject-failure "scenario name[@keys]"]`
// Runs a suite inside a real VS Code (server + Chromium) against the local gist service, and
// always stops all three: on success, failure, time-out and Ctrl+C. `--untrusted` opens the
// folder in Restricted Mode (Workspace Trust on, nothing trusted) and runs the `@untrusted` tests.
// `--os-ca` serves the service over https with a certificate from a test CA that is put only in
// the OS trust store, before VS Code starts (as a company CA is), and runs the `@os-ca` tests.
// `--vscode oldest` runs on the oldest VS Code that engines.vscode claims (vscodeTargets.ts).
// `--repeat N` runs the suite N times on the one install and prints a table of test × run, to hunt
// flakes. `--inject-failure` makes the named e2e scenario throw after that many keys (default 10):
// the self-test that one failing scenario leaves every other one green.
//
// The integration suite runs in one window per run. Each e2e scenario runs in a window of its own
// (a new server, browser context and workspace copy: see e2eRunner.ts and scenarioState.ts).
// Every run writes test-results/<suite>-results.json (suiteResults.ts), which `npm test` reads.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startService, type RunningService, type StartServiceOptions } from '../../tools/service/index';
import { makeTestCa } from '../unit/support/testCa';
import { launchChromium, openWindow, workbenchUrl } from './browser';
import { developmentFolder } from './developmentFolder';
import { Cleanup } from '../../tools/vscodeServer/cleanup';
import { runE2eScenarios, type OpenedWindow } from './e2eRunner';
import { ensureInstalled } from '../../tools/vscodeServer/install';
import { awaitAutomationExit, readSuiteResult, TESTS_ENTRY } from './integrationSuite';
import { installCa, removeStaleTestCas } from './osTrustStore';
import { PEER_ENTRY, PEER_HOST_ENV, startPeerHost, type PeerHost } from './peerWindows';
import { FIXTURE_WORKSPACE, LANGUAGE_MODEL_FIXTURE, REPO_ROOT, RESULTS_DIR } from '../../tools/vscodeServer/paths';
import { checkBrowser, MissingPrerequisite } from '../../tools/vscodeServer/prerequisites';
import { installExtensions, startServer } from '../../tools/vscodeServer/server';
import { RESTRICTED_MODE_SETTINGS, userSettings } from '../../tools/vscodeServer/settings';
import { failureLines, repeatTable, writeSuiteResults, type SuiteRun } from './suiteResults';
import { type VsCodeTarget, vscodeTarget } from '../../tools/vscodeServer/vscodeTargets';

type Mode = 'integration' | 'e2e';

/** One run of the suite after the one-time install: start, tests, stop. */
const RUN_LIMIT_MS = 10 * 60 * 1000;
/** One end-to-end scenario, its setup included; a stuck one fails alone and the rest still run. */
const SCENARIO_LIMIT_MS = 3 * 60 * 1000;
/** The key the injected failure happens after, unless `--inject-failure "name@keys"` says. */
const DEFAULT_INJECTED_AFTER_KEYS = 10;

interface Args {
  readonly mode: Mode;
  readonly grep: string | undefined;
  readonly vsix: string | undefined;
  readonly untrusted: boolean;
  readonly vscode: VsCodeTarget;
  readonly osCa: boolean;
  readonly repeat: number;
  readonly injectFailure: { readonly scenario: string; readonly afterKeys: number } | undefined;
}

/** The tests that need a folder in Restricted Mode carry this tag in their names. */
const UNTRUSTED_TAG = '@untrusted';
const OS_CA_TAG = '@os-ca';
/**
 * What would let Node trust the test CA without the OS store: the server of an `--os-ca` run
 * starts without them, as a user's VS Code does (this machine's own environment may set them).
 */
const CA_ENVIRONMENT = ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR'];

const USAGE = 'usage: run.js integration|e2e [--grep pattern] [--vsix file] [--untrusted] [--os-ca] [--vscode current|oldest] [--repeat N] [--inject-failure "scenario[@keys]"]';

function parseArgs(argv: readonly string[]): Args {
  const [mode, ...rest] = argv;
  if (mode !== 'integration' && mode !== 'e2e') {
    throw new Error(USAGE);
  }
  const option = (name: string): string | undefined => {
    const index = rest.indexOf(name);
    return index === -1 ? undefined : rest[index + 1];
  };
  const untrusted = rest.includes('--untrusted');
  const osCa = rest.includes('--os-ca');
  const tag = untrusted ? UNTRUSTED_TAG : osCa ? OS_CA_TAG : undefined;
  const repeat = Number(option('--repeat') ?? '1');
  if (!Number.isInteger(repeat) || repeat < 1) {
    throw new Error(`--repeat takes a whole number of runs, at least 1. ${USAGE}`);
  }
  const inject = option('--inject-failure');
  const injectFailure =
    inject === undefined
      ? undefined
      : { scenario: inject.replace(/@\d+$/, ''), afterKeys: Number(/@(\d+)$/.exec(inject)?.[1] ?? DEFAULT_INJECTED_AFTER_KEYS) };
  if (injectFailure !== undefined && mode !== 'e2e') {
    throw new Error('--inject-failure is for the e2e scenarios.');
  }
  return { mode, grep: option('--grep') ?? process.env.GIST_TEST_GREP ?? tag, vsix: option('--vsix'), untrusted, osCa, vscode: vscodeTarget(option('--vscode')), repeat, injectFailure };
}

function log(line: string): void {
  process.stdout.write(`[harness] ${line}\n`);
}

/** The suite's name in result files and summaries, e.g. `e2e`, `e2e-vsix`, `compat-integration-untrusted`. */
function suiteName(args: Args): string {
  const variant = args.untrusted ? '-untrusted' : args.osCa ? '-os-ca' : args.vsix !== undefined ? '-vsix' : '';
  return `${args.vscode.resultsPrefix}${args.mode}${variant}`;
}

/** Set once the browser is up, so a run that times out still leaves a screenshot. */
let screenshotOnTimeout: (() => Promise<string>) | undefined;
let stopping = false;

interface RunContext {
  readonly args: Args;
  readonly suite: string;
  readonly service: RunningService;
  readonly browser: Browser;
  /** Environment for every server (the service URL, the results file, the OS CA). */
  readonly serverEnv: Record<string, string>;
  /** The packaged extension installed once, for `--vsix`. */
  readonly extensionsDir: string | undefined;
  /** The integration suite's second window, which a test opens on demand (peerWindows.ts). */
  readonly peerHost: PeerHost | undefined;
  /** The extensions under development: ours and the test model provider (developmentFolder.ts); with --vsix, the model provider alone. */
  readonly developmentPath: string | undefined;
  readonly browserLog: (line: string) => void;
}

async function screenshotOf(page: Page, name: string): Promise<string> {
  const file = path.join(RESULTS_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Starts a server with `settings` and opens its workbench on `folder`, in a new browser context. */
async function openWorkbench(
  context: RunContext,
  settings: Record<string, unknown>,
  folder: string,
  testsPath?: string,
): Promise<OpenedWindow & { readonly serverUrl: string; urlFor(folder: string, testsPath?: string): string }> {
  const { args } = context;
  const cleanup = new Cleanup(log);
  try {
    const server = await startServer({
      vscode: args.vscode,
      env: context.serverEnv,
      unsetEnv: args.osCa ? CA_ENVIRONMENT : [],
      userSettings: { ...settings, ...(args.untrusted ? RESTRICTED_MODE_SETTINGS : {}) },
      logFile: path.join(RESULTS_DIR, `${context.suite}-server.log`),
      appendLog: true,
      extensionsDir: context.extensionsDir,
      workspaceTrust: args.untrusted,
    });
    cleanup.add('the VS Code server', () => server.stop());
    const window = await openWindow(context.browser, context.browserLog);
    cleanup.add('the browser context', () => window.close());
    // With --vsix the installed package is under test: ours is no development extension then.
    const developmentPath = args.vsix === undefined ? (context.developmentPath ?? REPO_ROOT) : context.developmentPath;
    const urlFor = (other: string, tests?: string): string => workbenchUrl(server.url, server.port, other, developmentPath, tests);
    return { page: window.page, serverUrl: urlFor(folder, testsPath), urlFor, close: () => cleanup.run() };
  } catch (error) {
    await cleanup.run();
    throw error;
  }
}

async function runIntegrationOnce(context: RunContext, run: number): Promise<SuiteRun> {
  const resultsFile = path.join(RESULTS_DIR, `${context.suite}-mocha${run > 1 ? `-run${run}` : ''}.txt`);
  await fs.rm(resultsFile, { force: true });
  await fs.rm(`${resultsFile}.json`, { force: true });
  // A fresh copy per run: the tests edit and save files in it.
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'gist-workspace-'));
  const workspace = path.join(parent, 'workspace');
  await fs.cp(FIXTURE_WORKSPACE, workspace, { recursive: true });
  const window = await openWorkbench(
    { ...context, serverEnv: { ...context.serverEnv, GIST_TEST_RESULTS_FILE: resultsFile } },
    userSettings('integration', context.service.url),
    workspace,
    TESTS_ENTRY,
  );
  screenshotOnTimeout = () => screenshotOf(window.page, `${context.suite}-timeout`);
  // The second window opens, when a test asks, in the same browser context: a window of the same VS Code.
  const peerFolder = path.join(parent, 'second-window');
  await fs.mkdir(peerFolder);
  context.peerHost?.attach(window.page.context(), window.urlFor(peerFolder, PEER_ENTRY), context.browserLog);
  try {
    const exited = await awaitAutomationExit(window.page);
    await window.page.goto(window.serverUrl);
    const result = await readSuiteResult(resultsFile, await exited());
    process.stdout.write(result.report);
    const failed = result.tests.some((test) => !test.passed);
    let error: string | undefined;
    if (result.counts === undefined) {
      error = `mocha reported nothing (the extension host exited with ${result.exitCode}); see test-results/${context.suite}-server.log`;
    } else if (result.counts.passes === 0) {
      error = 'no test ran';
    } else if (result.exitCode !== 0 && !failed) {
      error = `the extension host exited with ${result.exitCode}`;
    }
    const screenshot = failed || error !== undefined ? path.relative(REPO_ROOT, await screenshotOf(window.page, `${context.suite}-failure${run > 1 ? `-run${run}` : ''}`)) : undefined;
    if (screenshot !== undefined) {
      log(`screenshot: ${screenshot}`);
    }
    return { tests: result.tests.map((test) => (test.passed ? test : { ...test, screenshot })), error, screenshot: error === undefined ? undefined : screenshot };
  } finally {
    await window.close();
    await fs.rm(parent, { recursive: true, force: true });
  }
}

async function runE2eOnce(context: RunContext, run: number): Promise<SuiteRun> {
  const tests = await runE2eScenarios({
    service: context.service,
    vscodeVersion: context.args.vscode.vscodeVersion,
    openWindow: async (settings, folder) => {
      const window = await openWorkbench(context, settings, folder);
      screenshotOnTimeout = () => screenshotOf(window.page, `${context.suite}-timeout`);
      await window.page.goto(window.serverUrl);
      return window;
    },
    screenshot: (page, name) => screenshotOf(page, `${context.args.vscode.resultsPrefix}${name}${context.args.vsix === undefined ? '' : '-vsix'}`),
    log,
    grep: context.args.grep,
    limitMs: SCENARIO_LIMIT_MS,
    run,
    injectFailure: context.args.injectFailure,
    stopping: () => stopping,
  });
  return { tests, error: tests.length === 0 ? 'no scenario ran' : undefined };
}

async function main(args: Args, cleanup: Cleanup): Promise<number> {
  const started = Date.now();
  const suite = suiteName(args);
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const resultsJson = path.join(RESULTS_DIR, `${suite}-results.json`);
  await fs.rm(resultsJson, { force: true });
  await fs.rm(path.join(RESULTS_DIR, `${suite}-server.log`), { force: true });
  const browserLog = await fs.open(path.join(RESULTS_DIR, `${suite}-browser.log`), 'w');
  cleanup.add('the browser log', () => browserLog.close());

  const serviceOptions: StartServiceOptions = { control: true };
  const serverEnv: Record<string, string> = {};
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
    serverEnv.GIST_TEST_OS_CA_FILE = ca.caCertPath;
  }
  const service = await startService(serviceOptions);
  cleanup.add('the gist service', () => service.close());
  log(`gist service on ${service.url}`);
  serverEnv.GIST_TEST_SERVICE_URL = service.url;
  if (args.grep !== undefined) {
    serverEnv.GIST_TEST_GREP = args.grep;
  }
  // A second window (another page on the same server), opened when an integration test asks for it.
  const peerHost = args.mode === 'integration' ? await startPeerHost(log) : undefined;
  if (peerHost !== undefined) {
    cleanup.add('the second window', () => peerHost.close());
    serverEnv[PEER_HOST_ENV] = peerHost.url;
  }

  let extensionsDir: string | undefined;
  if (args.vsix !== undefined) {
    extensionsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gist-extensions-'));
    const dir = extensionsDir;
    cleanup.add('the installed package', () => fs.rm(dir, { recursive: true, force: true }));
    await installExtensions(args.vscode, extensionsDir, [path.resolve(args.vsix)], path.join(RESULTS_DIR, `${suite}-server.log`));
    log(`installed ${args.vsix}`);
  }

  // Beside ours, the suites load a test-only extension that provides a language model. With --vsix
  // ours is the installed package, and the model's extension is the one under development (the
  // e2e suite's judge scenario picks that model from the keyboard).
  const development = args.vsix === undefined ? await developmentFolder([REPO_ROOT, LANGUAGE_MODEL_FIXTURE]) : undefined;
  if (development !== undefined) {
    cleanup.add('the development folder', () => development.dispose());
  }
  const developmentPath = development?.path ?? (args.mode === 'e2e' ? LANGUAGE_MODEL_FIXTURE : undefined);

  const browser = await launchChromium();
  cleanup.add('the browser', () => browser.close().catch(() => undefined));
  const context: RunContext = { args, suite, service, browser, serverEnv, extensionsDir, peerHost, developmentPath, browserLog: (line) => void browserLog.write(`${line}\n`) };

  const runs: SuiteRun[] = [];
  for (let run = 1; run <= args.repeat && !stopping; run++) {
    if (args.repeat > 1) {
      log(`run ${run} of ${args.repeat}`);
    }
    const runStarted = Date.now();
    const outcome = args.mode === 'integration' ? await runIntegrationOnce(context, run) : await runE2eOnce(context, run);
    runs.push(outcome);
    const passed = outcome.tests.filter((test) => test.passed).length;
    log(`run ${run}: ${passed} passed, ${outcome.tests.length - passed} failed in ${Math.round((Date.now() - runStarted) / 1000)} s${outcome.error === undefined ? '' : `; ${outcome.error}`}`);
    writeSuiteResults(resultsJson, { suite, runs });
  }
  const results = { suite, runs };
  if (args.repeat > 1) {
    process.stdout.write(`\n${repeatTable(results)}\n\n`);
  }
  const failures = failureLines(results);
  for (const line of failures) {
    log(`✘ ${line}`);
  }
  log(`VS Code ${args.vscode.vscodeVersion}, done in ${Math.round((Date.now() - started) / 1000)} s; logs in ${path.relative(REPO_ROOT, RESULTS_DIR)}/`);
  const passed = runs.reduce((sum, run) => sum + run.tests.filter((test) => test.passed).length, 0);
  const failed = runs.reduce((sum, run) => sum + run.tests.filter((test) => !test.passed).length, 0);
  // The summary line CI looks for.
  log(`${passed} passed, ${failed} failed`);
  return failures.length > 0 || passed === 0 ? 1 : 0;
}

async function runOnce(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  checkBrowser();
  await ensureInstalled(log, args.vscode);
  const cleanup = new Cleanup(log);
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
  const limit = setTimeout(
    () => {
      void (screenshotOnTimeout?.() ?? Promise.resolve('none'))
        .catch(() => 'none')
        .then((file) => stopAndExit(`The ${args.mode} run did not finish within ${(RUN_LIMIT_MS * args.repeat) / 60_000} minutes (screenshot: ${file})`, 1));
    },
    RUN_LIMIT_MS * args.repeat,
  );
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
