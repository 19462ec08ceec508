// Runs the mocha suite inside the extension host (test/integration/index.ts) and collects
// its output and counts from the files it writes.
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../tools/vscodeServer/paths';
import type { TestOutcome } from './suiteResults';

export const TESTS_ENTRY = path.join(REPO_ROOT, 'out', 'test', 'integration', 'index.js');

export interface SuiteResult {
  /** Mocha's counts; undefined when mocha did not get to report (it crashed or never started). */
  readonly counts: { passes: number; failures: number } | undefined;
  /** The code VS Code passed to codeAutomationExit. */
  readonly exitCode: number;
  /** Mocha's spec report as the extension host wrote it. */
  readonly report: string;
  /** Every test that ran, passed or failed (test/integration/index.ts writes them). */
  readonly tests: readonly TestOutcome[];
}

/** What test/integration/index.ts writes to `<results file>.json` when mocha is done. */
export interface IntegrationCounts {
  readonly passes: number;
  readonly failures: number;
  readonly tests: readonly TestOutcome[];
}

/** Must be called before the workbench page loads, so the page finds the function. */
export async function awaitAutomationExit(page: Page): Promise<() => Promise<number>> {
  let exit: (code: number) => void = () => undefined;
  const exited = new Promise<number>((resolve) => (exit = resolve));
  await page.exposeFunction('codeAutomationExit', (code: number) => exit(code));
  return () => exited;
}

export async function readSuiteResult(resultsFile: string, exitCode: number): Promise<SuiteResult> {
  const report = existsSync(resultsFile) ? await fs.readFile(resultsFile, 'utf8') : '';
  const countsFile = `${resultsFile}.json`;
  const written = existsSync(countsFile) ? (JSON.parse(await fs.readFile(countsFile, 'utf8')) as IntegrationCounts) : undefined;
  const counts = written === undefined ? undefined : { passes: written.passes, failures: written.failures };
  return { counts, exitCode, report, tests: written?.tests ?? [] };
}
