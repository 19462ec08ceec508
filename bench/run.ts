// `npm run bench [-- --quick] [-- --only <section>] [-- --profile] [-- --baseline <dir>]`: prints a progress line per
// section, then a table, and writes bench/results.json. Every figure is a median over repeated
// runs; comparisons run side by side in this one run. `--only` runs one section and writes
// test-results/bench-<section>.json; `--profile` (with the unminified build) writes CPU profiles of
// the VS Code sections that take them into test-results/profiles/ and prints where the time went;
// `--baseline` measures activate() and the editor path of another build of the extension (a checkout, built) too.
import { PERFORMANCE_DOC, writePerformanceDoc } from './performanceDoc';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '../tools/vscodeServer/freePort';
import { ensureInstalled } from '../tools/vscodeServer/install';
import { FIXTURE_WORKSPACE, REPO_ROOT, RESULTS_DIR } from '../tools/vscodeServer/paths';
import { startService } from '../tools/service/index';
import { capacityBench } from './capacity';
import { catalogParse } from './catalogParse';
import { checksDiscoveryFiles, gradingBench } from './checksRun';
import { clientOverhead } from './clientOverhead';
import { labBench } from './labRun';
import { networkOverhead } from './networkOverhead';
import { summarizeProfile } from './profileSummary';
import { median, round } from './stats';
import { verdictsBench } from './verdicts';
import { runPhase } from './vscodeRun';

const quick = process.argv.includes('--quick');
const profile = process.argv.includes('--profile');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex === -1 ? undefined : process.argv[onlyIndex + 1];
// Another build of the extension (a checkout of an earlier commit, built) whose editor path is measured in the same run.
const baselineIndex = process.argv.indexOf('--baseline');
const baseline = baselineIndex === -1 ? undefined : path.resolve(process.argv[baselineIndex + 1] ?? '');
// Set by a full run on the process it starts for one plain-Node section: where that section's figures go.
const sectionOutIndex = process.argv.indexOf('--section-out');
const sectionOut = sectionOutIndex === -1 ? undefined : process.argv[sectionOutIndex + 1];
const started = performance.now();
const log = (line: string): void => void process.stdout.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
const PROFILE_DIR = path.join(RESULTS_DIR, 'profiles');

function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** The sections run inside VS Code, each in fresh starts of the server and the workbench. */
async function inVsCode(section: string, extensionPath?: string): Promise<Record<string, unknown>> {
  await ensureInstalled(log);
  const service = await startService({ control: true });
  const phase = (name: string, sections?: readonly string[], build = extensionPath): Promise<Record<string, unknown>> =>
    runPhase({ serviceUrl: service.url, quick, phase: name, sections, profileDir: profile ? PROFILE_DIR : undefined, extensionPath: build, log });
  try {
    if (section === 'activation') {
      // Every start measures activate() and nothing else; with --baseline, a start of each build in turn.
      const starts = quick ? 1 : 3;
      const builds = baseline === undefined ? [undefined] : [baseline, undefined];
      const activations = builds.map((): number[] => []);
      for (let i = 0; i < starts; i++) {
        for (const [index, build] of builds.entries()) {
          activations[index]?.push(Number((await phase('activation', undefined, build)).activationMs));
        }
      }
      const summary = (ms: readonly number[] = []): { starts: number; medianMs: number } => ({ starts: ms.length, medianMs: round(median([...ms]), 3) });
      log(`activate() over ${starts} fresh starts: ${(activations.at(-1) ?? []).map((ms) => ms.toFixed(2)).join(', ')} ms`);
      if (baseline === undefined) {
        return { activate: summary(activations[0]) };
      }
      log(`activate() of the baseline build, in the starts between: ${(activations[0] ?? []).map((ms) => ms.toFixed(2)).join(', ')} ms`);
      return { activate: summary(activations[1]), activateBaseline: { extension: path.relative(REPO_ROOT, baseline), ...summary(activations[0]) } };
    }
    if (section === 'historyStartup') {
      return { historyStartup: await historyStartup(service.url) };
    }
    if (section === 'checksHost') {
      // The test files are in the workspace before VS Code starts, so activate() could find them (it must not).
      const remove = await checksDiscoveryFiles(FIXTURE_WORKSPACE);
      try {
        const { activationMs: _activationMs, ...figures } = await phase('sections', [section]);
        return figures;
      } finally {
        await remove();
      }
    }
    const { activationMs: _activationMs, ...figures } = await phase('sections', [section]);
    return figures;
  } finally {
    await service.close();
  }
}

