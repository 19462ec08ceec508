// Checks in the Test Explorer (issue 27), inside the real VS Code: (a) a test file of tests × 2
// variants run through the checks' run profile (as the Test Explorer's Run does), side by side in
// turns with a bare undici pool making the same calls from the same extension host at the same
// concurrency; (b) discovery of the 200 test files run.ts wrote into the workspace before VS Code
// started: none at activation, then the time from the first ask (opening the Testing view) and from
// a forced rediscovery to all 200 listed, with the event loop's longest stall meanwhile.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checksFile, DISCOVERY_FILES, DISCOVERY_FOLDER } from '../checksRun';
import { bareRun } from '../labRun';
import type { BareCallHooks } from '../bareCalls';
import { BatchedTestRun } from '../../src/checks/batchedTestRun';
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
 * The floor under any Test Explorer run: the bare pool's calls, each cell reported `passed` through
 * the Testing API, in batches and with no duration as the checks' run sends them, on a tree of the
 * same shape (file → tests → 2 variants) of a controller of the bench's own, with nothing else of
 * the extension: the least a run that shows each cell's result can send. `started` adds each cell's
 * `started`, as a run that shows which cells are running does. If the floor is below 0.9 × the bare
 * pool, no implementation that reports each cell can reach that budget.
 */
class TestingFloor implements vscode.Disposable {
  private readonly controller = vscode.tests.createTestController('gist-bench-floor', 'Bench floor');
  private readonly file: vscode.TestItem;
  private readonly leaves: vscode.TestItem[] = [];

  constructor(tests: number, variants: readonly string[], folder: string) {
    this.file = this.controller.createTestItem('floor', 'floor.gisttest.json', vscode.Uri.file(path.join(folder, 'floor.gisttest.json')));
    this.controller.items.add(this.file);
    for (let test = 1; test <= tests; test++) {
      const item = this.controller.createTestItem(`test-${test}`, `Person ${test}`);
      this.file.children.add(item);
      for (const variant of variants) {
        const leaf = this.controller.createTestItem(`test-${test}/${variant}`, variant);
        item.children.add(leaf);
        this.leaves.push(leaf);
      }
    }
  }

  async run(serviceUrl: string, tests: number, started: boolean): Promise<RunRound> {
    // Passes go to VS Code in batches, as the checks' run sends them (one message for many cells).
    const run = new BatchedTestRun(this.controller.createTestRun(new vscode.TestRunRequest([this.file]), 'floor', false));
    const leaf = (call: number): vscode.TestItem => this.leaves[call] as vscode.TestItem;
    const hooks: BareCallHooks = {
      before: (call) => (started ? run.started(leaf(call)) : undefined),
      after: (call) => run.passed(leaf(call)),
    };
    return timedRound(this.leaves.length, async () => {
      await bareRun(serviceUrl, tests, hooks);
      run.end();
    });
  }

