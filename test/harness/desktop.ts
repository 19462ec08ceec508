// `npm run test:desktop [-- --grep pattern]`: the same integration suite in desktop VS Code,
// downloaded by @vscode/test-electron (VSCODE_VERSION picks one; default stable). It needs the
// internet and a display (on a headless Linux, run it under xvfb-run).
import { runTests } from '@vscode/test-electron';
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { startService } from '../../tools/service/index';
import { Cleanup } from '../../tools/vscodeServer/cleanup';
import { TESTS_ENTRY, readSuiteResult } from './integrationSuite';
import { FIXTURE_WORKSPACE, LANGUAGE_MODEL_FIXTURE, REPO_ROOT, RESULTS_DIR } from '../../tools/vscodeServer/paths';
import { userSettings } from '../../tools/vscodeServer/settings';

function log(line: string): void {
  process.stdout.write(`[desktop] ${line}\n`);
}

function grepArgument(argv: readonly string[]): string | undefined {
  const index = argv.indexOf('--grep');
  return index === -1 ? process.env.GIST_TEST_GREP : argv[index + 1];
}

async function main(cleanup: Cleanup): Promise<number> {
  const grep = grepArgument(process.argv.slice(2));
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const resultsFile = path.join(RESULTS_DIR, 'desktop-mocha.txt');
  await fs.rm(resultsFile, { force: true });
  await fs.rm(`${resultsFile}.json`, { force: true });

  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'gist-desktop-'));
  cleanup.add('the temporary folders', () => fs.rm(root, { recursive: true, force: true }));
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = path.join(root, 'extensions');
  const workspace = path.join(root, 'workspace');
  await fs.cp(FIXTURE_WORKSPACE, workspace, { recursive: true });

  const service = await startService({ control: true });
  cleanup.add('the gist service', () => service.close());
  log(`gist service on ${service.url}`);
  // Desktop VS Code keeps user settings in <user-data-dir>/User/settings.json.
  await fs.mkdir(path.join(userDataDir, 'User'), { recursive: true });
  await fs.writeFile(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(userSettings('desktop', service.url), null, 2));

  let exitCode: number;
  try {
    exitCode = await runTests({
      version: process.env.VSCODE_VERSION ?? 'stable',
      extensionDevelopmentPath: [REPO_ROOT, LANGUAGE_MODEL_FIXTURE],
      extensionTestsPath: TESTS_ENTRY,
      extensionTestsEnv: { GIST_TEST_SERVICE_URL: service.url, GIST_TEST_RESULTS_FILE: resultsFile, GIST_TEST_GREP: grep },
      launchArgs: [workspace, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
    });
  } catch (error) {
    // runTests rejects when VS Code exits non-zero (a failing test) or cannot be started.
    log(error instanceof Error ? error.message : String(error));
    exitCode = 1;
  }
  const result = await readSuiteResult(resultsFile, exitCode);
  const failed = result.counts?.failures ?? 0;
  const passed = result.counts?.passes ?? 0;
  if (!existsSync(resultsFile)) {
    log('mocha reported nothing; VS Code did not run the suite.');
  }
  log(`${passed} passed, ${failed} failed`);
  return exitCode !== 0 || result.counts === undefined || failed > 0 || passed === 0 ? 1 : 0;
}

async function runOnce(): Promise<number> {
  const cleanup = new Cleanup(log);
  const stopAndExit = (signal: string, code: number): void => {
    log(`${signal}: stopping the service…`);
    void cleanup.run().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => stopAndExit('SIGINT', 130));
  process.once('SIGTERM', () => stopAndExit('SIGTERM', 143));
  try {
    return await main(cleanup);
  } finally {
    await cleanup.run();
  }
}

runOnce().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
