// The variant lab inside the real VS Code (issues 26 and 28): runs of 10,000 rows × 2 variants at
// concurrency 8 through "Run over Data" against the loopback service, as fast as it answers, with
// each process's CPU meanwhile (processCpu.ts); while the run goes, the extension host's event-loop
// delay and the time an edit takes, against edits made while idle (what a user typing during a run
// feels; the run's own pace against a real service is the capacity bench's, bench/capacity.ts); then the results view of 100,000 results
// (time to its first rows) and the verdict panel over 20,000 results and 5,000 votes (time to the
// figures, worked out in a worker thread), each with the event loop's longest stall meanwhile,
// opened several times (medians). GIST_BENCH_LAB_VIEWS=1 measures the two views only (while
// working on them: the runs take minutes).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { LabRunSummary } from '../../src/lab/lab';
import { votesFileName } from '../../src/review/votesFileName';
import { formatVotesEntry, formatVotesHeader, voteEntry } from '../../src/review/votesWriter';
import { csvOf } from '../labRun';
import { resultsHeaderOf } from '../../test/fixtures/resultsHeader';
import { median, round } from '../stats';
import { api, closeEditors, freshEditor, profiled, progress, quiet, settle } from './common';
import { cpuBetween, cpuSnapshot, PROCESS_KINDS, type ProcessKind } from './processCpu';

const VARIANTS = ['formal', 'friendly'];
const CONCURRENCY = 8;
/** How long the extension host must be quiet before a round starts (see quiet()). */
const QUIET_WINDOW_MS = 2_000;

/** The event loop's delay while `body` runs: p50, p99 and the longest, in ms. */
export async function loopDelay<T>(body: () => Promise<T>): Promise<{ result: T; p50Ms: number; p99Ms: number; maxMs: number }> {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    const result = await body();
    return { result, p50Ms: round(histogram.percentile(50) / 1e6, 1), p99Ms: round(histogram.percentile(99) / 1e6, 1), maxMs: round(histogram.max / 1e6, 1) };
  } finally {
    histogram.disable();
  }
}

/**
 * One edit's time: a character inserted at the end of the document, until VS Code applied it. The
 * editor stays in view: Run over Data opens its results view beside it.
 */
async function timedEdit(editor: vscode.TextEditor): Promise<number> {
  const document = editor.document;
  const edit = new vscode.WorkspaceEdit();
  edit.insert(document.uri, document.positionAt(document.getText().length), 'x');
  const started = performance.now();
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error('the edit was refused');
  return performance.now() - started;
}

async function idleEdits(editor: vscode.TextEditor, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    times.push(await timedEdit(editor));
    await settle(20);
  }
  return times;
}

interface RunRound {
  readonly callsPerSecond: number;
  /** The extension host's CPU (user + system) per call, in µs: steadier than calls/s on a shared machine. */
  readonly cpuMicrosPerCall: number;
  readonly editMs: number[];
  readonly loop: { p50Ms: number; p99Ms: number; maxMs: number };
  /** The round's calls, and the CPU each kind of process on the machine used meanwhile, in ms (undefined without /proc). */
  readonly calls: number;
  readonly cpuByProcessMs: Record<ProcessKind, number> | undefined;
}

/**
 * Runs `work` with an edit every 50 ms meanwhile (what a user typing during a run waits), and the
 * event loop's delay. The bare pool's rounds run under the same edits as the engine's, so both
 * share the machine with the same typing.
 */
async function whileTyping<T>(
  editor: vscode.TextEditor,
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number; cpuMicros: number; editMs: number[]; loop: RunRound['loop']; cpuByProcessMs: RunRound['cpuByProcessMs'] }> {
  const editMs: number[] = [];
  let running = true;
  const machineBefore = cpuSnapshot();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const measured = await loopDelay(async () => {
    const done = work().finally(() => {
      running = false;
    });
    while (running) {
      editMs.push(await timedEdit(editor));
      await settle(50);
    }
    return done;
  });
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  const machineAfter = cpuSnapshot();
  const cpuByProcessMs = machineBefore === undefined || machineAfter === undefined ? undefined : cpuBetween(machineBefore, machineAfter);
  return { result: measured.result, seconds, cpuMicros: used.user + used.system, editMs, loop: { p50Ms: measured.p50Ms, p99Ms: measured.p99Ms, maxMs: measured.maxMs }, cpuByProcessMs };
}

/**
 * µs of CPU a call by kind of process over all `rounds` (ticks are 10 ms, so summed before
 * dividing): where a side's calls cost the machine, its own process and the others.
 */
