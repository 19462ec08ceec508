// Every suite's outcome per test, in one shape: written as <results>/<suite>-results.json by the
// harness (and the unit tests' reporter), read back by `npm test` for the summary of what failed,
// and printed as a table of test × run for `--repeat`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface TestOutcome {
  /** The scenario's name, or the test's full title. */
  readonly name: string;
  readonly passed: boolean;
  /** The first line of the failure. */
  readonly error?: string | undefined;
  readonly screenshot?: string | undefined;
  readonly ms?: number | undefined;
}

export interface SuiteRun {
  readonly tests: readonly TestOutcome[];
  /** A failure of the run itself (VS Code did not start, mocha reported nothing…), not of a test. */
  readonly error?: string | undefined;
  readonly screenshot?: string | undefined;
}

export interface SuiteResults {
  /** e.g. `integration`, `e2e-vsix`, `compat-e2e`. */
  readonly suite: string;
  readonly runs: readonly SuiteRun[];
}

/** The first line of an error, without the stack. */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return (text.split('\n').find((line) => line.trim() !== '') ?? text).trim().slice(0, 300);
}

export function writeSuiteResults(file: string, results: SuiteResults): void {
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

export function readSuiteResults(file: string): SuiteResults | undefined {
  if (!existsSync(file)) {
    return undefined;
  }
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SuiteResults;
  } catch {
    return undefined;
  }
}

/** Every failure of every run, one line each, as `npm test` and `--repeat` print them. */
export function failureLines(results: SuiteResults): string[] {
  const lines: string[] = [];
  results.runs.forEach((run, index) => {
    const which = results.runs.length > 1 ? ` (run ${index + 1})` : '';
    if (run.error !== undefined) {
      lines.push(`${results.suite}${which} · the run itself · ${run.error}${run.screenshot === undefined ? '' : ` · screenshot ${run.screenshot}`}`);
    }
    for (const test of run.tests.filter((outcome) => !outcome.passed)) {
      lines.push(`${results.suite}${which} · ${test.name} · ${test.error ?? 'failed'}${test.screenshot === undefined ? '' : ` · screenshot ${test.screenshot}`}`);
    }
  });
  return lines;
}

/**
 * The table of `--repeat`: one row per test with ✔/✘ per run, then the first failure of each row
 * that failed. With many tests (the integration suite) only the rows with a failure are listed.
 */
export function repeatTable(results: SuiteResults): string {
  const names: string[] = [];
  for (const run of results.runs) {
    for (const test of run.tests) {
      if (!names.includes(test.name)) names.push(test.name);
    }
  }
  const cell = (run: SuiteRun, name: string): string => {
    const test = run.tests.find((outcome) => outcome.name === name);
    return test === undefined ? '·' : test.passed ? '✔' : '✘';
  };
  const failing = names.filter((name) => results.runs.some((run) => run.tests.some((test) => test.name === name && !test.passed)));
  const shown = names.length <= 30 ? names : failing;
  const width = Math.min(90, Math.max(10, ...shown.map((name) => name.length)));
  const header = `${'test'.padEnd(width)}  ${results.runs.map((_, index) => String(index + 1).padStart(2)).join(' ')}  passed`;
  const rows = shown.map((name) => {
    const passes = results.runs.filter((run) => run.tests.some((test) => test.name === name && test.passed)).length;
    return `${name.slice(0, width).padEnd(width)}  ${results.runs.map((run) => cell(run, name).padStart(2)).join(' ')}  ${passes}/${results.runs.length}`;
  });
  const runErrors = results.runs.map((run, index) => (run.error === undefined ? undefined : `run ${index + 1} itself failed: ${run.error}`)).filter((line) => line !== undefined);
  const firstFailures = failing.map((name) => {
    const runIndex = results.runs.findIndex((run) => run.tests.some((test) => test.name === name && !test.passed));
    const test = results.runs[runIndex]?.tests.find((outcome) => outcome.name === name && !outcome.passed);
    return `✘ ${name} — first in run ${runIndex + 1}: ${test?.error ?? 'failed'}${test?.screenshot === undefined ? '' : ` (screenshot ${test.screenshot})`}`;
  });
  const omitted = names.length - shown.length;
  return [
    `${results.suite}: ${results.runs.length} run(s)`,
    header,
    ...rows,
    ...(omitted > 0 ? [`… and ${omitted} more test(s) that passed in every run`] : []),
    ...runErrors,
    ...firstFailures,
  ].join('\n');
}
