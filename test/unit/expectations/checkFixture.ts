// Builds test files from plain values and grades outputs with them, for the checks' unit tests.
import { strict as assert } from 'node:assert';
import { type Check, type GistTest } from '../../../src/expectations/checkModel';
import { gradeTest, type TestGrade } from '../../../src/expectations/gradeTest';
import { parseTestFile } from '../../../src/expectations/parseTestFile';
import { type GistTestFile } from '../../../src/expectations/testFile';

export function parseText(text: string): GistTestFile {
  return parseTestFile({ bytes: new TextEncoder().encode(text) });
}

/** A file with one test holding `checks` (and `extra` test fields); the test must be runnable. */
export function oneTest(checks: readonly unknown[], extra: Record<string, unknown> = {}): GistTest {
  const file = parseText(JSON.stringify({ gist: 'g', tests: [{ assert: checks, ...extra }] }, null, 2));
  assert.deepEqual(file.problems, []);
  const [entry] = file.tests;
  assert.ok(entry?.ok === true);
  return entry;
}

export function checks(list: readonly unknown[], vars: Record<string, string> = {}): readonly Check[] {
  return oneTest(list, { vars }).assert;
}

/** Grades `output` against the checks of a one-test file. */
export function grade(list: readonly unknown[], output: string, options: { threshold?: number; latencyMs?: number; vars?: Record<string, string> } = {}): TestGrade {
  const test = oneTest(list, { ...(options.vars !== undefined ? { vars: options.vars } : {}), ...(options.threshold !== undefined ? { threshold: options.threshold } : {}) });
  return gradeTest(test.assert, test.threshold, { output, latencyMs: options.latencyMs ?? 100 });
}

/** Pass or fail of a single assertion on `output`. */
export function passes(assertion: Record<string, unknown>, output: string, latencyMs = 100): boolean {
  return grade([assertion], output, { latencyMs }).pass;
}

/** The problems of a one-test file with `checks`, as "line: message". */
export function problemsOf(list: readonly unknown[]): string[] {
  const file = parseText(JSON.stringify({ gist: 'g', tests: [{ assert: list }] }, null, 2));
  return file.problems.map((problem) => `${problem.range.start.line + 1}: ${problem.message}`);
}