function cpuByProcess(rounds: readonly RunRound[]): Record<ProcessKind, number> | undefined {
  if (rounds.some((one) => one.cpuByProcessMs === undefined)) return undefined;
  const calls = rounds.reduce((sum, one) => sum + one.calls, 0);
  return Object.fromEntries(PROCESS_KINDS.map((kind) => [kind, round((rounds.reduce((sum, one) => sum + (one.cpuByProcessMs?.[kind] ?? 0), 0) * 1000) / calls, 1)])) as Record<ProcessKind, number>;
}

/** A round's figures from what `whileTyping` measured while its `calls` were made. */
function roundOf(measured: Omit<Awaited<ReturnType<typeof whileTyping>>, 'result'>, calls: number): RunRound {
  return { callsPerSecond: round(calls / measured.seconds, 0), cpuMicrosPerCall: round(measured.cpuMicros / calls, 1), editMs: measured.editMs, loop: measured.loop, calls, cpuByProcessMs: measured.cpuByProcessMs };
}

/**
 * A results file of `name`, new each round: Run over Data's, which its results view shows from one
 * round to the next.
 */
function freshResultsFile(folder: string, name: 'bench'): string {
  const resultsFile = path.join(folder, `${name}.gistrun.jsonl`);
  rmSync(resultsFile, { force: true });
  return resultsFile;
}

async function labRound(folder: string, data: string, total: number, editor: vscode.TextEditor): Promise<RunRound> {
  const resultsFile = freshResultsFile(folder, 'bench');
  const measured = await whileTyping(editor, async () =>
    vscode.commands.executeCommand<LabRunSummary | undefined>('gist.lab.runOverData', { gistId: 'welcome-email', variants: VARIANTS, dataFile: data, resultsFile, overwrite: true }),
  );
  const summary = measured.result;
  if (summary?.end !== 'finished' || summary.failures > 0 || summary.done !== total) throw new Error(`the run ended ${JSON.stringify(summary)}`);
  // Timed from Run, as the plain-Node bench times the engine: the summary step scans the data file
  // before Run is pressed (here the command's arguments make it scan first, 13–42 ms of a round).
  // The CPU a call still counts the scan's CPU: the command's whole time is all this side can see
  // of the extension host's CPU, so that figure leans against Run over Data, by under 1 µs a call.
  return roundOf({ ...measured, seconds: summary.runMs / 1000 }, total);
}

function resultsText(rows: number, variants: readonly string[], contentChars: number): string {
  const header = resultsHeaderOf({ variants, profile: 'bench', host: '127.0.0.1', tool: { name: 'gist-generate', version: 'bench' } }, rows);
  const lines = [JSON.stringify(header)];
  const filler = 'lorem ipsum dolor sit amet '.repeat(Math.ceil(contentChars / 27)).slice(0, contentChars);
  for (let row = 1; row <= rows; row++) {
    for (const [position, variant] of variants.entries()) {
      const content = `${variant} ${row}: ${filler.slice(0, contentChars - (row % 50) * position)}`;
      lines.push(JSON.stringify({ type: 'result', row, line: row + 1, values: { name: `Person ${row}` }, variant, sample: 1, callId: `call-${row}-${variant}`, content, length: content.length, error: null, attempts: 1, latencyMs: 400 + ((row * 37 + position * 101) % 900), finishedAt: '2026-11-24T10:00:01.000Z' }));
    }
  }
  return `${lines.join('\n')}\n`;
}

type ViewTiming = { ms: number; maxLoopMs: number; p99LoopMs: number };

/** Waits until the results view of `file` sent `what`; the time since `started`. */
async function sent(file: string, what: 'rowsMs' | 'verdictsMs', started: number): Promise<number> {
  const gist = await api();
  while (gist.testing.resultsViewTimings(file)?.[what] === undefined) {
    if (performance.now() - started > 120_000) throw new Error(`the results view of ${file} sent no ${what} in 2 minutes`);
    await settle(2);
  }
  return performance.now() - started;
}

/** Opens `file` in the results view and waits for the first of `what` it sends; the time since the open, with the loop's stalls meanwhile. */
async function openView(file: string, what: 'rowsMs' | 'verdictsMs'): Promise<ViewTiming> {
  const measured = await loopDelay(async () => {
    const started = performance.now();
    await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(file), 'gist.results');
    return sent(file, what, started);
  });
  return { ms: round(measured.result, 0), maxLoopMs: measured.maxMs, p99LoopMs: measured.p99Ms };
}

/**
 * Opens `file` and waits for its first rows, then for its figures (the whole file read, its
 * figures worked out): the loop's stalls until the first rows, and until the figures.
 */
