// Checks in the Test Explorer (issue 27), inside the real VS Code: (a) a test file of tests × 2
// variants run through the checks' run profile (as the Test Explorer's Run does), with the event
// loop's delay meanwhile; (b) discovery of the 200 test files run.ts wrote into the workspace before VS Code
// started: none at activation, then the time from the first ask (opening the Testing view) and from
// a forced rediscovery to all 200 listed, with the event loop's longest stall meanwhile.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checksFile, DISCOVERY_FILES, DISCOVERY_FOLDER } from '../checksRun';
import { median, round } from '../stats';
import { loopDelay } from './labHost';
import { profiled, progress, settle, type TestedApi } from './common';

const CONCURRENCY = 8;
const VARIANTS = 2;
const RUN_FOLDER = 'bench-checks-run';

function workspaceFolder(): string {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (folder === undefined) throw new Error('the bench needs a workspace folder');
  return folder;
}

/** The discovered files listed in the Test Explorer, and how many tests they hold. */
function listed(gist: TestedApi): { files: number; tests: number } {
  let files = 0;
  let tests = 0;
  gist.testing.checks.controller.items.forEach((item) => {
    if (item.uri?.path.includes(`/${DISCOVERY_FOLDER}/`) === true) {
      files++;
      tests += item.children.size;
    }
  });
  return { files, tests };
}

interface DiscoveryRound {
  readonly ms: number;
  /** What the controller measured itself: findFiles, then every file read and parsed. */
  readonly discoveryMs: number;
  readonly loopMaxMs: number;
  /** The extension host's CPU (user + system) meanwhile: less noisy than the time on a busy machine. */
  readonly cpuMs: number;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return round((used.user + used.system) / 1000, 1);
}

/** The first ask, as a user makes it: the Testing view opens, VS Code asks the controller for its items. */
async function firstAsk(gist: TestedApi): Promise<DiscoveryRound> {
  const cpu = process.cpuUsage();
  const measured = await loopDelay(async () => {
    const started = performance.now();
    await vscode.commands.executeCommand('workbench.view.testing.focus');
    while (listed(gist).files < DISCOVERY_FILES || gist.testing.checks.discoveryMs() === undefined) {
      if (performance.now() - started > 60_000) throw new Error(`opening the Testing view listed ${listed(gist).files} of the ${DISCOVERY_FILES} test files in a minute`);
      await settle(2);
    }
    return performance.now() - started;
  });
  return { ms: round(measured.result, 1), discoveryMs: round(gist.testing.checks.discoveryMs() ?? NaN, 1), loopMaxMs: measured.maxMs, cpuMs: cpuMsSince(cpu) };
}

async function forcedDiscovery(gist: TestedApi): Promise<DiscoveryRound> {
  const cpu = process.cpuUsage();
  const measured = await loopDelay(async () => {
    const started = performance.now();
    await gist.testing.checks.discover(true);
    return performance.now() - started;
  });
  const shown = listed(gist);
  if (shown.files !== DISCOVERY_FILES) throw new Error(`a rediscovery listed ${shown.files} of the ${DISCOVERY_FILES} test files`);
  return { ms: round(measured.result, 1), discoveryMs: round(gist.testing.checks.discoveryMs() ?? NaN, 1), loopMaxMs: measured.maxMs, cpuMs: cpuMsSince(cpu) };
}

interface RunRound {
  readonly callsPerSecond: number;
  /** The extension host's CPU (user + system) per call, in µs: less noisy than throughput on a busy machine. */
  readonly cpuMicrosPerCall: number;
  readonly loop: { p99Ms: number; maxMs: number };
}

/** `work` making `calls` calls, timed: calls a second, the extension host's CPU a call, the event loop's delay meanwhile. */
async function timedRound(calls: number, work: () => Promise<unknown>): Promise<RunRound> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const measured = await loopDelay(work);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { callsPerSecond: round(calls / seconds, 0), cpuMicrosPerCall: round((used.user + used.system) / calls, 0), loop: { p99Ms: measured.p99Ms, maxMs: measured.maxMs } };
}

/** One Run of the whole file through the run profile's handler, until it ends; every cell must pass. */
async function profileRun(gist: TestedApi, item: vscode.TestItem, total: number): Promise<RunRound> {
  const { checks } = gist.testing;
  const states: Record<string, number> = {};
  const listener = checks.onDidReport((report) => void (states[report.state] = (states[report.state] ?? 0) + 1));
  try {
    const measured = await timedRound(total, () => Promise.resolve(checks.runProfile.runHandler(new vscode.TestRunRequest([item], undefined, checks.runProfile), new vscode.CancellationTokenSource().token)));
    if (states.passed !== total) throw new Error(`the run of ${total} cells reported ${JSON.stringify(states)}`);
    return measured;
  } finally {
    listener.dispose();
  }
}

/**
 * A user's edit in a big test file, as the tree takes it: the file of `tests` tests (pretty-printed,
 * as people write them) with one test's value changed and back, each time through a rediscovery
 * (the other files are as they were). Time and CPU from the save to the tree in place.
 */
async function editRounds(gist: TestedApi, file: vscode.Uri, tests: number, rounds: number): Promise<{ readonly medianMs: number; readonly medianCpuMs: number; readonly samplesMs: number[] }> {
  const text = JSON.stringify(JSON.parse(checksFile(tests)), undefined, 2);
  const middle = `"Person ${Math.ceil(tests / 2)}"`;
  const edited = text.replace(middle, middle.replace('Person', 'Someone'));
  if (edited === text) throw new Error('the edit changed nothing');
  writeFileSync(file.fsPath, text);
  await gist.testing.checks.discover(true);
  const times: number[] = [];
  const cpus: number[] = [];
  for (let turn = 0; turn < rounds; turn++) {
    writeFileSync(file.fsPath, turn % 2 === 0 ? edited : text);
    const cpu = process.cpuUsage();
    const started = performance.now();
    await gist.testing.checks.discover(true);
    times.push(round(performance.now() - started, 1));
    cpus.push(cpuMsSince(cpu));
    await settle(100);
  }
  return { medianMs: round(median(times), 1), medianCpuMs: round(median(cpus), 1), samplesMs: times };
}

