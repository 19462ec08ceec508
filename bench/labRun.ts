// The variant lab's engine (issue 26) in plain Node, as a regression guard on its own cost: its CPU
// a call over that of a bare undici pool making the same calls at the same concurrency (the
// engine's own CPU a call: budget < 100 µs), against the local service in a process of its own (so
// its CPU and call log are not this process's); and the heap over a long run. Medians over rounds
// that rotate the two, so both see the same machine. How long users wait for a run against a real
// service is the capacity bench's (capacity.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { GistClient } from '../src/client/gistClient';
import { scanDataFile } from '../src/dataset/dataScan';
import { recordOf } from '../src/shared/keyedRecord';
import { startLabRun, type LabRunOptions } from '../src/runs/labRun';
import { REPO_ROOT } from '../tools/vscodeServer/paths';
import { bareRun, cpuPerCall, type RunFigures } from './bareCalls';
import { median, round } from './stats';

export { bareRun, type RunFigures } from './bareCalls';

const KEY = 'gk_demo_ada';
const GIST = 'welcome-email';
const VARIANTS = ['formal', 'friendly'];
const CONCURRENCY = 8;

export interface ServiceProcess {
  readonly url: string;
  readonly stop: () => Promise<void>;
}

/** `npm run service` in a child process, on a free port, without its per-request log. */
export async function serviceProcess(): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'out', 'tools', 'service', 'cli.js'), '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the service exited with ${String(code)}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^Gist service listening at (\S+)/.exec(line);
      if (match?.[1] !== undefined) {
        resolve(match[1]);
      }
    });
  });
  child.stdout?.resume();
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function csvOf(folder: string, rows: number): Promise<string> {
  const file = path.join(folder, `people-${rows}.csv`);
  const lines = ['name,product', ...Array.from({ length: rows }, (_, index) => `Person ${index + 1},"Product ${index + 1}, the ${index % 7 === 0 ? 'big' : 'small'} one"`)];
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

function labOptions(client: GistClient, serviceUrl: string): LabRunOptions {
  return {
    service: { client, connection: { baseUrl: serviceUrl, apiKeyHeader: 'SERVICE-API-KEY', apiKey: KEY, timeoutMs: 30_000, profile: 'bench' } },
    tool: { name: 'gist-generate', version: 'bench' },
    concurrency: CONCURRENCY,
  };
}

async function engineRun(client: GistClient, serviceUrl: string, dataPath: string, resultsPath: string): Promise<RunFigures> {
  // The summary step ("240 rows × 3 variants = 720 calls") scans the file before the user presses
  // Run, and the run reuses that scan: timed from Run, as the user waits.
  const scan = await scanDataFile(dataPath, 'csv');
  const started = performance.now();
  const cpu = process.cpuUsage();
  const outcome = await startLabRun(
    {
      gistId: GIST,
      variants: VARIANTS,
      dataPath,
      variables: ['name', 'product'],
      mapping: recordOf([
        ['name', { column: 'name' }],
        ['product', { column: 'product' }],
      ]),
      resultsPath,
      overwrite: true,
      scan,
    },
    labOptions(client, serviceUrl),
  );
  if (outcome.end !== 'finished' || outcome.progress.failures > 0) {
    throw new Error(`the lab run ended ${outcome.end} with ${outcome.progress.failures} failures`);
  }
  return { seconds: (performance.now() - started) / 1000, calls: outcome.progress.done, cpuMicrosPerCall: cpuPerCall(cpu, outcome.progress.done) };
}

function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export interface LabFigures {
  readonly rows: number;
  readonly variants: number;
  readonly concurrency: number;
  readonly rounds: number;
  /** This process's CPU per call, medians: steadier than calls/s on a shared machine. */
  readonly engineCpuMicrosPerCall: number;
  readonly bareCpuMicrosPerCall: number;
  /** The engine's CPU a call beyond the bare pool's: what the engine itself costs. Budget < 100 µs. */
  readonly engineOwnCpuMicrosPerCall: number;
  readonly engineCallsPerSecond: number;
  readonly bareCallsPerSecond: number;
  readonly heap: {
    readonly calls: number;
    readonly seconds: number;
    /** heapUsed after a full GC, after the run minus before it. Budget < 50 MB. */
    readonly growthAfterGcMb: number;
    /** The most heapUsed held during the run, after a full GC every 2 s, minus before it. Budget < 50 MB. */
    readonly liveGrowthMaxMb: number;
    /** The highest heapUsed seen during the run (sampled every 100 ms, no GC forced) minus before it: mostly garbage not yet collected. */
    readonly peakGrowthMb: number;
  };
}

export async function labBench(quick: boolean, log: (line: string) => void): Promise<LabFigures> {
  const rows = quick ? 500 : 2_000;
  const rounds = quick ? 1 : 3;
  const heapCalls = quick ? 5_000 : 20_000;
  const folder = await mkdtemp(path.join(os.tmpdir(), 'gist-bench-lab-'));
  const service = await serviceProcess();
  const client = new GistClient();
  try {
    const data = await csvOf(folder, rows);
    // Warm both up (connections, JIT: the engine's first thousands of calls run slower) on smaller runs first.
    const warm = await csvOf(folder, quick ? 200 : 1000);
    for (let turn = 0; turn < (quick ? 1 : 2); turn++) {
      await engineRun(client, service.url, warm, path.join(folder, 'warm.gistrun.jsonl'));
      await bareRun(service.url, quick ? 200 : 1000);
    }
    const sides = ['engine', 'bare'] as const;
    const samples = { engine: [] as number[], bare: [] as number[] };
    const cpu = { engine: [] as number[], bare: [] as number[] };
    const runSide = (which: (typeof sides)[number]): Promise<RunFigures> => (which === 'engine' ? engineRun(client, service.url, data, path.join(folder, 'run.gistrun.jsonl')) : bareRun(service.url, rows));
    for (let turn = 0; turn < rounds; turn++) {
      // Rotate which goes first, so none always runs on a warmer or busier machine.
      const order = sides.map((_, index) => sides[(index + turn) % sides.length] ?? 'engine');
      for (const which of order) {
        const run = await runSide(which);
        if (run.calls !== rows * VARIANTS.length) {
          throw new Error(`the lab bench's ${which} side made ${run.calls} calls, not ${rows * VARIANTS.length}`);
        }
        const perSecond = run.calls / run.seconds;
        samples[which].push(round(perSecond, 0));
        cpu[which].push(round(run.cpuMicrosPerCall, 1));
        log(`lab, round ${turn + 1} of ${rounds}: ${which} ${run.calls} calls in ${run.seconds.toFixed(2)} s = ${perSecond.toFixed(0)} calls/s, ${run.cpuMicrosPerCall.toFixed(0)} µs of CPU a call`);
      }
    }

    const gc = collectGarbage();
    const heapRows = heapCalls / VARIANTS.length;
    const heapData = await csvOf(folder, heapRows);
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let live = before;
    let ticks = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      // Every 2 s, what is still held after a full GC (the unforced peak is mostly garbage V8 has not yet collected).
      if (++ticks % 20 === 0) {
        gc();
        live = Math.max(live, process.memoryUsage().heapUsed);
      }
    }, 100);
    const heapRun = await engineRun(client, service.url, heapData, path.join(folder, 'heap.gistrun.jsonl'));
    clearInterval(sampler);
    gc();
    const after = process.memoryUsage().heapUsed;
    const mb = (bytes: number): number => round(bytes / 1024 / 1024, 1);
    log(`lab heap: ${heapRun.calls} calls in ${heapRun.seconds.toFixed(1)} s; heap ${mb(before)} MB before, at most ${mb(live)} MB held during the run (after GC), ${mb(after)} MB after; unforced peak ${mb(peak)} MB`);
    const engineCpuMicrosPerCall = median(cpu.engine);
    const bareCpuMicrosPerCall = median(cpu.bare);
    return {
      rows,
      variants: VARIANTS.length,
      concurrency: CONCURRENCY,
      rounds,
      engineCpuMicrosPerCall,
      bareCpuMicrosPerCall,
      engineOwnCpuMicrosPerCall: round(engineCpuMicrosPerCall - bareCpuMicrosPerCall, 1),
      engineCallsPerSecond: median(samples.engine),
      bareCallsPerSecond: median(samples.bare),
      heap: { calls: heapRun.calls, seconds: round(heapRun.seconds, 1), growthAfterGcMb: mb(after - before), liveGrowthMaxMb: mb(live - before), peakGrowthMb: mb(peak - before) },
    };
  } finally {
    await client.dispose();
    await service.stop();
    await rm(folder, { recursive: true, force: true });
  }
}
