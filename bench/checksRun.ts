// Checks (issue 27): grading through the pure grader (the one the Test Explorer and gist-check
// share), and the test files the other benches run (gist-check against a realistic service in
// capacity.ts; discovery and a Test Explorer run inside VS Code in host/checksHost.ts).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { loadCheckLibraries } from '../src/expectations/checkLibraries';
import { gradeTest } from '../src/expectations/gradeTest';
import { parseTestFile } from '../src/expectations/parseTestFile';
import { median, round } from './stats';


/** The deterministic types users reach for first, each once per test, with a defaultTest. */
function gradingFile(tests: number): string {
  const assert = [
    { type: 'contains', value: 'Loom' },
    { type: 'not-icontains', value: 'as an ai' },
    { type: 'icontains-any', value: ['welcome', 'hello', 'dear'] },
    { type: 'regex', value: '^(Dear|Hi|Hello)\\b' },
    { type: 'is-json', value: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } } } },
    { type: 'contains-json' },
    { type: 'starts-with', value: 'Dear' },
    { type: 'levenshtein', value: 'Dear Ada, welcome to Loom.', threshold: 10 },
    { type: 'word-count', value: { min: 3, max: 200 } },
    { type: 'assert-set', threshold: 0.5, assert: [{ type: 'icontains', value: 'thanks' }, { type: 'regex', value: '\\d{3,}' }] },
  ];
  return JSON.stringify({
    gist: 'welcome-email',
    defaultTest: { assert: [{ type: 'not-icontains', value: 'undefined' }] },
    tests: Array.from({ length: tests }, (_, index) => ({ description: `test ${index + 1}`, vars: { name: `Person ${index + 1}` }, assert })),
  });
}

/** Outputs that pass some checks and fail others: JSON, prose, a long one. */
const OUTPUTS = [
  '{"name": "Ada", "age": 36}',
  'Dear Ada, welcome to Loom. Thanks for joining: your number is 12345.',
  `Hello Grace! ${'Loom is a tool for weaving gists together. '.repeat(40)}`,
  'Hi there, here is the record: {"name": "Grace", "age": -1} as an AI I cannot say more.',
];

export interface GradingFigures {
  readonly tests: number;
  readonly assertionsPerTest: number;
  readonly parseMs: number;
  readonly grades: number;
  readonly gradeMicros: number;
  readonly assertionMicros: number;
}

/** Parses the file, then grades every test against every output, `rounds` times: medians. */
export async function gradingBench(tests: number, rounds: number): Promise<GradingFigures> {
  await loadCheckLibraries();
  const bytes = new TextEncoder().encode(gradingFile(tests));
  const parseSamples: number[] = [];
  const gradeSamples: number[] = [];
  let assertions = 0;
  for (let round_ = 0; round_ < rounds + 1; round_++) {
    const parseStarted = performance.now();
    const file = parseTestFile({ bytes });
    const parseMs = performance.now() - parseStarted;
    if (file.problems.length > 0 || file.tests.length !== tests) throw new Error(`the grading file has problems: ${file.problems.map((problem) => problem.message).join('; ')}`);
    const runnable = file.tests.flatMap((test) => (test.ok ? [test] : []));
    assertions = runnable[0]?.assert.length ?? 0;
    let passed = 0;
    const started = performance.now();
    for (const test of runnable) {
      for (const output of OUTPUTS) {
        if (gradeTest(test.assert, test.threshold, { output, latencyMs: 120 }).pass) passed++;
      }
    }
    const gradeMicros = ((performance.now() - started) * 1000) / (runnable.length * OUTPUTS.length);
    if (passed === runnable.length * OUTPUTS.length) throw new Error('every grade passed: the outputs do not exercise failures');
    // The first round warms the JIT up and is not counted.
    if (round_ > 0) {
      parseSamples.push(parseMs);
      gradeSamples.push(gradeMicros);
    }
  }
  const gradeMicros = median(gradeSamples);
  return { tests, assertionsPerTest: assertions, parseMs: round(median(parseSamples), 1), grades: tests * OUTPUTS.length, gradeMicros: round(gradeMicros, 1), assertionMicros: round(gradeMicros / Math.max(1, assertions), 2) };
}

/** The test file gist-check runs: the same calls as bareRun (name and product of each row), three cheap checks each. */
export function checksFile(rows: number): string {
  return JSON.stringify({
    gist: 'welcome-email',
    variants: ['formal', 'friendly'],
    tests: Array.from({ length: rows }, (_, index) => ({
      vars: { name: `Person ${index + 1}`, product: `Product ${index + 1}, the ${(index + 1) % 7 === 0 ? 'big' : 'small'} one` },
      assert: [{ type: 'icontains', value: `person ${index + 1}` }, { type: 'not-icontains', value: 'undefined' }, { type: 'regex', value: '\\w+' }],
    })),
  });
}

/** Where `npm run bench -- --only checksHost` writes the test files VS Code discovers, in the workspace before it starts. */
export const DISCOVERY_FOLDER = 'bench-checks-discovery';
export const DISCOVERY_FILES = 200;

/** One of the discovered files: 10 tests of 2 variants, a few assertions each, as a user writes them. */
export function discoveryFile(index: number): string {
  return JSON.stringify(
    {
      gist: 'welcome-email',
      variants: ['formal', 'friendly'],
      defaultTest: { assert: [{ type: 'not-icontains', value: 'as an ai' }] },
      tests: Array.from({ length: 10 }, (_, test) => ({
        description: `file ${index + 1}, test ${test + 1}`,
        vars: { name: `Person ${test + 1}`, product: `Product ${index + 1}` },
        assert: [{ type: 'icontains', value: `person ${test + 1}` }, { type: 'word-count', value: { min: 3, max: 400 } }, { type: 'regex', value: '^(Dear|Hi|Hello)\\b' }],
      })),
    },
    undefined,
    2,
  );
}

/** Writes the discovered files into `workspace`; the returned function removes them. */
export async function checksDiscoveryFiles(workspace: string): Promise<() => Promise<void>> {
  const folder = path.join(workspace, DISCOVERY_FOLDER);
  const remove = (): Promise<void> => rm(folder, { recursive: true, force: true });
  await remove();
  await mkdir(folder, { recursive: true });
  // Some in subfolders, as a repository keeps them.
  for (let index = 0; index < DISCOVERY_FILES; index++) {
    const sub = path.join(folder, `area-${index % 8}`);
    await mkdir(sub, { recursive: true });
    await writeFile(path.join(sub, `case-${index + 1}.gisttest.json`), discoveryFile(index));
  }
  return remove;
}
