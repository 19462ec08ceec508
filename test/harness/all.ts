// `npm test`: every suite in turn, each run to the end even when an earlier one failed, so one red
// suite does not hide the state of the others. Ends with where the time went (a line per step with
// its seconds) and one line per failed test (suite, name, first line of the error, screenshot), so
// the cause is in the last lines of a CI log. The exit code is 0 only when every step passed.
//
// `npm test -- --only e2e,compat-e2e` runs some steps (by name); `--list` prints them.
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT, RESULTS_DIR } from '../../tools/vscodeServer/paths';
import { failureLines, readSuiteResults } from './suiteResults';

interface Step {
  readonly name: string;
  /** Shell commands run in turn; the step stops at the first that fails. */
  readonly commands: readonly string[];
  /** The result files this step's harness runs write (suiteResults.ts), for the failure summary. */
  readonly results?: readonly string[];
  /** For steps without result files: the output lines that say what failed. */
  readonly failurePattern?: RegExp;
}

const harness = (args: string): string => `node out/test/harness/run.js ${args}`;

const STEPS: readonly Step[] = [
  { name: 'build', commands: ['npm run build --silent', 'npm run compile-tests --silent'], failurePattern: /error/i },
  { name: 'typecheck', commands: ['npm run typecheck --silent'], failurePattern: /error TS\d+/ },
  { name: 'lint', commands: ['npx eslint .'], failurePattern: /^\s+\d+:\d+\s+error\s/ },
  { name: 'unit', commands: ['npx mocha'], results: ['unit'] },
  { name: 'install-vscode', commands: ['node out/tools/vscodeServer/installCli.js current'], failurePattern: /^\[install\]/ },
  { name: 'integration', commands: [harness('integration')], results: ['integration'] },
  { name: 'integration-untrusted', commands: [harness('integration --untrusted')], results: ['integration-untrusted'] },
  { name: 'integration-os-ca', commands: [harness('integration --os-ca')], results: ['integration-os-ca'] },
  { name: 'e2e', commands: [harness('e2e')], results: ['e2e'] },
  {
    name: 'e2e-vsix',
    commands: ['npm run package --silent', 'node out/test/harness/checkPackage.js gist-generate.vsix', harness('e2e --vsix gist-generate.vsix'), 'node out/test/harness/startCheck.js'],
    results: ['e2e-vsix'],
    failurePattern: /^\[(package|start-check)\].*(larger|fail|not|did)/i,
  },
  { name: 'install-vscode-oldest', commands: ['node out/tools/vscodeServer/installCli.js oldest'], failurePattern: /^\[install\]/ },
  { name: 'compat-integration', commands: [harness('integration --vscode oldest')], results: ['compat-integration'] },
  { name: 'compat-e2e', commands: [harness('e2e --vscode oldest')], results: ['compat-e2e'] },
  { name: 'bench-smoke', commands: ['node out/bench/run.js --quick'], failurePattern: /(error|fail|budget)/i },
];

interface StepResult {
  readonly name: string;
  readonly seconds: number;
  readonly ok: boolean;
  readonly failures: readonly string[];
}

/** Runs `command` with its output shown as it comes, and returns its exit code and output. */
function run(command: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: REPO_ROOT, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      process.stderr.write(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

async function runStep(step: Step, elapsed: () => number): Promise<StepResult> {
  const started = Date.now();
  process.stdout.write(`\n==> [${elapsed()} s] ${step.name}\n`);
  let failed: { command: string; output: string } | undefined;
  for (const command of step.commands) {
    const { code, output } = await run(command);
    if (code !== 0) {
      failed = { command, output };
      break;
    }
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (failed === undefined) {
    return { name: step.name, seconds, ok: true, failures: [] };
  }
  const fromResults = (step.results ?? []).flatMap((suite) => {
    const results = readSuiteResults(path.join(RESULTS_DIR, `${suite}-results.json`));
    return results === undefined ? [] : failureLines(results);
  });
  const fromOutput = step.failurePattern === undefined ? [] : failed.output.split('\n').filter((line) => step.failurePattern!.test(line)).slice(0, 10).map((line) => `${step.name} · ${line.trim()}`);
  const lastLine = failed.output.trim().split('\n').at(-1)?.trim() ?? '';
  const failures = fromResults.length > 0 ? fromResults : fromOutput.length > 0 ? fromOutput : [`${step.name} · \`${failed.command}\` failed: ${lastLine.slice(0, 300)}`];
  return { name: step.name, seconds, ok: false, failures };
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--list')) {
    process.stdout.write(`${STEPS.map((step) => step.name).join('\n')}\n`);
    return 0;
  }
  const onlyIndex = argv.indexOf('--only');
  const only = onlyIndex === -1 ? undefined : (argv[onlyIndex + 1] ?? '').split(',');
  const unknown = only?.filter((name) => !STEPS.some((step) => step.name === name)) ?? [];
  if (unknown.length > 0) {
    process.stderr.write(`No step named ${unknown.join(', ')}; the steps are: ${STEPS.map((step) => step.name).join(', ')}\n`);
    return 2;
  }
  const started = Date.now();
  const elapsed = (): number => Math.round((Date.now() - started) / 1000);
  const results: StepResult[] = [];
  for (const step of STEPS.filter((candidate) => only === undefined || only.includes(candidate.name))) {
    results.push(await runStep(step, elapsed));
  }
  const width = Math.max(...results.map((result) => result.name.length));
  const lines = [
    '',
    `==> npm test: where the time went (${elapsed()} s in all)`,
    ...results.map((result) => `  ${result.name.padEnd(width)}  ${String(result.seconds).padStart(4)} s  ${result.ok ? 'ok' : 'FAILED'}`),
  ];
  const failures = results.flatMap((result) => result.failures);
  if (failures.length > 0) {
    lines.push(`==> what failed (${failures.length})`, ...failures.map((line) => `  ✘ ${line}`));
  } else {
    lines.push('==> every step passed');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return results.every((result) => result.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`npm test failed to run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
