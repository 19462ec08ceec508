// The mocha entry that VS Code runs inside the extension host (extensionTestsPath).
// Output goes to the extension host console and to GIST_TEST_RESULTS_FILE for the harness.
import { appendFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { format } from 'node:util';
import * as vscode from 'vscode';
import { type RunningService, startService } from '../../tools/service/index';
import type { GistExtensionApi } from '../../src/api';
import type { IntegrationCounts } from '../harness/integrationSuite';
import { firstLine, type TestOutcome } from '../harness/suiteResults';
import { EXTENSION_ID } from './support';

function testFiles(): string[] {
  return readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .sort()
    .map((file) => path.join(__dirname, file));
}

/**
 * Points the extension at the harness's local service, as a user would in their settings. Run
 * from F5 (.vscode/launch.json) there is no harness, so the suite starts the service itself.
 */
async function configureService(): Promise<{ close(): Promise<void> } | undefined> {
  let own: RunningService | undefined;
  if (process.env.GIST_TEST_SERVICE_URL === undefined) {
    own = await startService({ control: true });
    process.env.GIST_TEST_SERVICE_URL = own.url;
  }
  await vscode.workspace.getConfiguration('gist').update('baseUrl', process.env.GIST_TEST_SERVICE_URL, vscode.ConfigurationTarget.Global);
  return own;
}

/** How many of the lab's webviews were closed or hidden while loading their page, once the extension is active. */
function webviewsDiscardedWhileLoading(): number {
  const api = vscode.extensions.getExtension<GistExtensionApi>(EXTENSION_ID)?.exports;
  return api?.testing?.webviewsLoading().discardedWhileLoading ?? 0;
}

/**
 * Fails the suite, naming the tests, when one of the lab's webviews was closed or hidden while loading its
 * page (in a test, or in the hooks since the test before): on VS Code 1.100's web workbench that
 * holds every webview opened after it for 30 s (src/lab/webviewLoads.ts), which made a later test
 * time out some of the time. Caught here, it fails every time. At the end, so every test still runs.
 */
function webviewCloseCheck(): Mocha.RootHookObject {
  let seen = 0;
  const offenders: string[] = [];
  return {
    afterEach(this: Mocha.Context) {
      const closed = webviewsDiscardedWhileLoading() - seen;
      seen += closed;
      if (closed > 0) offenders.push(`${closed} by the end of "${this.currentTest?.fullTitle() ?? '?'}"`);
    },
    afterAll() {
      if (offenders.length > 0) {
        throw new Error(`webviews of the lab closed or hidden while loading their page (wait for api.testing.webviewsLoading().loading to be 0 first, as closeAllEditors does): ${offenders.join('; ')}`);
      }
    },
  };
}

export async function run(): Promise<void> {
  const resultsFile = process.env.GIST_TEST_RESULTS_FILE;
  const ownService = await configureService();
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 30_000, grep: process.env.GIST_TEST_GREP, rootHooks: webviewCloseCheck() });
  // The reporters print through Base.consoleLog; copy every line to the harness's results file.
  const consoleLog = Mocha.reporters.Base.consoleLog;
  if (resultsFile !== undefined) {
    writeFileSync(resultsFile, '');
    Mocha.reporters.Base.consoleLog = (...args: unknown[]) => {
      appendFileSync(resultsFile, `${format(...args)}\n`);
      consoleLog(...args);
    };
  }
  try {
    for (const file of testFiles()) {
      mocha.addFile(file);
    }
    const tests: TestOutcome[] = [];
    const { failures, passes } = await new Promise<{ failures: number; passes: number }>((resolve) => {
      const runner = mocha.run(() => resolve({ failures: runner.stats?.failures ?? 0, passes: runner.stats?.passes ?? 0 }));
      runner.on('pass', (test) => tests.push({ name: test.fullTitle(), passed: true, ms: test.duration }));
      // A failed hook is reported here too, under the hook's title.
      runner.on('fail', (test, error) => tests.push({ name: test.fullTitle(), passed: false, error: firstLine(error), ms: test.duration }));
    });
    if (resultsFile !== undefined) {
      const counts: IntegrationCounts = { passes, failures, tests };
      writeFileSync(`${resultsFile}.json`, JSON.stringify(counts));
    }
    if (failures > 0 || passes === 0) {
      throw new Error(`${failures} of ${passes + failures} integration tests failed`);
    }
  } finally {
    Mocha.reporters.Base.consoleLog = consoleLog;
    await ownService?.close();
  }
}