/**
 * Starts with the history full, in the layout before issue 15 and in the one now, in turns: one
 * start writes the old layout; the next measures it (the history then moves to files, and is
 * filled to 100 calls of 64 KB); the next measures the new layout. All in one browser profile and
 * server folder, kept between the starts.
 */
async function historyStartup(serviceUrl: string): Promise<Record<string, unknown>> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'gist-bench-kept-'));
  const kept = { root, browserProfile: path.join(root, 'browser'), port: await freePort() };
  const start = (phase: string): Promise<Record<string, unknown>> => runPhase({ serviceUrl, quick, phase, kept, log });
  const rounds = 1;
  const before: Array<Record<string, unknown>> = [];
  const after: Array<Record<string, unknown>> = [];
  try {
    for (let turn = 1; turn <= rounds; turn++) {
      await start('history-seed');
      before.push(await start('history-start-top-up'));
      after.push(await start('history-start'));
      log(`history startup, round ${turn} of ${rounds}: before ${JSON.stringify(before.at(-1))}; now ${JSON.stringify(after.at(-1))}`);
    }
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
  const summary = (starts: Array<Record<string, unknown>>): Record<string, unknown> => {
    const numbers = (key: string): number[] => starts.map((one) => Number(one[key])).filter((value) => Number.isFinite(value));
    const mid = (key: string): number | undefined => (numbers(key).length === 0 ? undefined : round(median(numbers(key)), 3));
    return {
      starts: starts.length,
      activateMedianMs: mid('activationMs'),
      activateWallMedianMs: mid('activateWallMs'),
      historySettledMedianMs: mid('historySettledMs'),
      historyEntries: starts[0]?.historyEntries,
      globalStateKb: starts[0]?.globalStateKb,
      samples: starts,
    };
  };
  return { before: summary(before), now: summary(after) };
}

function bundleSizes(): Record<string, number> {
  execFileSync('npm', ['run', 'build:prod', '--silent'], { cwd: REPO_ROOT, stdio: 'ignore' });
  const sizeKb = (file: string): number => round(statSync(path.join(REPO_ROOT, 'dist', file)).size / 1024, 1);
  return { bundleKb: sizeKb('extension.js'), undiciKb: sizeKb('undici.js') };
}

async function clientSection(): Promise<Record<string, unknown>> {
  const rows = await clientOverhead(quick ? 50 : 500, quick ? 10 : 100);
  const [clientRow, bareRow] = rows;
  console.table(rows);
  return { clientOverhead: rows, clientToBareP50Ratio: clientRow !== undefined && bareRow !== undefined ? round(clientRow.p50Ms / bareRow.p50Ms) : undefined };
}

async function networkSection(): Promise<Record<string, unknown>> {
  const network = await networkOverhead(quick ? 50 : 500);
  log(`client over https with the VS Code CA set: ${network.clientToBareP50Ratio ?? '?'} × a bare undici loop (p50); trust setup ${network.trustSetupMs} ms for ${network.trustedCas} CAs`);
  return { networkOverhead: network };
}

function catalogSection(): Promise<Record<string, unknown>> {
  const catalog = catalogParse(quick ? 5 : 50);
  log(`catalog parse + merge: ${catalog.map((row) => `${row.name} (${row.kib} KiB, ${row.gists} gists) ${row.medianMs} ms`).join('; ')}`);
  return Promise.resolve({ catalogParse: catalog });
}

