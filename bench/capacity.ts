// Where users wait (issue 47): a run of cells against a service that behaves like one with a
// language model behind it (tools/service/realistic.ts), for each profile of capacityProfiles.ts,
// by three clients side by side in one run: Run over Data's engine (startLabRun, default settings),
// gist-check as CI runs it (the bundle, default settings), and an ideal client that knows the
// profile and paces itself to it. Each against the profile's bound. The service runs time-scaled
// (every duration × `timeScale`), and each time is reported back in the profile's own seconds.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { GistClient } from '../src/client/gistClient';
import { recordOf } from '../src/shared/keyedRecord';
import { startLabRun } from '../src/runs/labRun';
import { type RunningService, startService } from '../tools/service/index';
import type { RealisticProfile } from '../tools/service/realistic';
import { TokenBucket } from '../tools/service/tokenBucket';
import { REPO_ROOT } from '../tools/vscodeServer/paths';
import { CAPACITY_PROFILES, CAPACITY_TARGETS, boundOf, type CapacityProfile } from './capacityProfiles';
import { checksFile } from './checksRun';
import { csvOf } from './labRun';
import { median, round } from './stats';

const KEY = 'gk_demo_ada';
const GIST = 'welcome-email';
const VARIANTS = ['formal', 'friendly'] as const;
const BUNDLE = path.join(REPO_ROOT, 'dist', 'cli', 'gist-check.js');
const CLIENTS = ['engine', 'gistCheck', 'ideal'] as const;
type ClientName = (typeof CLIENTS)[number];

export interface ClientFigures {
  /** In the profile's seconds. */
  readonly seconds: number;
  readonly toBound: number;
  /** Over the ideal client's time in the same run: what this machine let a client that knows the profile reach. */
  toIdeal?: number;
  /** Requests the service answered, and the share of them that were 429 or 503. */
  readonly requests: number;
  readonly rejected: { readonly status429: number; readonly status503: number };
  readonly rejectedShare: number;
  /** Cells with no success in the client's results, and cells with more than one (or answered 200 twice by the service). */
  readonly lost: number;
  readonly doubled: number;
  /** Meets the targets of CAPACITY_TARGETS (named so that the JSON npm test prints has no word its failure filter picks up). */
  readonly onTarget: boolean;
}

export interface ProfileFigures {
  readonly name: string;
  readonly label: string;
  readonly cells: number;
  readonly service: RealisticProfile;
  readonly boundSeconds: number;
  readonly boundFormula: string;
  readonly clients: Record<ClientName, ClientFigures>;
}

export interface CapacityFigures {
  readonly timeScale: number;
  readonly seed: number;
  /** gist-check's start (`--help`, spawn to exit, real ms, median): not scaled, since Node's start does not shrink with the service. */
  readonly gistCheckStartMs: number;
  readonly targets: typeof CAPACITY_TARGETS;
  readonly profiles: ProfileFigures[];
}

/** What a client run gives back: its real seconds, and for each cell the number of successes it recorded. */
interface ClientRun {
  readonly realSeconds: number;
  readonly successes: Map<string, number>;
}

const cellKey = (row: number, variant: string): string => `${row}/${variant}`;

/** Successes per cell in a results file (.gistrun.jsonl), as both the engine and gist-check write it. */
async function successesIn(resultsPath: string): Promise<Map<string, number>> {
  const successes = new Map<string, number>();
  for (const line of (await readFile(resultsPath, 'utf8')).split('\n')) {
    if (line === '') continue;
    const entry = JSON.parse(line) as { type?: string; row?: number; variant?: unknown; error?: unknown };
    if (entry.type === 'result' && entry.error === null) {
      const key = cellKey(entry.row ?? 0, String(entry.variant));
      successes.set(key, (successes.get(key) ?? 0) + 1);
    }
  }
  return successes;
}

async function engineRun(client: GistClient, serviceUrl: string, dataPath: string, resultsPath: string): Promise<ClientRun> {
  const started = performance.now();
  await startLabRun(
    {
      gistId: GIST,
      variants: [...VARIANTS],
      dataPath,
      variables: ['name', 'product'],
      mapping: recordOf([
        ['name', { column: 'name' }],
        ['product', { column: 'product' }],
      ]),
      resultsPath,
      overwrite: true,
    },
    // Default settings: no concurrency, retries or timeout of the bench's own.
    { service: { client, connection: { baseUrl: serviceUrl, apiKeyHeader: 'SERVICE-API-KEY', apiKey: KEY, timeoutMs: 60_000, profile: 'bench' } }, tool: { name: 'gist-generate', version: 'bench' } },
  );
  return { realSeconds: (performance.now() - started) / 1000, successes: await successesIn(resultsPath) };
}