async function discovery(gist: TestedApi, quick: boolean): Promise<Record<string, unknown>> {
  // Nothing looked for test files at activation (with 200 of them in the workspace), nor since.
  const atStart = gist.testing.checks.discoveryMs();
  if (atStart !== undefined || gist.testing.checks.controller.items.size > 0) {
    throw new Error(`test files were discovered before the first ask (in ${atStart ?? '?'} ms, ${gist.testing.checks.controller.items.size} listed): discovery must stay off activate()`);
  }
  const activationMs = gist.testing.activationMs();
  const first = await profiled('checksFirstAsk', (windows) => windows.around('discover', () => firstAsk(gist)));
  const { tests } = listed(gist);
  progress(`checks discovery, first ask (the Testing view opened): ${DISCOVERY_FILES} files (${tests} tests) listed in ${first.ms} ms (the controller's own ${first.discoveryMs} ms), ${first.cpuMs} ms of the extension host's CPU; loop max ${first.loopMaxMs} ms; activate() was ${round(activationMs, 2)} ms with them there`);
  const forced: DiscoveryRound[] = [];
  for (let turn = 0; turn < (quick ? 2 : 7); turn++) {
    forced.push(await profiled(`checksDiscovery-${turn + 1}`, (windows) => windows.around('discover', () => forcedDiscovery(gist))));
    await settle(200);
  }
  const forcedMs = round(median(forced.map((one) => one.ms)), 1);
  const forcedCpuMs = round(median(forced.map((one) => one.cpuMs)), 1);
  progress(`checks discovery, discover(true) over ${forced.length} rounds: median ${forcedMs} ms (${forced.map((one) => one.ms).join(', ')}), ${forcedCpuMs} ms of CPU; loop max ${Math.max(...forced.map((one) => one.loopMaxMs))} ms`);
  return {
    files: DISCOVERY_FILES,
    tests,
    notAtActivation: true,
    activationMs: round(activationMs, 2),
    firstAskMs: first.ms,
    firstAskControllerMs: first.discoveryMs,
    firstAskLoopMaxMs: first.loopMaxMs,
    firstAskCpuMs: first.cpuMs,
    forcedRounds: forced.length,
    forcedMedianMs: forcedMs,
    forcedMedianCpuMs: forcedCpuMs,
    forcedLoopMaxMs: Math.max(...forced.map((one) => one.loopMaxMs)),
    forcedSamplesMs: forced.map((one) => one.ms),
  };
}

export async function checksHost(gist: TestedApi, quick: boolean): Promise<Record<string, unknown>> {
  const configuration = vscode.workspace.getConfiguration('gist');
  await configuration.update('lab.concurrency', CONCURRENCY, vscode.ConfigurationTarget.Global);
  const runFolder = path.join(workspaceFolder(), RUN_FOLDER);
  try {
    const discovered = await discovery(gist, quick);

    const tests = quick ? 200 : 1000;
    const rounds = quick ? 1 : 2;
    const total = tests * VARIANTS;
    mkdirSync(runFolder, { recursive: true });
    const file = vscode.Uri.file(path.join(runFolder, 'checks.gisttest.json'));
    writeFileSync(file.fsPath, checksFile(tests));
    await gist.testing.checks.discover(true);
    const item = gist.testing.checks.controller.items.get(file.toString());
    if (item?.children.size !== tests) throw new Error(`the Test Explorer lists ${item?.children.size ?? 'no'} tests of ${tests} in ${file.fsPath}`);
    // Warm up (connections, JIT) on a whole run.
    await profileRun(gist, item, total);
    const profile: RunRound[] = [];
    for (let turn = 0; turn < rounds; turn++) {
      const one = await profiled(`checksRun-${turn + 1}`, (windows) => windows.around('run', () => profileRun(gist, item, total)));
      profile.push(one);
      progress(`checks in the Test Explorer, round ${turn + 1} of ${rounds}: ${total} cells ${one.callsPerSecond} calls/s, ${one.cpuMicrosPerCall} µs of CPU a call; loop delay p99 ${one.loop.p99Ms} ms, max ${one.loop.maxMs} ms`);
      await settle(200);
    }
    const edits = await editRounds(gist, file, tests, quick ? 2 : 4);
    progress(`checks: an edit in the ${tests}-test file to the tree in place: median ${edits.medianMs} ms (${edits.samplesMs.join(', ')}), ${edits.medianCpuMs} ms of CPU`);
    return {
      checksInVsCode: {
        tests,
        variants: VARIANTS,
        concurrency: CONCURRENCY,
        rounds,
        profileCallsPerSecond: median(profile.map((one) => one.callsPerSecond)),
        profileCpuMicrosPerCall: median(profile.map((one) => one.cpuMicrosPerCall)),
        loopDelayP99Ms: Math.max(...profile.map((one) => one.loop.p99Ms)),
        loopDelayMaxMs: Math.max(...profile.map((one) => one.loop.maxMs)),
        discovery: discovered,
        editOfBigFile: edits,
      },
    };
  } finally {
    await configuration.update('lab.concurrency', undefined, vscode.ConfigurationTarget.Global);
    rmSync(runFolder, { recursive: true, force: true });
  }
}
