// One run of checks in the Test Explorer: the cells the user picked (a file, a test, a variant, a
// sample), grouped by file and run through the lab's engine, each reported as it finishes. A failed
// assertion is a failed test with one message per failed assertion at its line (a diff for
// `equals`); a call that failed is an error with its kind, never a failed assertion; the call id and
// latency go to the test output. The calls are in the call log, not in the "Gist Calls" history.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GistClient } from '../client/gistClient';
import type { ConnectionSettings } from '../client/types';
import type { SourceRange } from '../expectations/checkModel';
import { failedAssertions } from '../expectations/gradeTest';
import type { CheckResult } from '../expectations/runAssertion';
import { formatCallLine } from '../generation/callLogLine';
import { isResultsFileError } from '../runs/resultsFileError';
import { ResultsWriter } from '../runs/resultsWriter';
import type { Logger } from '../shared/logger';
import { plainText, visibleLine } from '../shared/inertText';
import { oneLine } from '../shared/oneLine';
import { variantLabel } from './checkNames';
import { countCells, runTestFile, type CheckOutcome } from './checkRun';
import { checksHeader, resultsPathForTestFile } from './checksHeader';
import { BatchedTestRun } from './batchedTestRun';
import { itemData, leavesOf, rangeOf, uriOf } from './checkTree';
import { gradeWithModel, needsModel } from './modelGrading';
import type { RubricConsentQuestion, RubricModel } from './rubricModel';
import type { LoadedTestFile } from './testFileLoad';
import { outputFileName } from './testExplorerText';
import { callsOf, fileCalls } from './runCalls';
import { CHECK_RUN_ASK_CALLS, MAX_CHECK_RUN_CALLS } from '../shared/limits';
import { modelGradedAssertions } from '../expectations/gradeTest';

/** A Test Explorer message is one line of at most this many characters. */
const MAX_TEST_MESSAGE_CHARS = 2_000;
/**
 * A cell's duration goes to VS Code only in a file of at most this many tests. The workbench sums a
 * parent's duration over all its children again at every result (getComputedDuration), so a file
 * of 1,000 tests × 2 variants kept its renderer busy for seconds (2,000 results × 1,000 children);
 * without a duration nothing is summed. Each cell's latency stays in its output line.
 */
const MAX_TESTS_WITH_DURATIONS = 250;

type ReadFile = { readonly loaded: LoadedTestFile; readonly variants: ReadonlyArray<string | null> };

/** Why a test with llm-rubric was not run: no model to grade it. */
const NO_MODEL = (): string =>
  vscode.l10n.t('Not graded: no model chosen. llm-rubric needs a language model you pick (and agree to send the outputs to) when the run starts; run the test again to pick one.');

/** What a run reported for one item, for the integration tests (VS Code offers extensions no way to read results back). */
export interface CheckReport {
  readonly item: string;
  readonly state: 'passed' | 'failed' | 'errored' | 'skipped';
  readonly messages: ReadonlyArray<{ readonly message: string; readonly uri?: string; readonly line?: number; readonly expected?: string; readonly actual?: string }>;
  readonly output?: string;
  /** The duration VS Code was given for the cell, in ms (none in a file past MAX_TESTS_WITH_DURATIONS tests). */
  readonly duration?: number;
}

/** What the user is told once per run. */
export type CheckNotice = 'restricted' | 'signedOut' | 'authentication' | 'notSaved' | 'tooManyCalls';

/** A run's calls, for the question asked before a large one. */
export interface CallsQuestion {
  readonly calls: number;
  /** The test files (names, not paths). */
  readonly files: readonly string[];
  readonly concurrency: number;
}

export interface CheckRunDeps {
  readonly controller: vscode.TestController;
  readonly client: GistClient;
  readonly logger: Logger;
  readonly version: string;
  /** The test file read fresh (from its editor when it is open). */
  load(uri: vscode.Uri): Promise<{ readonly loaded: LoadedTestFile; readonly variants: ReadonlyArray<string | null> } | undefined>;
  /** The window's connection, running the key flow when there is none; undefined when the user gave up. */
  ensureSignedIn(): Promise<ConnectionSettings | undefined>;
  settings(): { readonly concurrency: number; readonly maxRetries: number };
  destination(): { readonly profile: string; readonly host: string };
  report(report: CheckReport): void;
  /** The model that grades this run's llm-rubric assertions, after the user picked it and agreed; undefined when they did not. */
  chooseRubricModel(counts: Omit<RubricConsentQuestion, 'model'>): Promise<RubricModel | undefined>;
  /** Whether the user agrees to a run of more than CHECK_RUN_ASK_CALLS calls (a modal through notify.ts). */
  confirmCalls(question: CallsQuestion): Promise<boolean>;
  /** Tells the user once per run (through notify.ts). */
  notice(kind: CheckNotice, detail?: string): void;
  openResults(file: vscode.Uri): void;
}

