// gist-check: the checks of *.gisttest.json files run against the gist service from a terminal or
// CI, with the extension's own code (test files, assertions, the engine, the client, results
// files). It keeps the client's rules: https except to this machine, the key only in its header
// (from GIST_API_KEY, never printed: every line written is redacted of it), size caps, time limits,
// HTTPS_PROXY/NO_PROXY. Exit code 0 passed, 1 failed, 2 could not run. Tests with llm-rubric are
// not run (a model is picked in VS Code only): reported as such, they leave the exit code alone
// unless nothing else ran. Pure Node.
import { existsSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { readCatalogFile } from '../catalog/catalogFile';
import type { Catalog } from '../catalog/catalog';
import { validateApiKey, validateHeaderName } from '../client/apiKey';
import { GistClient } from '../client/gistClient';
import { proxyDispatcherFactory } from '../client/proxy';
import { trustOnFirstTls } from '../client/trust';
import type { ConnectionSettings } from '../client/types';
import { validateBaseUrl } from '../client/urls';
import { loadCheckLibraries } from '../expectations/checkLibraries';
import { isResultsFileError } from '../runs/resultsFileError';
import { ResultsWriter } from '../runs/resultsWriter';
import { RESULTS_SUFFIX } from '../runs/resultsFormat';
import { testLabel, variantLabel, variantsToRun } from '../checks/checkNames';
import { runnableTests, runTestFile } from '../checks/checkRun';
import { needsModel } from '../checks/modelGrading';
import { LLM_RUBRIC_NOT_IN_CLI } from '../languageModels/llmRubric';
import { checksHeader } from '../checks/checksHeader';
import { CheckTally, passRate, percent } from '../checks/checkTally';
import { loadTestFile, type LoadedTestFile } from '../checks/testFileLoad';
import { callsBreakdown, fileCalls, runCalls } from '../checks/runCalls';
import { MAX_RUN_CALLS } from '../shared/limits';
import { cellName, cellRecord, plain, skippedCellRecord, type CellRecord } from './cellRecord';
import { parseCheckArgs, USAGE, type CheckArgs } from './cliArgs';
import { consoleLines } from './consoleLines';
import { findTestFiles } from './findTestFiles';
import { annotationsOf, stepSummary, workflowCommand } from './githubActions';
import { junitXml } from './junitReport';

export const EXIT_PASSED = 0;
export const EXIT_FAILED = 1;
export const EXIT_COULD_NOT_RUN = 2;

export interface CommandIo {
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly version: string;
  /** Aborted on Ctrl+C: no call starts after it, those under way end within a second. */
  readonly signal?: AbortSignal;
  /** Replaces the OS trust store's CAs (see `trustOptions`), for tests and the benchmark. */
  readonly systemCas?: () => string[] | undefined;
}

interface FileRun {
  readonly file: string;
  readonly cells: CellRecord[];
  readonly tally: CheckTally;
  readonly startedAt: Date;
  seconds: number;
}

/** Paths as reports show them: relative to the working folder, with `/`. */
function shown(cwd: string, file: string): string {
  const relative = path.relative(cwd, file);
  return (relative.startsWith('..') || path.isAbsolute(relative) ? file : relative).split(path.sep).join('/');
}

/** The catalog of `--root`, none when it has no `.vscode/gists.json` (or an invalid one); a file that cannot be read at all (a link to /dev/zero, too large) is a reason not to run. */
async function readCatalog(root: string): Promise<{ readonly catalog: Catalog | undefined } | { readonly refused: string }> {
  const read = await readCatalogFile(path.join(root, '.vscode', 'gists.json'), '.vscode/gists.json', 'workspace');
  if (read.ok) return { catalog: read.parsed.ok ? read.parsed.catalog : undefined };
  return read.kind === 'missing' ? { catalog: undefined } : { refused: read.reason };
}

function resultsPathFor(args: CheckArgs, loaded: LoadedTestFile, several: boolean, cwd: string): string | undefined {
  if (args.results === undefined) return undefined;
  const target = path.resolve(cwd, args.results);
  if (!several && target.endsWith(RESULTS_SUFFIX)) return target;
  return path.join(target, `${path.basename(loaded.path).replace(/(\.gisttest)?\.json$/i, '')}${RESULTS_SUFFIX}`);
}

export async function runCheckCommand(io: CommandIo): Promise<number> {
  // The key as given is redacted from the first line on (an argument error can quote anything);
  // once checked, the key the calls send is too.
  const secrets: string[] = [(io.env.GIST_API_KEY ?? '').trim()];
  const { out, err } = consoleLines(io, secrets);
  const couldNotRun = (message: string): number => {
    err(`gist-check: ${message}`);
    return EXIT_COULD_NOT_RUN;
  };

  const parsed = parseCheckArgs(io.argv, io.env);
  if (parsed.kind === 'help') {
    out(USAGE);
    return EXIT_PASSED;
  }
  if (parsed.kind === 'version') {
    out(io.version);
    return EXIT_PASSED;
  }
  if (parsed.kind === 'error') {
    err(`gist-check: ${parsed.message}\n\n${USAGE}`);
    return EXIT_COULD_NOT_RUN;
  }
  const args = parsed.args;
  const rawKey = io.env.GIST_API_KEY ?? '';
  const key = validateApiKey(rawKey);
  if (rawKey.trim() === '') return couldNotRun('set the environment variable GIST_API_KEY to your API key (in GitHub Actions, from a repository secret). It is never an option.');
  if (!key.ok) return couldNotRun(`GIST_API_KEY cannot be used: ${key.reason}`);
  if (args.baseUrl === undefined) return couldNotRun('give the service with --base-url https://… (or GIST_BASE_URL).');
  const baseUrl = validateBaseUrl(args.baseUrl);
  if (!baseUrl.ok) return couldNotRun(baseUrl.reason);
  const header = validateHeaderName(args.apiKeyHeader);
  if (!header.ok) return couldNotRun(header.reason);
  if (args.junit !== undefined && args.junit.endsWith('/')) return couldNotRun('--junit names a file, such as checks.xml.');

  const root = path.resolve(io.cwd, args.root ?? '.');
  if (!existsSync(root) || !statSync(root).isDirectory()) return couldNotRun(`--root ${plain(args.root ?? '.', 200)} is not a folder.`);
  const files = await findTestFiles(args.globs, io.cwd);
  if (files.length === 0) return couldNotRun(`no test files found (${args.globs.length === 0 ? '**/*.gisttest.json' : args.globs.map((glob) => plain(glob, 200)).join(' ')}).`);

  await loadCheckLibraries();
  const loaded: LoadedTestFile[] = [];
  let problems = 0;
  const github = io.env.GITHUB_ACTIONS === 'true';
  for (const file of files) {
    const one = await loadTestFile(file, { root });
    loaded.push(one);
    for (const problem of one.problems) {
      problems += 1;
      const where = shown(io.cwd, problem.range.file === 'testsFile' && one.csvPath !== undefined ? one.csvPath : file);
      const { line, character } = problem.range.start;
      err(`${plain(where, 300)}:${line + 1}:${character + 1}: ${plain(problem.message)}`);
      if (github) out(workflowCommand('error', { file: where, line: line + 1, col: character + 1, title: 'gist-check: test file' }, plain(problem.message)));
    }
  }
  if (problems > 0) return couldNotRun(`${problems} problem${problems === 1 ? '' : 's'} in the test files: nothing was run. Fix ${problems === 1 ? 'it' : 'them'} first.`);
  if (args.results !== undefined && loaded.length > 1 && args.results.endsWith(RESULTS_SUFFIX)) {
    return couldNotRun(`--results names one file, but ${loaded.length} test files run: give a folder, and each gets <name>${RESULTS_SUFFIX} there.`);
  }

  const catalogRead = await readCatalog(root);
  if ('refused' in catalogRead) return couldNotRun(`.vscode/gists.json cannot be read: ${plain(catalogRead.refused, 500)}.`);
  const catalog = catalogRead.catalog;
  const variantsOf = (one: LoadedTestFile): ReturnType<typeof variantsToRun> => variantsToRun(one.file.variants, catalog?.gists.find((gist) => gist.id === one.file.gist));
  // Every call of the run counted before the first is sent (llm-rubric tests make none here).
  const planned = loaded.map((one) => fileCalls(plain(shown(io.cwd, one.path), 300), one, variantsOf(one).length, needsModel));
  const calls = runCalls(planned);
  if (calls > args.maxCalls) {
    const raise = calls <= MAX_RUN_CALLS ? `raise the limit with --max-calls ${calls}` : `split it: --max-calls goes up to ${MAX_RUN_CALLS.toLocaleString('en-US')}`;
    return couldNotRun(`this run would make ${calls.toLocaleString('en-US')} calls (${callsBreakdown(planned)}), more than --max-calls allows (${args.maxCalls.toLocaleString('en-US')}): nothing was run. Run fewer tests, variants or samples, or ${raise}.`);
  }

  const connection: ConnectionSettings = { baseUrl: baseUrl.url, apiKeyHeader: header.name, apiKey: key.key, timeoutMs: args.timeoutMs };
  const client = new GistClient({ userAgent: `gist-check/${io.version}`, dispatcherFactory: trustOnFirstTls(proxyDispatcherFactory({}, io.systemCas)), knownKeys: () => secrets });
  const runs: FileRun[] = [];
  // Each cell's record is kept only for a report written at the end (JUnit XML, the step summary):
  // without one, memory does not grow with the run.
  const summaryFile = io.env.GITHUB_STEP_SUMMARY;
  const keepCells = args.junit !== undefined || (github && summaryFile !== undefined && summaryFile !== '');
  const total = new CheckTally();
  /** Requests the service refused (429, 503) over every file, and the pace it allowed last. */
  const limited = { refused: 0, pacedPerSecond: undefined as number | undefined };
  let skippedCells = 0;
  let stopped: string | undefined;
  try {
    for (const one of loaded) {
      if (io.signal?.aborted === true) break;
      const fileName = shown(io.cwd, one.path);
      const csvName = one.csvPath === undefined ? undefined : shown(io.cwd, one.csvPath);
      const variants = variantsOf(one);
      const resultsPath = resultsPathFor(args, one, loaded.length > 1, io.cwd);
      let results: ResultsWriter | undefined;
      if (resultsPath !== undefined) {
        const headerLine = checksHeader(one, { resultsPath, variants, profile: null, host: new URL(baseUrl.url).host, tool: { name: 'gist-check', version: io.version } });
        try {
          await mkdir(path.dirname(resultsPath), { recursive: true });
          results = await ResultsWriter.create(resultsPath, headerLine, { secrets, overwrite: true, replaceWhenClosed: true, lock: { tool: 'gist-check' } });
        } catch (error) {
          // Another run writing it (a VS Code window, another gist-check), or a folder that cannot be written.
          stopped = `${plain(shown(io.cwd, resultsPath), 300)}: ${plain(isResultsFileError(error) ? error.message : `cannot be written (${error instanceof Error ? error.message : String(error)}).`, 500)}`;
          break;
        }
      }
      const run: FileRun = { file: fileName, cells: [], tally: new CheckTally(), startedAt: new Date(), seconds: 0 };
      runs.push(run);
      // llm-rubric needs a model the user picks in VS Code: such tests are not run here (no call is
      // made), each cell reported as not run, never as passed.
      const needModel = new Set(runnableTests(one).filter(needsModel).map((test) => test.index));
      for (const test of runnableTests(one).filter((entry) => needModel.has(entry.index))) {
        for (const variant of variants) {
          for (let sample = 1; sample <= one.file.repeat; sample++) {
            const record = skippedCellRecord({ test, label: testLabel(test, one.file.tests.length), variant, sample }, LLM_RUBRIC_NOT_IN_CLI, { file: fileName, csv: csvName, samples: one.file.repeat, secrets });
            if (keepCells) run.cells.push(record);
            skippedCells += 1;
            out(lineOf(record));
          }
        }
      }
      const outcome = await runTestFile({
        loaded: one,
        variants,
        ...(needModel.size > 0 ? { include: (testIndex: number) => !needModel.has(testIndex) } : {}),
        call: (request, signal) => client.generate(connection, request, signal),
        concurrency: args.concurrency,
        maxRetries: args.maxRetries,
        ...(io.signal !== undefined ? { signal: io.signal } : {}),
        ...(results !== undefined ? { results } : {}),
        onOutcome: (outcome) => {
          const record = cellRecord(outcome, { file: fileName, csv: csvName, samples: one.file.repeat, secrets });
          if (keepCells) run.cells.push(record);
          run.tally.add(outcome);
          total.add(outcome);
          out(lineOf(record));
          if (github) for (const annotation of annotationsOf(record)) out(annotation);
        },
      });
      try {
        await results?.close();
      } catch (error) {
        // The checks ran and are reported below; their results file could not be written.
        stopped = `${plain(shown(io.cwd, resultsPath ?? ''), 300)}: ${plain(error instanceof Error ? error.message : String(error), 500)}`;
        break;
      }
      run.seconds = (Date.now() - run.startedAt.getTime()) / 1000;
      limited.refused += outcome.progress.overloaded;
      limited.pacedPerSecond = outcome.progress.pacedPerSecond ?? limited.pacedPerSecond;
      if (outcome.end === 'cancelled') {
        stopped = 'cancelled';
        break;
      }
      if (outcome.end === 'stopped') {
        const reason = outcome.reason;
        stopped = reason?.kind === 'authentication' || reason?.kind === 'configuration' ? plain(reason.error.message) : `the run stopped (${reason?.kind ?? 'unknown'}).`;
        break;
      }
    }
  } finally {
    await client.dispose();
  }

  if (args.junit !== undefined) {
    const junitPath = path.resolve(io.cwd, args.junit);
    await mkdir(path.dirname(junitPath), { recursive: true });
    await writeFile(junitPath, await junitXml(runs.map((run) => ({ file: run.file, cells: run.cells, seconds: run.seconds, startedAt: run.startedAt })), secrets));
  }
  if (github && summaryFile !== undefined && summaryFile !== '') {
    const byFile = runs.map((run) => ({ file: run.file, cells: run.cells, variants: run.tally.byVariant().map(({ variant, tally }) => ({ variant: variantLabel(variant), tally })) }));
    await writeFile(summaryFile, stepSummary(byFile, total.total, args.passRate, secrets), { flag: 'a' });
  }

  const { passed, failed, errored } = total.total;
  const rate = passRate(total.total);
  out('');
  for (const run of runs) {
    for (const { variant, tally } of run.tally.byVariant()) {
      const variantRate = passRate(tally);
      out(`  ${plain(run.file, 300)} › ${plain(variantLabel(variant), 200)}: ${tally.passed} of ${tally.passed + tally.failed + tally.errored} passed${variantRate === undefined ? '' : ` (${percent(variantRate)})`}`);
    }
  }
  out(`${passed} passed, ${failed} failed, ${errored} could not run${skippedCells > 0 ? `, ${skippedCells} not run (llm-rubric)` : ''}${rate === undefined ? '' : ` · pass rate ${percent(rate)}, required ${percent(args.passRate)}`}`);
  if (skippedCells > 0) out(`Not run: ${LLM_RUBRIC_NOT_IN_CLI}`);
  if (limited.refused > 0) out(serviceLimitLine(limited.refused, limited.pacedPerSecond));
  if (stopped !== undefined) return couldNotRun(stopped === 'cancelled' ? 'cancelled; the checks that finished are reported above.' : `stopped: ${stopped}`);
  if (errored > 0) return couldNotRun(`${errored} call${errored === 1 ? '' : 's'} failed, so ${errored === 1 ? 'its test' : 'their tests'} could not be checked (see above).`);
  // Tests not run (llm-rubric) leave the exit code to the ones that ran; when none ran, nothing was checked.
  if (passed + failed + errored === 0 && skippedCells > 0) return couldNotRun('nothing was checked: every test has llm-rubric, which gist-check does not run (see above).');
  return rate === undefined || rate + 1e-12 >= args.passRate ? EXIT_PASSED : EXIT_FAILED;
}

/** Why a run took longer than its calls: the service refused some (429, 503) and set the pace; none of them used a retry. */
function serviceLimitLine(refused: number, pacedPerSecond: number | undefined): string {
  const pace = pacedPerSecond === undefined ? '' : `, and allowed about ${pacedPerSecond >= 10 ? Math.round(pacedPerSecond) : Math.round(pacedPerSecond * 10) / 10} calls a second`;
  return `The service limited the run: it refused ${refused} request${refused === 1 ? '' : 's'} (429 or 503), each tried again${pace}.`;
}

/** "✓ welcome.gisttest.json:4 names the product › formal (184 ms)". */
function lineOf(record: CellRecord): string {
  const where = `${plain(record.at.file, 300)}:${record.at.line}`;
  const timing = `${Math.round(record.latencyMs)} ms${record.callId !== undefined ? `, call ${plain(record.callId, 100)}` : ''}`;
  if (record.verdict === 'skipped') return `- ${where} ${cellName(record)}: not run (llm-rubric is graded in VS Code only)`;
  if (record.verdict === 'passed') return `✓ ${where} ${cellName(record)} (${timing})`;
  if (record.verdict === 'errored') return `! ${where} ${cellName(record)}: could not run (${record.error?.kind ?? 'error'}${record.error?.status !== undefined ? ` ${record.error.status}` : ''}): ${record.error?.message ?? ''} (${timing})`;
  const details = record.failures.map((failure) => `\n    ${plain(failure.file, 300)}:${failure.line} ${failure.type}: ${failure.reason}`).join('');
  return `✗ ${where} ${cellName(record)} (${timing})${details}${record.failures.length === 0 || /^Aggregate score/.test(record.reason ?? '') ? `\n    ${record.reason ?? ''}` : ''}`;
}
