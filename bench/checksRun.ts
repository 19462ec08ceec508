// Checks (issue 27): grading through the pure grader (the one the Test Explorer and gist-check
// share), and gist-check over a test file of tests × 2 variants side by side with a bare undici
// pool making the same calls at the same concurrency, against the local service in a process of
// its own. gist-check runs twice: in this process (runCheckCommand: the engine, grading, output
// lines) and as CI runs it (the bundled dist/cli/gist-check.js, a Node start included); the bare
// pool runs in this process too and, for the bundle's fair match, as a process of its own
// (out/bench/bareCalls.js, also timed from spawn to exit). Medians over rounds that rotate the runs,
// so each sees the same machine; with the CPU each took a call (steadier than calls/s on a shared
// machine) and what a process costs before its calls (Node's start, `--help`, one test).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCheckCommand } from '../src/cli/checkCommand';
import { loadCheckLibraries } from '../src/expectations/checkLibraries';
import { gradeTest } from '../src/expectations/gradeTest';
import { parseTestFile } from '../src/expectations/parseTestFile';
import { REPO_ROOT } from '../tools/vscodeServer/paths';
import { bareRun, serviceProcess } from './labRun';
import { median, round } from './stats';

const KEY = 'gk_demo_ada';
const CONCURRENCY = 8;

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

function cliArgs(serviceUrl: string): string[] {
  return ['checks.gisttest.json', '--base-url', serviceUrl, '--concurrency', String(CONCURRENCY)];
}

/** One timed run: seconds from start to end, and the CPU it took (µs, user + system). */
interface Timed {
  readonly seconds: number;
  readonly cpuMicros: number;
}

async function inProcessCli(folder: string, serviceUrl: string, file = 'checks.gisttest.json'): Promise<Timed> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const code = await runCheckCommand({ argv: [file, ...cliArgs(serviceUrl).slice(1)], env: { GIST_API_KEY: KEY }, cwd: folder, out: () => undefined, err: () => undefined, version: 'bench', signal: new AbortController().signal });
  const used = process.cpuUsage(cpu);
  if (code !== 0) throw new Error(`gist-check in process exited ${code}`);
  return { seconds: (performance.now() - started) / 1000, cpuMicros: used.user + used.system };
}

/**
 * `node <args>` from spawn to exit (0, or it throws with the start of its stderr): its seconds, and
 * its CPU from Node's start to exit, which out/bench/cpuAtExit.js, preloaded, writes down.
 */