/** "sample 2 of formal of 'names the product'" → the item a finished cell is reported on. */
function cellKey(test: number, variant: number, sample: number): string {
  return `${test}/${variant}/${sample}`;
}

export class CheckTestRun {
  private readonly run: BatchedTestRun;

  constructor(
    private readonly deps: CheckRunDeps,
    private readonly request: vscode.TestRunRequest,
    private readonly token: vscode.CancellationToken,
    private readonly save: boolean,
  ) {
    this.run = new BatchedTestRun(deps.controller.createTestRun(request));
  }

  /** The items the user picked (every file when none), excluded ones left out. */
  private roots(): vscode.TestItem[] {
    const excluded = new Set(this.request.exclude ?? []);
    const roots: vscode.TestItem[] = [];
    if (this.request.include === undefined) this.deps.controller.items.forEach((item) => roots.push(item));
    else roots.push(...this.request.include);
    return roots.filter((root) => !excluded.has(root));
  }

  private leaves(): vscode.TestItem[] {
    const excluded = new Set(this.request.exclude ?? []);
    const leaves = new Set<vscode.TestItem>();
    for (const root of this.roots()) for (const leaf of leavesOf(root, excluded)) leaves.add(leaf);
    return [...leaves];
  }

  /**
   * The calls under one picked item, counted from its test file (runnable tests × variants ×
   * samples), without making its cells: a file of 10,000 tests × 32 variants × 100 samples would be
   * 32 million items before the question.
   */
  private callsOfItem(item: vscode.TestItem, reads: ReadonlyMap<string, ReadFile | undefined>): number {
    const data = itemData.get(item);
    const read = data === undefined ? undefined : reads.get(data.uri.toString());
    if (data === undefined || read === undefined || !read.loaded.file.runnable) return 0;
    const { loaded, variants } = read;
    if (data.kind === 'file') return callsOf(fileCalls('', loaded, variants.length));
    const test = loaded.tests[data.test];
    if (test === undefined || !test.ok) return 0;
    if (data.kind === 'test') return variants.length * loaded.file.repeat;
    return data.sample === undefined ? loaded.file.repeat : 1;
  }

  /**
   * Whether the run may make its calls: refused past MAX_CHECK_RUN_CALLS (each picked item says
   * why), asked past CHECK_RUN_ASK_CALLS (Cancel skips them all), as Run over Data states its calls.
   */
  private async callsAgreed(roots: readonly vscode.TestItem[], reads: ReadonlyMap<string, ReadFile | undefined>): Promise<boolean> {
    // An excluded item counts off once, and only inside a picked one (VS Code may exclude hidden items anywhere).
    const picked = new Set(roots);
    const allExcluded = new Set(this.request.exclude ?? []);
    const inside = (item: vscode.TestItem): boolean => {
      for (let parent = item.parent; parent !== undefined; parent = parent.parent) {
        if (allExcluded.has(parent)) return false;
        if (picked.has(parent)) return true;
      }
      return false;
    };
    const excluded = [...allExcluded].filter(inside);
    const calls = Math.max(0, roots.reduce((sum, root) => sum + this.callsOfItem(root, reads), 0) - excluded.reduce((sum, item) => sum + this.callsOfItem(item, reads), 0));
    if (calls <= CHECK_RUN_ASK_CALLS) return true;
    if (calls > MAX_CHECK_RUN_CALLS) {
      const why = vscode.l10n.t(
        'Not run: this run would make {0} calls, and a Test Explorer run makes at most {1}. Pick fewer tests, variants or samples, or run the file with gist-check --max-calls, or its data with Run over Data.',
        calls.toLocaleString(),
        MAX_CHECK_RUN_CALLS.toLocaleString(),
      );
      for (const root of roots) this.record(root, 'errored', [new vscode.TestMessage(why)]);
      this.deps.notice('tooManyCalls', calls.toLocaleString());
      return false;
    }
    const files = [...reads.keys()].filter((key) => reads.get(key)?.loaded.file.runnable === true).map((key) => path.basename(vscode.Uri.parse(key).fsPath));
    const { concurrency } = this.deps.settings();
    if (this.token.isCancellationRequested || !(await this.deps.confirmCalls({ calls, files, concurrency }))) {
      for (const root of roots) this.record(root, 'skipped');
      return false;
    }
    return true;
  }