function verdictsSection(): Promise<Record<string, unknown>> {
  const verdicts = verdictsBench(quick ? 3 : 15);
  console.table(verdicts.rows);
  log(`verdict panel figures: ${verdicts.rows.map((row) => `${row.name} ${row.medianMs} ms (CPU ${row.medianCpuMs} ms; first run ${row.firstMs} ms, CPU ${row.firstCpuMs} ms)`).join('; ')}`);
  log(`its sentence: ${verdicts.headline}`);
  return Promise.resolve({ verdicts: verdicts.rows });
}

async function labSection(): Promise<Record<string, unknown>> {
  const lab = await labBench(quick, log);
  log(
    `lab engine in plain Node: ${lab.rows.toLocaleString('en-US')} rows × ${lab.variants} variants at concurrency ${lab.concurrency}: CPU a call ${lab.engineCpuMicrosPerCall} µs against a bare undici pool's ${lab.bareCpuMicrosPerCall} µs, so the engine's own ${lab.engineOwnCpuMicrosPerCall} µs (< 100 µs); heap over ${lab.heap.calls.toLocaleString('en-US')} calls: held during the run +${lab.heap.liveGrowthMaxMb} MB, after it +${lab.heap.growthAfterGcMb} MB (< 50 MB)`,
  );
  return { lab };
}

async function checksSection(): Promise<Record<string, unknown>> {
  const grading = await gradingBench(quick ? 200 : 1000, quick ? 3 : 15);
  log(`checks grading: ${grading.tests.toLocaleString('en-US')} tests of ${grading.assertionsPerTest} assertions parsed in ${grading.parseMs} ms; ${grading.grades.toLocaleString('en-US')} grades at ${grading.gradeMicros} µs a test (${grading.assertionMicros} µs an assertion)`);
  return { checks: { grading } };
}

async function capacitySection(): Promise<Record<string, unknown>> {
  const capacity = await capacityBench(quick, log);
  console.table(
    capacity.profiles.flatMap((profile) =>
      Object.entries(profile.clients).map(([client, f]) => ({ profile: profile.name, client, seconds: f.seconds, bound: profile.boundSeconds, toBound: f.toBound, rejectedPercent: round(f.rejectedShare * 100, 1), lost: f.lost, doubled: f.doubled })),
    ),
  );
  return { capacity };
}

/** In the order of a full run; the VS Code ones run on the production build (unless profiling). */
const SECTIONS: Record<string, () => Promise<Record<string, unknown>>> = {
  bundle: () => Promise.resolve(bundleSizes()),
  capacity: capacitySection,
  client: clientSection,
  network: networkSection,
  catalog: catalogSection,
  verdicts: verdictsSection,
  lab: labSection,
  checks: checksSection,
  activation: () => inVsCode('activation'),
  editor: async () => {
    if (baseline === undefined) {
      return inVsCode('editor');
    }
    log(`editor path of the baseline build in ${baseline}`);
    const before = await inVsCode('editor', baseline);
    return { ...(await inVsCode('editor')), editorPathBaseline: { extension: path.relative(REPO_ROOT, baseline), ...before } };
  },
  memory: () => inVsCode('memory'),
  scale: () => inVsCode('scale'),
  history: () => inVsCode('history'),
  historyStartup: () => inVsCode('historyStartup'),
  labHost: () => inVsCode('labHost'),
  checksHost: () => inVsCode('checksHost'),
};

/** The sections that run in plain Node, not in VS Code. */
const PLAIN_NODE_SECTIONS: readonly string[] = ['capacity', 'client', 'network', 'catalog', 'verdicts', 'lab', 'checks'];

/**
 * A plain-Node section in a Node process of its own, as JMH forks a JVM per benchmark: code that
 * one section made hot for its own shapes (the client's calls, the network section's TLS) is not
 * the next one's. Both sides of each comparison still run side by side in that process.
 */
async function inOwnProcess(name: string): Promise<Record<string, unknown>> {
  const out = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'gist-bench-section-')), `${name}.json`);
  try {
    const args = [__filename, '--only', name, '--section-out', out, ...(quick ? ['--quick'] : [])];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: 'inherit' });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the ${name} section's process exited with ${String(code)}`))));
    });
    return JSON.parse(await fs.readFile(out, 'utf8')) as Record<string, unknown>;
  } finally {
    await fs.rm(path.dirname(out), { recursive: true, force: true });
  }
}