async function timedProcess(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Timed> {
  const cpuFile = path.join(cwd, `cpu-${process.pid}.txt`);
  await rm(cpuFile, { force: true });
  const started = performance.now();
  const child = spawn(process.execPath, ['-r', path.join(REPO_ROOT, 'out', 'bench', 'cpuAtExit.js'), ...args], { cwd, env: { ...env, GIST_BENCH_CPU_FILE: cpuFile }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`node ${args.map((arg) => path.basename(arg)).join(' ')} exited ${String(code)}: ${stderr.slice(0, 500)}`);
  return { seconds, cpuMicros: Number(await readFile(cpuFile, 'utf8')) };
}

const BUNDLE = path.join(REPO_ROOT, 'dist', 'cli', 'gist-check.js');

function bundledCli(folder: string, serviceUrl: string, file = 'checks.gisttest.json'): Promise<Timed> {
  return timedProcess([BUNDLE, file, ...cliArgs(serviceUrl).slice(1)], folder, { PATH: process.env.PATH, GIST_API_KEY: KEY });
}

/** The bare pool as a process: a Node start and undici's load included, as the bundle's are. */
function bareProcess(folder: string, serviceUrl: string, rows: number): Promise<Timed> {
  return timedProcess([path.join(REPO_ROOT, 'out', 'bench', 'bareCalls.js'), serviceUrl, String(rows)], folder, { PATH: process.env.PATH });
}

const KINDS = ['bare', 'bareProcess', 'inProcess', 'bundled'] as const;
type Kind = (typeof KINDS)[number];

/**
 * What a process costs before and around its calls: Node alone (`node -e ""`), `gist-check --help`
 * (the bundle read, compiled and run up to its arguments), and one test × 2 variants by the
 * bundle and by the bare pool as a process (start, first connections, the first calls' JIT).
 */
const STARTS = ['node', 'help', 'bundledOneTest', 'bareOneTest'] as const;
type Start = (typeof STARTS)[number];

export interface StartFigures {
  /** Medians, spawn to exit. */
  readonly wallMs: number;
  /** Medians, CPU from Node's start to exit. */
  readonly cpuMs: number;
}

export interface CliFigures {
  readonly tests: number;
  readonly variants: number;
  readonly concurrency: number;
  readonly rounds: number;
  readonly bareCallsPerSecond: number;
  /** The bare pool as a process of its own, timed from spawn to exit. */
  readonly bareProcessCallsPerSecond: number;
  readonly inProcessCallsPerSecond: number;
  readonly bundledCallsPerSecond: number;
  /** Each over bare, medians of each: the budget is ≥ 0.9. */
  readonly inProcessToBareRatio: number;
  readonly bundledToBareRatio: number;
  /** The bundle over the bare pool as a process, both from spawn to exit: the like-for-like ratio for CI. */
  readonly bundledToBareProcessRatio: number;
  /**
   * CPU per call (µs, medians), steadier than calls/s on a shared machine: in process, this
   * process's CPU during the run; as processes, all their CPU from Node's start to exit over the calls.
   */
  readonly cpuMicrosPerCall: Record<Kind, number>;
  readonly starts: Record<Start, StartFigures>;
  readonly samples: Record<Kind, number[]>;
}

export async function cliBench(quick: boolean, log: (line: string) => void): Promise<CliFigures> {
  const rows = quick ? 250 : 1000;
  const rounds = quick ? 3 : 5;
  const calls = rows * 2;
  const folder = await mkdtemp(path.join(os.tmpdir(), 'gist-bench-checks-'));
  const service = await serviceProcess();
  try {
    await writeFile(path.join(folder, 'checks.gisttest.json'), checksFile(rows));
    await writeFile(path.join(folder, 'one.gisttest.json'), checksFile(1));
    // Warm up: connections, the service's JIT, ours.
    await inProcessCli(folder, service.url);
    await bareRun(service.url, rows);
    await bareProcess(folder, service.url, rows);
    const samples: Record<Kind, number[]> = { bare: [], bareProcess: [], inProcess: [], bundled: [] };
    const cpu: Record<Kind, number[]> = { bare: [], bareProcess: [], inProcess: [], bundled: [] };
    const timed: Record<Kind, () => Promise<Timed>> = {
      bare: async () => {
        const run = await bareRun(service.url, rows);
        return { seconds: run.seconds, cpuMicros: run.cpuMicrosPerCall * run.calls };
      },
      bareProcess: () => bareProcess(folder, service.url, rows),
      inProcess: () => inProcessCli(folder, service.url),
      bundled: () => bundledCli(folder, service.url),
    };
    const startSamples: Record<Start, Timed[]> = { node: [], help: [], bundledOneTest: [], bareOneTest: [] };
    const startRuns: Record<Start, () => Promise<Timed>> = {
      node: () => timedProcess(['-e', ''], folder, { PATH: process.env.PATH }),
      help: () => timedProcess([BUNDLE, '--help'], folder, { PATH: process.env.PATH }),
      bundledOneTest: () => bundledCli(folder, service.url, 'one.gisttest.json'),
      bareOneTest: () => bareProcess(folder, service.url, 1),
    };
    for (let turn = 0; turn < rounds; turn++) {
      // Rotate the order so none always runs first on a cooler machine.
      const order = KINDS.map((_, index) => KINDS[(index + turn) % KINDS.length] ?? 'bare');
      for (const kind of order) {
        const { seconds, cpuMicros } = await timed[kind]();
        samples[kind].push(round(calls / seconds, 0));
        cpu[kind].push(round(cpuMicros / calls, 1));
        log(`checks, round ${turn + 1} of ${rounds}: ${kind} ${calls} calls in ${seconds.toFixed(2)} s = ${(calls / seconds).toFixed(0)} calls/s, ${(cpuMicros / calls).toFixed(0)} µs of CPU a call`);
      }
      // Starts are short: several of each a round, rotated too.
      for (let repeat = 0; repeat < 3; repeat++) {
        for (const start of STARTS.map((_, index) => STARTS[(index + turn + repeat) % STARTS.length] ?? 'node')) startSamples[start].push(await startRuns[start]());
      }
    }
    const bare = median(samples.bare);
    const bareAsProcess = median(samples.bareProcess);
    const inProcess = median(samples.inProcess);
    const bundled = median(samples.bundled);
    const cpuMicrosPerCall = Object.fromEntries(KINDS.map((kind) => [kind, round(median(cpu[kind]), 1)])) as Record<Kind, number>;
    const starts = Object.fromEntries(
      STARTS.map((start) => [start, { wallMs: round(median(startSamples[start].map((run) => run.seconds * 1000)), 1), cpuMs: round(median(startSamples[start].map((run) => run.cpuMicros / 1000)), 1) }]),
    ) as Record<Start, StartFigures>;
    log(
      `checks, CPU a call (µs, medians): bare pool ${cpuMicrosPerCall.bare}, gist-check in process ${cpuMicrosPerCall.inProcess}; as processes, Node's start included: bare pool ${cpuMicrosPerCall.bareProcess}, bundled gist-check ${cpuMicrosPerCall.bundled}`,
    );
    log(`checks, starts (ms, medians of wall / CPU): ${STARTS.map((start) => `${start} ${starts[start].wallMs} / ${starts[start].cpuMs}`).join('; ')}`);
    return {
      tests: rows,
      variants: 2,
      concurrency: CONCURRENCY,
      rounds,
      bareCallsPerSecond: bare,
      bareProcessCallsPerSecond: bareAsProcess,
      inProcessCallsPerSecond: inProcess,
      bundledCallsPerSecond: bundled,
      inProcessToBareRatio: round(inProcess / bare),
      bundledToBareRatio: round(bundled / bare),
      bundledToBareProcessRatio: round(bundled / bareAsProcess),
      cpuMicrosPerCall,
      starts,
      samples,
    };
  } finally {
    await service.stop();
    await rm(folder, { recursive: true, force: true });
  }
}