async function openBigView(file: string): Promise<ViewTiming & { whole: ViewTiming }> {
  let first: ViewTiming | undefined;
  const whole = await loopDelay(async () => {
    const started = performance.now();
    first = await openView(file, 'rowsMs');
    return sent(file, 'verdictsMs', started);
  });
  if (first === undefined) throw new Error('no first rows');
  return { ...first, whole: { ms: round(whole.result, 0), maxLoopMs: whole.maxMs, p99LoopMs: whole.p99Ms } };
}

/** Closes every editor and waits until the results view of `file` is gone (its timings with it). */
async function closeView(file: string): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const gist = await api();
  const started = performance.now();
  while (gist.testing.resultsViewTimings(file) !== undefined) {
    if (performance.now() - started > 10_000) throw new Error(`the results view of ${file} did not close`);
    await settle(10);
  }
  // The webview's teardown and the garbage it leaves are not the next open's.
  await settle(500);
}

function spread(values: readonly number[]): { medianMs: number; allMs: number[] } {
  return { medianMs: round(median([...values]), 0), allMs: values.map((value) => round(value, 0)) };
}

/** The results view of 100,000 results (50,000 rows × 2 variants), then the verdict panel, each opened `rounds` times. */
async function labViews(folder: string, quick: boolean): Promise<Record<string, unknown>> {
  const rounds = quick ? 1 : 3;
  const bigRows = quick ? 5_000 : 50_000;
  const big = path.join(folder, 'big.welcome-email.gistrun.jsonl');
  writeFileSync(big, resultsText(bigRows, VARIANTS, 300));
  const screens: Array<Awaited<ReturnType<typeof openBigView>>> = [];
  let bigTimings;
  for (let turn = 1; turn <= rounds; turn++) {
    const firstScreen = await profiled(`resultsView-${turn}`, (windows) => windows.around('open', () => openBigView(big)));
    screens.push(firstScreen);
    bigTimings = (await api()).testing.resultsViewTimings(big);
    await closeView(big);
    progress(`results view of ${bigRows * 2} results, open ${turn} of ${rounds}: first rows sent in ${firstScreen.ms} ms (loop max ${firstScreen.maxLoopMs} ms); whole file read and its figures in ${firstScreen.whole.ms} ms (loop max ${firstScreen.whole.maxLoopMs} ms)`);
  }

  const verdictVariants = ['formal', 'friendly', 'short', 'detailed'];
  const verdictRows = quick ? 1_000 : 5_000;
  const verdictFile = path.join(folder, 'people.welcome-email.gistrun.jsonl');
  writeFileSync(verdictFile, resultsText(verdictRows, verdictVariants, 120));
  const votesPer = quick ? 500 : 2_500;
  for (const reviewer of ['Ada Lovelace', 'Grace Hopper']) {
    let text = formatVotesHeader({ results: path.basename(verdictFile), reviewer, source: 'person', createdAt: '2026-11-24T11:00:00.000Z' });
    // Pairs of two different variants only, until the reviewer cast `votesPer` votes.
    for (let vote = 0, cast = 0; cast < votesPer; vote++) {
      const row = (vote % verdictRows) + 1;
      const [left, right] = [verdictVariants[vote % 4] ?? 'formal', verdictVariants[(vote + 1 + Math.floor(vote / 4)) % 4] ?? 'friendly'];
      if (left === right) continue;
      cast += 1;
      const pair = { row, sample: 1, left: { variant: left, callId: `call-${row}-${left}` }, right: { variant: right, callId: `call-${row}-${right}` } };
      text += formatVotesEntry(voteEntry(pair, vote % 5 === 0 ? 'tie' : (vote * 7) % 3 === 0 ? 'right' : 'left', { reviewer, source: 'person' }));
    }
    writeFileSync(path.join(folder, votesFileName('people.welcome-email.gistrun.jsonl', reviewer, 'person')), text);
  }
  const panels: Array<Awaited<ReturnType<typeof openView>>> = [];
  const workerMs: number[] = [];
  let votes: number | string = '?';
  let verdictTimings;
  for (let turn = 1; turn <= rounds; turn++) {
    const panel = await profiled(`verdictPanel-${turn}`, (windows) => windows.around('open', () => openView(verdictFile, 'verdictsMs')));
    panels.push(panel);
    const shown = (await api()).testing.resultsVerdicts(verdictFile);
    if (shown !== undefined) workerMs.push(shown.ms);
    votes = shown?.sections[0]?.tables[0]?.rows.reduce((sum, row) => sum + Number(row[1] ?? 0), 0) ?? '?';
    verdictTimings = (await api()).testing.resultsViewTimings(verdictFile);
    await closeView(verdictFile);
    progress(`verdict panel over ${verdictRows * 4} results and ${votes} votes, open ${turn} of ${rounds}: ${panel.ms} ms to the figures (worker ${shown?.ms ?? '?'} ms; loop max ${panel.maxLoopMs} ms)`);
  }
  const first = spread(screens.map((one) => one.ms));
  const figures = spread(panels.map((one) => one.ms));
  return {
    resultsView: { results: bigRows * 2, opens: rounds, firstRowsMs: first.medianMs, firstRowsAllMs: first.allMs, sinceViewMade: bigTimings, loopMaxMs: Math.max(...screens.map((one) => one.maxLoopMs)), loopP99Ms: Math.max(...screens.map((one) => one.p99LoopMs)), untilFiguresMs: spread(screens.map((one) => one.whole.ms)).medianMs, untilFiguresLoopMaxMs: Math.max(...screens.map((one) => one.whole.maxLoopMs)) },
    verdictPanel: {
      results: verdictRows * 4,
      votes,
      opens: rounds,
      figuresMs: figures.medianMs,
      figuresAllMs: figures.allMs,
      workerMs: workerMs.length === 0 ? undefined : round(median(workerMs), 0),
      sinceViewMade: verdictTimings,
      loopMaxMs: Math.max(...panels.map((one) => one.maxLoopMs)),
      loopP99Ms: Math.max(...panels.map((one) => one.p99LoopMs)),
    },
  };
}