/** The bundle as CI runs it, default settings; its exit code says nothing here (a cell that failed is counted as lost). */
async function gistCheckRun(folder: string, serviceUrl: string, resultsPath: string, args: readonly string[] = []): Promise<ClientRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [BUNDLE, ...args, ...(args.length > 0 ? [] : ['checks.gisttest.json', '--base-url', serviceUrl, '--results', resultsPath])], {
    cwd: folder,
    env: { PATH: process.env.PATH, GIST_API_KEY: KEY },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const realSeconds = (performance.now() - started) / 1000;
  if (code === 2) throw new Error(`gist-check could not run: ${stderr.slice(0, 400)}`);
  return { realSeconds, successes: args.length > 0 ? new Map() : await successesIn(resultsPath) };
}

/**
 * The client that knows the profile: with a bucket, a bucket of its own like the service's, each
 * call (and retry) taking a token before it is sent; with a cap or workers, exactly that many in
 * flight; with no limit, every call at once. A 429 or 503 (loopback's jitter can make one) empties
 * its bucket and waits `retry-after-ms`.
 */
async function idealRun(serviceUrl: string, profile: CapacityProfile, timeScale: number): Promise<ClientRun> {
  const n = profile.cells;
  const { rate, maxInFlight, queueWorkers } = profile.service;
  const inFlight = maxInFlight ?? queueWorkers ?? n;
  const pool = new Pool(serviceUrl, { connections: Math.min(n, inFlight, 128), keepAliveTimeout: 30_000 });
  let pacer = rate === undefined ? undefined : new TokenBucket(rate.perSecond / timeScale, rate.burst, performance.now());
  let paced = Promise.resolve();
  // One call at a time takes its token, so calls start in order.
  const token = (): Promise<void> => {
    const turn = paced.then(async () => {
      for (let answer = pacer?.take(performance.now()); answer !== undefined && !answer.allowed; answer = pacer?.take(performance.now())) await sleep(answer.retryAfterMs);
    });
    paced = turn;
    return turn;
  };
  const successes = new Map<string, number>();
  const started = performance.now();
  const one = async (call: number): Promise<void> => {
    const row = Math.floor(call / VARIANTS.length) + 1;
    const variant = VARIANTS[call % VARIANTS.length] ?? 'formal';
    for (;;) {
      await token();
      const response = await pool.request({
        path: `/v1/generate/${GIST}/${variant}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'service-api-key': KEY },
        body: JSON.stringify({ values: { name: `Person ${row}`, product: `Product ${row}, the ${row % 7 === 0 ? 'big' : 'small'} one` } }),
      });
      const envelope = (await response.body.json()) as { error: unknown };
      if (response.statusCode === 429 || response.statusCode === 503) {
        if (pacer !== undefined && rate !== undefined) pacer = emptied(rate.perSecond / timeScale, rate.burst);
        await sleep(Number(response.headers['retry-after-ms'] ?? 100));
        continue;
      }
      if (response.statusCode !== 200 || envelope.error !== null) throw new Error(`the ideal client's call ${call} got ${response.statusCode}`);
      successes.set(cellKey(row, variant), (successes.get(cellKey(row, variant)) ?? 0) + 1);
      return;
    }
  };
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let call = next++; call < n; call = next++) await one(call);
  };
  await Promise.all(Array.from({ length: Math.min(n, inFlight) }, worker));
  const realSeconds = (performance.now() - started) / 1000;
  await pool.close();
  return { realSeconds, successes };
}

/** A bucket with no token left now: what the service's is after it refused a call. */
function emptied(perSecond: number, burst: number): TokenBucket {
  const bucket = new TokenBucket(perSecond, burst, performance.now());
  const now = performance.now();
  for (let i = 0; i < burst; i++) bucket.take(now);
  return bucket;
}

/** The service's side of a run: requests, 429s and 503s, and cells it answered 200 more than once. */
function serviceSide(service: RunningService): { requests: number; status429: number; status503: number; answeredTwice: number } {
  const calls = service.calls().filter((call) => call.path.startsWith('/v1/generate/'));
  const ok = new Map<string, number>();
  for (const call of calls) {
    if (call.status !== 200) continue;
    const name = (call.body as { values?: { name?: string } } | undefined)?.values?.name ?? '';
    const key = `${name}/${call.variant ?? ''}`;
    ok.set(key, (ok.get(key) ?? 0) + 1);
  }
  return {
    requests: calls.length,
    status429: calls.filter((call) => call.status === 429).length,
    status503: calls.filter((call) => call.status === 503).length,
    answeredTwice: [...ok.values()].filter((count) => count > 1).length,
  };
}

