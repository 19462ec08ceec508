// The mocha entry that VS Code runs inside the extension host (extensionTestsPath).
// Output goes to the extension host console and to GIST_TEST_RESULTS_FILE for the harness.
import { appendFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { format } from 'node:util';
import * as vscode from 'vscode';

function testFiles(): string[] {
  return readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .sort()
    .map((file) => path.join(__dirname, file));
}

/** Points the extension at the harness's local service, as a user would in their settings. */
async function configureService(): Promise<void> {
  const url = process.env.GIST_TEST_SERVICE_URL;
  if (url === undefined) {
    throw new Error('GIST_TEST_SERVICE_URL is not set; run the suite through the harness (npm run test:integration).');
  }
  await vscode.workspace.getConfiguration('gist').update('baseUrl', url, vscode.ConfigurationTarget.Global);
}

export async function run(): Promise<void> {
  const resultsFile = process.env.GIST_TEST_RESULTS_FILE;
  await configureService();
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 30_000, grep: process.env.GIST_TEST_GREP });
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
    const { failures, passes } = await new Promise<{ failures: number; passes: number }>((resolve) => {
      const runner = mocha.run(() => resolve({ failures: runner.stats?.failures ?? 0, passes: runner.stats?.passes ?? 0 }));
    });
    if (resultsFile !== undefined) {
      writeFileSync(`${resultsFile}.json`, JSON.stringify({ passes, failures }));
    }
    if (failures > 0 || passes === 0) {
      throw new Error(`${failures} of ${passes + failures} integration tests failed`);
    }
  } finally {
    Mocha.reporters.Base.consoleLog = consoleLog;
  }
}