export async function labHost(quick: boolean): Promise<Record<string, unknown>> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'gist-bench-lab-host-'));
  const configuration = vscode.workspace.getConfiguration('gist');
  await configuration.update('lab.concurrency', CONCURRENCY, vscode.ConfigurationTarget.Global);
  try {
    if (process.env.GIST_BENCH_LAB_VIEWS === '1') {
      return { labInVsCode: await labViews(folder, quick) };
    }
    const rows = quick ? 300 : 10_000;
    // Three rounds: the stalls a user feels are the longest of any round, not a median.
    const rounds = quick ? 1 : 3;
    const total = rows * VARIANTS.length;
    const data = await csvOf(folder, rows);
    const editor = await freshEditor();
    const idle = await idleEdits(editor, quick ? 10 : 40);
    // Warm up (connections, JIT) on a smaller run first.
    const warm = await csvOf(folder, quick ? 50 : 1000);
    await labRound(folder, warm, (quick ? 50 : 1000) * VARIANTS.length, editor);
    const engine: RunRound[] = [];
    for (let turn = 0; turn < rounds; turn++) {
      // Longer than the 1.5 s the results view waits after a run's last append to work out its verdicts (in a worker thread of this process).
      await quiet(15_000, QUIET_WINDOW_MS);
      const round_ = await profiled(`labRun-${turn + 1}`, (windows) => windows.around('run', () => labRound(folder, data, total, editor)));
      engine.push(round_);
      progress(`lab in VS Code, round ${turn + 1}: Run over Data ${round_.callsPerSecond} calls/s, ${round_.cpuMicrosPerCall} µs of the extension host's CPU a call; loop delay p99 ${round_.loop.p99Ms} ms, max ${round_.loop.maxMs} ms; edit median ${round(median(round_.editMs), 1)} ms`);
    }
    const runEdits = engine.flatMap((one) => one.editMs);
    const idleEditMs = round(median(idle), 2);
    const runEditMs = round(median(runEdits), 2);
    const machineCpu = cpuByProcess(engine);
    if (machineCpu !== undefined) {
      progress(`lab in VS Code, the machine's CPU a call over the rounds (µs): ${PROCESS_KINDS.map((kind) => `${kind} ${machineCpu[kind]}`).join('; ')}`);
    }
    await closeEditors();

    return {
      labInVsCode: {
        rows,
        variants: VARIANTS.length,
        concurrency: CONCURRENCY,
        rounds,
        engineCallsPerSecond: median(engine.map((one) => one.callsPerSecond)),
        engineRoundsCallsPerSecond: engine.map((one) => one.callsPerSecond),
        engineCpuMicrosPerCall: median(engine.map((one) => one.cpuMicrosPerCall)),
        machineCpuMicrosPerCall: machineCpu,
        loopDelayP99Ms: Math.max(...engine.map((one) => one.loop.p99Ms)),
        loopDelayMaxMs: Math.max(...engine.map((one) => one.loop.maxMs)),
        idleEditMs,
        runEditMs,
        editRatio: round(runEditMs / idleEditMs, 2),
        ...(await labViews(folder, quick)),
      },
    };
  } finally {
    await configuration.update('lab.concurrency', undefined, vscode.ConfigurationTarget.Global);
    rmSync(folder, { recursive: true, force: true });
  }
}