function figuresOf(run: ClientRun, unscaledSeconds: number, boundSeconds: number, cells: number, service: ReturnType<typeof serviceSide>): ClientFigures {
  const expected = Array.from({ length: cells }, (_, call) => cellKey(Math.floor(call / VARIANTS.length) + 1, VARIANTS[call % VARIANTS.length] ?? ''));
  const lost = expected.filter((key) => (run.successes.get(key) ?? 0) === 0).length;
  const doubled = Math.max(expected.filter((key) => (run.successes.get(key) ?? 0) > 1).length, service.answeredTwice);
  const rejectedShare = service.requests === 0 ? 0 : (service.status429 + service.status503) / service.requests;
  const toBound = unscaledSeconds / boundSeconds;
  return {
    seconds: round(unscaledSeconds, 1),
    toBound: round(toBound),
    requests: service.requests,
    rejected: { status429: service.status429, status503: service.status503 },
    rejectedShare: round(rejectedShare, 3),
    lost,
    doubled,
    onTarget: toBound <= CAPACITY_TARGETS.toBound && rejectedShare <= CAPACITY_TARGETS.rejectedShare && lost + doubled <= CAPACITY_TARGETS.lostOrDoubled,
  };
}

/** Every profile, the three clients in turn on each (the order rotated per profile), each with a fresh service state. */
export async function capacityBench(quick: boolean, log: (line: string) => void): Promise<CapacityFigures> {
  // Quick: a fifth of the cells, each duration × 0.04; full: the cells, × 0.1.
  const timeScale = quick ? 0.04 : 0.1;
  const seed = 47;
  const folder = await mkdtemp(path.join(os.tmpdir(), 'gist-bench-capacity-'));
  const service = await startService({ seed, control: false });
  const client = new GistClient();
  try {
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) starts.push((await gistCheckRun(folder, service.url, '', ['--help'])).realSeconds * 1000);
    const gistCheckStartMs = median(starts);
    // The engine runs in this process: its first run compiles the client and engine and opens the
    // connections, a fixed half second or so that the time scale would multiply tenfold (as Node's
    // start would gist-check's, which is taken out above). One run on an unlimited service first.
    service.setRealistic(undefined);
    await engineRun(client, service.url, await csvOf(folder, 50), path.join(folder, 'engine-warm-up.gistrun.jsonl'));
    const profiles: ProfileFigures[] = [];
    for (const [index, base] of CAPACITY_PROFILES.entries()) {
      const profile: CapacityProfile = { ...base, cells: quick ? Math.round(base.cells / 5) : base.cells };
      const rows = profile.cells / VARIANTS.length;
      const bound = boundOf(profile);
      const data = await csvOf(folder, rows);
      await writeFile(path.join(folder, 'checks.gisttest.json'), checksFile(rows));
      const serviceProfile: RealisticProfile = { ...profile.service, seed, timeScale };
      const runs: Record<ClientName, () => Promise<ClientRun>> = {
        engine: () => engineRun(client, service.url, data, path.join(folder, `engine-${profile.name}.gistrun.jsonl`)),
        gistCheck: () => gistCheckRun(folder, service.url, path.join(folder, `check-${profile.name}.gistrun.jsonl`)),
        ideal: () => idealRun(service.url, profile, timeScale),
      };
      const clients = {} as Record<ClientName, ClientFigures>;
      for (const offset of CLIENTS.keys()) {
        const name = CLIENTS[(index + offset) % CLIENTS.length] ?? 'engine';
        // A fresh service state: a full bucket, nothing in flight, the same latencies for each client.
        service.setRealistic(serviceProfile);
        service.clearCalls();
        const run = await runs[name]();
        // Node's start does not shrink with the service: only the rest of gist-check's time is scaled back.
        const startSeconds = name === 'gistCheck' ? gistCheckStartMs / 1000 : 0;
        const unscaled = (run.realSeconds - startSeconds) / timeScale + startSeconds;
        clients[name] = figuresOf(run, unscaled, bound.seconds, profile.cells, serviceSide(service));
        const f = clients[name];
        log(
          `capacity, ${profile.name} (${profile.cells} cells): ${name} ${f.seconds} s = ${f.toBound} × the bound of ${round(bound.seconds, 1)} s; ${f.rejected.status429} × 429 and ${f.rejected.status503} × 503 of ${f.requests} requests (${round(f.rejectedShare * 100, 1)} %); ${f.lost} cells lost, ${f.doubled} doubled`,
        );
      }
      for (const name of CLIENTS) clients[name].toIdeal = round(clients[name].seconds / clients.ideal.seconds);
      profiles.push({ name: profile.name, label: profile.label, cells: profile.cells, service: serviceProfile, boundSeconds: round(bound.seconds, 2), boundFormula: bound.formula, clients });
    }
    return { timeScale, seed, gistCheckStartMs: round(gistCheckStartMs, 0), targets: CAPACITY_TARGETS, profiles };
  } finally {
    service.setRealistic(undefined);
    await client.dispose();
    await service.close();
    await rm(folder, { recursive: true, force: true });
  }
}