  private record(item: vscode.TestItem, state: CheckReport['state'], messages: vscode.TestMessage[] = [], duration?: number, output?: string): void {
    // Every message is shown as the text it is: a service's error, a model's answer and a test
    // file's values hold outside text, so invisible and reordering characters are made visible here,
    // for every message at once (the diff's expected and actual stay whole for the diff editor).
    for (const message of messages) {
      if (typeof message.message === 'string') message.message = visibleLine(message.message, MAX_TEST_MESSAGE_CHARS);
    }
    if (state === 'passed') this.run.passed(item, duration);
    else if (state === 'failed') this.run.failed(item, messages, duration);
    else if (state === 'errored') this.run.errored(item, messages, duration);
    else this.run.skipped(item);
    this.deps.report({
      item: item.id,
      state,
      messages: messages.map((message) => ({
        message: typeof message.message === 'string' ? message.message : message.message.value,
        ...(message.location !== undefined ? { uri: message.location.uri.toString(), line: message.location.range.start.line + 1 } : {}),
        ...(message.expectedOutput !== undefined ? { expected: message.expectedOutput, actual: message.actualOutput ?? '' } : {}),
      })),
      ...(output !== undefined ? { output } : {}),
      ...(duration !== undefined ? { duration } : {}),
    });
  }

  async execute(): Promise<void> {
    try {
      await this.executeInRun();
    } finally {
      this.run.end();
    }
  }

  private async executeInRun(): Promise<void> {
    // Each state is a message to the workbench (a run of 2,000 cells sent 10,000): a leaf is marked
    // started when its call goes out (if its result is slower than a batch), and enqueued only when it waits behind another file.
    if (!vscode.workspace.isTrusted) {
      const why = vscode.l10n.t('Checks do not run in Restricted Mode: they would send the values of a test file from a folder you have not trusted to your service, with your key. Trust the folder to run them.');
      for (const leaf of this.leaves()) this.record(leaf, 'errored', [new vscode.TestMessage(why)]);
      this.deps.notice('restricted');
      return;
    }
    // Read every file first: the run's calls are counted (and asked about) before any cell is made,
    // and the model for llm-rubric is asked for once, with the whole run's counts.
    const reads = new Map<string, ReadFile | undefined>();
    const roots = this.roots();
    for (const root of roots) {
      const key = itemData.get(root)?.uri.toString();
      if (key !== undefined && !reads.has(key)) reads.set(key, await this.deps.load(vscode.Uri.parse(key)));
    }
    if (!(await this.callsAgreed(roots, reads))) return;
    const leaves = this.leaves();
    const byFile = new Map<string, vscode.TestItem[]>();
    for (const leaf of leaves) {
      const data = itemData.get(leaf);
      if (data === undefined) continue;
      const key = data.uri.toString();
      byFile.set(key, [...(byFile.get(key) ?? []), leaf]);
    }
    if (byFile.size === 0) return;
    for (const fileLeaves of [...byFile.values()].slice(1)) for (const leaf of fileLeaves) this.run.enqueued(leaf);
    const connection = await this.deps.ensureSignedIn();
    if (connection === undefined) {
      const why = vscode.l10n.t('Not signed in: run "Gist: Set API Key…", then run the checks again.');
      for (const leaf of leaves) this.record(leaf, 'errored', [new vscode.TestMessage(why)]);
      this.deps.notice('signedOut');
      return;
    }
    for (const key of byFile.keys()) if (!reads.has(key)) reads.set(key, await this.deps.load(vscode.Uri.parse(key)));
    const counts = this.rubricCounts(byFile, reads);
    let rubric: RubricModel | undefined;
    if (counts.outputs > 0 && !this.token.isCancellationRequested) rubric = await this.deps.chooseRubricModel(counts);
    for (const [key, fileLeaves] of byFile) {
      if (this.token.isCancellationRequested) {
        for (const leaf of fileLeaves) this.record(leaf, 'skipped');
        continue;
      }
      const stop = await this.runFile(vscode.Uri.parse(key), fileLeaves, connection, reads.get(key), rubric);
      if (stop !== undefined) {
        // The key is not accepted: nothing else can run. Every cell not done says why.
        for (const [otherKey, other] of byFile) if (otherKey !== key) for (const leaf of other) this.record(leaf, 'errored', [new vscode.TestMessage(stop)]);
        break;
      }
    }
  }