async function runSection(name: string, run: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
  const sectionStarted = performance.now();
  log(`${name}…`);
  const figures = only === undefined && !profile && PLAIN_NODE_SECTIONS.includes(name) ? await inOwnProcess(name) : await run();
  log(`${name} done in ${((performance.now() - sectionStarted) / 1000).toFixed(1)} s`);
  return figures;
}

function printProfiles(): void {
  for (const file of readdirSync(PROFILE_DIR).filter((name) => name.endsWith('.cpuprofile'))) {
    const windowsFile = path.join(PROFILE_DIR, file.replace(/\.cpuprofile$/, '.windows.json'));
    if (!existsSync(windowsFile)) {
      continue;
    }
    const summary = summarizeProfile(path.join(PROFILE_DIR, file), windowsFile);
    for (const [name, window] of Object.entries(summary.windows)) {
      log(`profile ${file}, ${name}: ${window.busyMsPerCall} ms busy per call (${window.calls} calls); self time per call`);
      console.table(window.top);
    }
    if (summary.commandOwn !== undefined) {
      log(`profile ${file}: the command minus the rest, ${summary.commandOwn.busyMsPerCall} ms per call; by function`);
      console.table(summary.commandOwn.top);
    }
  }
}

async function main(): Promise<void> {
  // `--only a,b` runs those sections in that order, in one process (to see what one leaves to the next).
  const names = only === undefined ? Object.keys(SECTIONS) : only.split(',');
  if (names.some((name) => SECTIONS[name] === undefined)) {
    throw new Error(`--only takes one or more of, separated by commas: ${Object.keys(SECTIONS).join(', ')}`);
  }
  if (profile) {
    await fs.rm(PROFILE_DIR, { recursive: true, force: true });
    await fs.mkdir(PROFILE_DIR, { recursive: true });
  } else if (!names.includes('bundle') && !names.every((name) => PLAIN_NODE_SECTIONS.includes(name))) {
    // What users run; `npm run bench` builds the development bundle first, which is put back at the end.
    execFileSync('npm', ['run', 'build:prod', '--silent'], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
  if (sectionOut !== undefined) {
    // One section for a full run: its figures only, to the file the full run reads.
    const [name] = names;
    const run = name === undefined ? undefined : SECTIONS[name];
    if (run === undefined || names.length !== 1) throw new Error('--section-out takes one section');
    writeFileSync(sectionOut, JSON.stringify(await run()));
    return;
  }
  log(`machine: ${machine()}; load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  const results: Record<string, unknown> = { machine: machine(), quick };
  try {
    for (const name of names) {
      const run = SECTIONS[name];
      if (run !== undefined && !(profile && name === 'bundle')) {
        Object.assign(results, await runSection(name, run));
      }
    }
  } finally {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
  results.loadAverageAfter = os.loadavg().map((load) => round(load));
  if (profile) {
    printProfiles();
  }
  // A quick run is a smoke test (npm test runs one), and one section is a try: neither overwrites the recorded figures.
  const resultsFile =
    only !== undefined ? path.join(RESULTS_DIR, `bench-${only}.json`) : quick || profile ? path.join(RESULTS_DIR, 'bench-quick.json') : path.join(REPO_ROOT, 'bench', 'results.json');
  await fs.mkdir(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  console.log(JSON.stringify(results, null, 2));
  log(`results in ${path.relative(REPO_ROOT, resultsFile)}`);
  if (resultsFile === path.join(REPO_ROOT, 'bench', 'results.json')) {
    writePerformanceDoc(resultsFile);
    log(`figures of ${path.relative(REPO_ROOT, PERFORMANCE_DOC)} written from it`);
  }
}

// A hung workbench must not hang CI; the server's exit hook stops its process group.
const LIMIT_MS = (quick ? 8 : 30) * 60_000;
setTimeout(() => {
  log(`no result within ${LIMIT_MS / 60_000} minutes; see test-results/bench-server.log`);
  process.exit(1);
}, LIMIT_MS).unref();

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