  dispose(): void {
    this.controller.dispose();
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

export async function checksHost(gist: TestedApi, serviceUrl: string, quick: boolean): Promise<Record<string, unknown>> {
  const configuration = vscode.workspace.getConfiguration('gist');
  await configuration.update('lab.concurrency', CONCURRENCY, vscode.ConfigurationTarget.Global);
  const runFolder = path.join(workspaceFolder(), RUN_FOLDER);
  let floor: TestingFloor | undefined;
  try {
    const discovered = await discovery(gist, quick);

    const tests = quick ? 200 : 1000;
    const rounds = quick ? 1 : 5;
    const total = tests * VARIANTS;
    mkdirSync(runFolder, { recursive: true });
    const file = vscode.Uri.file(path.join(runFolder, 'checks.gisttest.json'));
    writeFileSync(file.fsPath, checksFile(tests));
    await gist.testing.checks.discover(true);
    const item = gist.testing.checks.controller.items.get(file.toString());
    if (item?.children.size !== tests) throw new Error(`the Test Explorer lists ${item?.children.size ?? 'no'} tests of ${tests} in ${file.fsPath}`);
    // Warm both up (connections, JIT) on a whole run each.
    await profileRun(gist, item, total);
    await bareRun(serviceUrl, tests);
    const profile: RunRound[] = [];
    const bare: number[] = [];
    const bareCpu: number[] = [];
    const floors = { passed: [] as RunRound[], started: [] as RunRound[] };
    floor = new TestingFloor(tests, ['formal', 'friendly'], runFolder);
    await floor.run(serviceUrl, tests, true);
    const contenders = ['profile', 'bare', 'passed', 'started'] as const;
    for (let turn = 0; turn < rounds; turn++) {
      // Rotate which goes first, so none always runs on a warmer or busier machine.
      for (const which of contenders.map((_, index) => contenders[(index + turn) % contenders.length] as (typeof contenders)[number])) {
        if (which === 'passed' || which === 'started') {
          const one = await floor.run(serviceUrl, tests, which === 'started');
          floors[which].push(one);
          progress(`checks in the Test Explorer, round ${turn + 1} of ${rounds}: floor (${which === 'passed' ? 'passed' : 'started and passed'} through the Testing API) ${one.callsPerSecond} calls/s, ${one.cpuMicrosPerCall} µs of CPU a call`);
        } else if (which === 'profile') {
          const one = await profiled(`checksRun-${turn + 1}`, (windows) => windows.around('run', () => profileRun(gist, item, total)));
          profile.push(one);
          progress(`checks in the Test Explorer, round ${turn + 1} of ${rounds}: ${total} cells ${one.callsPerSecond} calls/s, ${one.cpuMicrosPerCall} µs of CPU a call; loop delay p99 ${one.loop.p99Ms} ms, max ${one.loop.maxMs} ms`);
        } else {
          const run = await bareRun(serviceUrl, tests);
          bare.push(round(run.calls / run.seconds, 0));
          bareCpu.push(round(run.cpuMicrosPerCall, 0));
          progress(`checks in the Test Explorer, round ${turn + 1} of ${rounds}: bare undici pool ${bare.at(-1) ?? 0} calls/s, ${bareCpu.at(-1) ?? 0} µs of CPU a call`);
        }
        await settle(200);
      }
    }
    const edits = await editRounds(gist, file, tests, quick ? 2 : 7);
    progress(`checks: an edit in the ${tests}-test file to the tree in place: median ${edits.medianMs} ms (${edits.samplesMs.join(', ')}), ${edits.medianCpuMs} ms of CPU`);
    const profileCallsPerSecond = median(profile.map((one) => one.callsPerSecond));
    const bareCallsPerSecond = median(bare);
    return {
      checksInVsCode: {
        tests,
        variants: VARIANTS,
        concurrency: CONCURRENCY,
        rounds,
        profileCallsPerSecond,
        bareCallsPerSecond,
        profileToBareRatio: round(profileCallsPerSecond / bareCallsPerSecond, 2),
        // Each round's run over the bare run beside it: steadier than the medians' ratio when other work comes and goes.
        pairedRatioMedian: round(median(profile.map((one, index) => one.callsPerSecond / (bare[index] ?? NaN))), 2),
        profileSamples: profile.map((one) => one.callsPerSecond),
        bareSamples: bare,
        // The extension host's CPU a call, medians: the Test Explorer's cost beyond the bare calls, whatever the machine's load.
        profileCpuMicrosPerCall: median(profile.map((one) => one.cpuMicrosPerCall)),
        bareCpuMicrosPerCall: median(bareCpu),
        // The same calls reported through the Testing API by the bench's own controller and nothing else (see TestingFloor).
        floorPassedCallsPerSecond: median(floors.passed.map((one) => one.callsPerSecond)),
        floorPassedToBareRatio: round(median(floors.passed.map((one) => one.callsPerSecond)) / bareCallsPerSecond, 2),
        floorPassedCpuMicrosPerCall: median(floors.passed.map((one) => one.cpuMicrosPerCall)),
        floorStartedCallsPerSecond: median(floors.started.map((one) => one.callsPerSecond)),
        floorStartedToBareRatio: round(median(floors.started.map((one) => one.callsPerSecond)) / bareCallsPerSecond, 2),
        floorStartedCpuMicrosPerCall: median(floors.started.map((one) => one.cpuMicrosPerCall)),
        loopDelayP99Ms: Math.max(...profile.map((one) => one.loop.p99Ms)),
        loopDelayMaxMs: Math.max(...profile.map((one) => one.loop.maxMs)),
        discovery: discovered,
        editOfBigFile: edits,
      },
    };
  } finally {
    floor?.dispose();
    await configuration.update('lab.concurrency', undefined, vscode.ConfigurationTarget.Global);
    rmSync(runFolder, { recursive: true, force: true });
  }
}