  /** How many outputs (cells) and requests (assertions) of the picked cells go to a model. */
  private rubricCounts(byFile: ReadonlyMap<string, readonly vscode.TestItem[]>, reads: ReadonlyMap<string, ReadFile | undefined>): Omit<RubricConsentQuestion, 'model'> {
    let outputs = 0;
    let requests = 0;
    const files: string[] = [];
    for (const [key, leaves] of byFile) {
      const loaded = reads.get(key)?.loaded;
      if (loaded === undefined || !loaded.file.runnable) continue;
      let inFile = 0;
      for (const leaf of leaves) {
        const data = itemData.get(leaf);
        const test = data?.kind === 'cell' ? loaded.tests[data.test] : undefined;
        if (data?.kind !== 'cell' || test === undefined || !test.ok || !needsModel(test)) continue;
        const samples = data.sample === undefined ? loaded.file.repeat : 1;
        inFile += samples;
        requests += samples * modelGradedAssertions(test.assert).length;
      }
      if (inFile > 0) files.push(path.basename(vscode.Uri.parse(key).fsPath));
      outputs += inFile;
    }
    return { outputs, requests, files };
  }

  /** Runs one file's picked cells; returns the reason when the run had to stop (a 401). */
  private async runFile(uri: vscode.Uri, leaves: readonly vscode.TestItem[], connection: ConnectionSettings, read: ReadFile | undefined, rubric: RubricModel | undefined): Promise<string | undefined> {
    if (read === undefined) {
      const why = vscode.l10n.t('The test file cannot be read any more.');
      for (const leaf of leaves) this.record(leaf, 'errored', [new vscode.TestMessage(why)]);
      return undefined;
    }
    const { loaded, variants } = read;
    const wanted = new Map<string, vscode.TestItem>();
    for (const leaf of leaves) {
      const data = itemData.get(leaf);
      if (data?.kind === 'cell') {
        const samples = data.sample === undefined ? Array.from({ length: loaded.file.repeat }, (_, index) => index + 1) : [data.sample];
        for (const sample of samples) wanted.set(cellKey(data.test, data.variant, sample), leaf);
      } else if (data?.kind === 'test') {
        // A test with problems: shown with them, never run.
        const test = loaded.tests[data.test];
        const problems = test !== undefined && !test.ok ? test.problems : loaded.problems;
        this.record(leaf, 'errored', problems.slice(0, 20).map((problem) => this.located(new vscode.TestMessage(problem.message), problem.range, loaded, uri)));
      }
    }
    if (wanted.size === 0) return undefined;
    if (!loaded.file.runnable) {
      const messages = loaded.problems.slice(0, 20).map((problem) => this.located(new vscode.TestMessage(problem.message), problem.range, loaded, uri));
      for (const leaf of new Set(wanted.values())) this.record(leaf, 'errored', messages);
      return undefined;
    }
    if (rubric === undefined) {
      // No model to grade llm-rubric: those tests are not run (no call), and say why; never passed.
      for (const [key, leaf] of [...wanted]) {
        const test = loaded.tests[Number(key.split('/')[0])];
        if (test === undefined || !test.ok || !needsModel(test)) continue;
        wanted.delete(key);
        if (![...wanted.values()].includes(leaf)) this.record(leaf, 'errored', [this.located(new vscode.TestMessage(NO_MODEL()), test.range, loaded, uri)]);
      }
      if (wanted.size === 0) return undefined;
    }
    const include = (test: number, variant: number, sample: number): boolean => wanted.has(cellKey(test, variant, sample));
    let results: ResultsWriter | undefined;
    // Why the results could not be saved once the run ended, if they could not.
    let notSaved: string | undefined;
    const resultsFile = this.save ? resultsPathForTestFile(uri.fsPath) : undefined;
    if (resultsFile !== undefined) {
      const { profile, host } = this.deps.destination();
      try {
        results = await ResultsWriter.create(resultsFile, checksHeader(loaded, { resultsPath: resultsFile, variants, profile, host, tool: { name: 'gist-generate', version: this.deps.version } }), { secrets: [connection.apiKey], overwrite: true, replaceWhenClosed: true });
      } catch (error) {
        // Another run writes that file (a window, gist-check), or it cannot be written: this file's cells are not run, and say why.
        if (!isResultsFileError(error)) throw error;
        const why = vscode.l10n.t('Not run: the results of this run cannot be saved to {0}. {1}', path.basename(resultsFile), error.message);
        for (const leaf of new Set(wanted.values())) this.record(leaf, 'errored', [new vscode.TestMessage(why)]);
        return undefined;
      }
    }
    const pending = new Set(wanted.values());
    const abort = new AbortController();
    const cancel = this.token.onCancellationRequested(() => abort.abort());
    const { concurrency, maxRetries } = this.deps.settings();
    const total = countCells(loaded, variants.length, include);
    this.run.appendLine(vscode.l10n.t('{0}: {1} calls, up to {2} at a time', outputFileName(path.basename(uri.fsPath)), total, concurrency));
    let outcome;
    try {
      outcome = await runTestFile({
        loaded,
        variants,
        call: (request, signal) => this.deps.client.generate(connection, request, signal),
        concurrency,
        maxRetries,
        signal: abort.signal,
        include,
        // Shown running when its call goes out (not all at the file's start), and only if the result takes longer than a batch.
        onCellStarted: (test, variant, sample) => {
          const leaf = wanted.get(cellKey(test, variant, sample));
          if (leaf !== undefined) this.run.started(leaf);
        },
        ...(results !== undefined ? { results } : {}),
        ...(rubric !== undefined ? { finishGrade: (test, output) => gradeWithModel(test, output, rubric.ask, { signal: abort.signal }) } : {}),
        onOutcome: (cell) => {
          const leaf = wanted.get(cellKey(cell.test.index, cell.variantIndex, cell.sample));
          if (leaf === undefined) return;
          this.reportCell(leaf, cell, loaded, uri, connection);
          // A variant with several samples is one leaf per sample; without, the variant is the leaf.
          pending.delete(leaf);
        },
      });
    } finally {
      cancel.dispose();
      await results?.close().catch((error: unknown) => {
        notSaved = error instanceof Error ? error.message : String(error);
        this.deps.logger.error(`Checks: the results file could not be written: ${notSaved}`);
      });
    }
    if (notSaved !== undefined && resultsFile !== undefined) this.deps.notice('notSaved', `${path.basename(resultsFile)}: ${notSaved}`);
    const { overloaded, pacedPerSecond } = outcome.progress;
    if (overloaded > 0) {
      // A slow run reads as the service's limit, not the extension's: refused requests were tried again without using retries.
      const pace = pacedPerSecond === undefined ? '' : vscode.l10n.t(', and allowed about {0} calls a second', pacedPerSecond >= 10 ? Math.round(pacedPerSecond) : Math.round(pacedPerSecond * 10) / 10);
      this.run.appendLine(vscode.l10n.t('{0}: the service limited the run: it refused {1} requests (429 or 503), each tried again{2}.', outputFileName(path.basename(uri.fsPath)), overloaded, pace));
    }
    const stop = outcome.end === 'stopped' && outcome.reason !== undefined ? ('error' in outcome.reason && outcome.reason.error instanceof Error ? outcome.reason.error.message : outcome.reason.kind) : undefined;
    for (const leaf of pending) {
      if (outcome.end === 'cancelled') this.record(leaf, 'skipped');
      else this.record(leaf, 'errored', [new vscode.TestMessage(stop ?? vscode.l10n.t('The run stopped before this check ran.'))]);
    }
    if (outcome.reason?.kind === 'authentication') this.deps.notice('authentication', stop);
    if (resultsFile !== undefined && notSaved === undefined && outcome.progress.done > 0) this.deps.openResults(vscode.Uri.file(resultsFile));
    return outcome.reason?.kind === 'authentication' || outcome.reason?.kind === 'configuration' ? stop : undefined;
  }

  private unfinishedResults(results: readonly CheckResult[]): CheckResult[] {
    return results.flatMap((result) => [...(result.errored === true || result.pending === true ? [result] : []), ...this.unfinishedResults(result.results ?? [])]);
  }

  private located(message: vscode.TestMessage, range: SourceRange, loaded: LoadedTestFile, fileUri: vscode.Uri): vscode.TestMessage {
    message.location = new vscode.Location(uriOf(range, loaded, fileUri), rangeOf(range));
    return message;
  }

  private reportCell(leaf: vscode.TestItem, cell: CheckOutcome, loaded: LoadedTestFile, uri: vscode.Uri, connection: ConnectionSettings): void {
    const { call } = cell;
    const duration = loaded.tests.length <= MAX_TESTS_WITH_DURATIONS ? call.latencyMs : undefined;
    const latency = Math.round(call.latencyMs);
    const callId = call.result?.id ?? call.error?.callId;
    this.deps.logger.info(
      `check ${formatCallLine({ gistId: loaded.file.gist ?? '', variant: cell.variant ?? undefined, callId, outcome: call.error?.kind ?? 'ok', durationMs: call.latencyMs, contentLength: call.result?.content.length, profile: connection.profile })}`,
    );
    const verdict = cell.grade === undefined ? vscode.l10n.t('could not run') : cell.grade.error !== undefined ? vscode.l10n.t('not graded') : cell.grade.pass ? vscode.l10n.t('passed') : vscode.l10n.t('failed');
    const output = `${plainText(cell.label)} › ${plainText(variantLabel(cell.variant))}${loaded.file.repeat > 1 ? ` #${cell.sample}` : ''}: ${verdict} · ${vscode.l10n.t('call {0}', plainText(callId ?? '–', 100))} · ${latency} ms${call.attempts > 1 ? ` · ${vscode.l10n.t('{0} attempts', call.attempts)}` : ''}`;
    if (cell.grade?.pass === true && cell.grade.error === undefined && (cell.grade.pending ?? 0) === 0) {
      // A pass's line (its call id and latency) goes into the run's output with the others'; each
      // line with its own test and place would be one more message to the workbench per cell.
      this.run.appendLine(output);
      this.record(leaf, 'passed', [], duration, output);
      return;
    }
    this.run.appendLine(output, new vscode.Location(uriOf(cell.test.range, loaded, uri), rangeOf(cell.test.range)), leaf);
    if (cell.grade === undefined) {
      const error = cell.error;
      const kind = error === undefined ? 'service' : `${error.kind}${error.status !== undefined ? ` ${error.status}` : ''}`;
      const message = new vscode.TestMessage(vscode.l10n.t('The call failed ({0}) after {1} attempts, so nothing was checked: {2}', kind, call.attempts, oneLine(error?.message ?? '', 1000)));
      this.record(leaf, 'errored', [this.located(message, cell.test.range, loaded, uri)], duration, output);
      return;
    }
    if (cell.grade.error !== undefined || (cell.grade.pending ?? 0) > 0) {
      // A model-graded assertion could not be graded (the model failed or gave no readable answer): an error, never a pass.
      const unfinished = this.unfinishedResults(cell.grade.results);
      const messages = unfinished.map((result) => this.located(new vscode.TestMessage(`${result.type}: ${result.reason}`), result.range, loaded, uri));
      this.record(leaf, 'errored', messages.length > 0 ? messages : [this.located(new vscode.TestMessage(cell.grade.reason), cell.test.range, loaded, uri)], duration, output);
      return;
    }
    const messages = failedAssertions(cell.grade).map((failure) => {
      const text = `${failure.type}: ${failure.reason}`;
      const message = failure.expected !== undefined ? vscode.TestMessage.diff(text, failure.expected, failure.actual ?? '') : new vscode.TestMessage(text);
      return this.located(message, failure.range, loaded, uri);
    });
    if (messages.length === 0 || cell.test.threshold !== undefined) {
      messages.push(this.located(new vscode.TestMessage(cell.grade.reason), cell.test.range, loaded, uri));
    }
    this.record(leaf, 'failed', messages, duration, output);
  }
}
