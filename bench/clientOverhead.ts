// Client overhead: the extension's client against a bare undici loop and curl per call, side by
// side against the same local service, in one run.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Agent, request } from 'undici';
import { GistClient } from '../src/client/gistClient';
import { startService } from '../tools/service/index';
import { median, percentile, round } from './stats';

export interface OverheadRow {
  readonly name: string;
  readonly calls: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Connections the service saw opened by this loop, warm-up included. */
  readonly connections: number;
}

interface Loop {
  readonly name: string;
  readonly calls: number;
  readonly call: () => Promise<unknown>;
  readonly samples: number[];
  connections: number;
}

const KEY = 'gk_demo_ada';
const BODY = JSON.stringify({ values: { text: 'hello' } });
const BLOCK = 25;
const run = promisify(execFile);

async function hasCurl(): Promise<boolean> {
  try {
    await run('curl', ['--version']);
    return true;
  } catch {
    process.stdout.write('[bench] curl is not installed: the curl row is left out (apt-get install curl)\n');
    return false;
  }
}

async function timed(count: number, call: () => Promise<unknown>, into: number[] = []): Promise<number[]> {
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call();
    into.push(performance.now() - started);
  }
  return into;
}

export async function clientOverhead(count: number, curlCount: number): Promise<OverheadRow[]> {
  const service = await startService({ control: false });
  const url = `${service.url}/v1/generate/echo/plain`;
  const client = new GistClient();
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  try {
    const settings = { baseUrl: service.url, apiKeyHeader: 'SERVICE-API-KEY', apiKey: KEY, timeoutMs: 10_000 };
    const loop = (name: string, calls: number, call: () => Promise<unknown>): Loop => ({ name, calls, call, samples: [], connections: 0 });
    const loops = [
      loop('extension client (GistClient)', count, () => client.generate(settings, { gistId: 'echo', variant: 'plain', values: { text: 'hello' } })),
      loop('bare undici.request loop', count, async () => {
        const response = await request(url, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json', 'service-api-key': KEY }, body: BODY });
        JSON.parse(await response.body.text());
      }),
      // Asynchronous: the service runs in this process, so a synchronous spawn would starve it.
      ...((await hasCurl()) ? [loop('curl per call', curlCount, () => run('curl', ['-sf', '-X', 'POST', '-H', 'Content-Type: application/json', '-H', `SERVICE-API-KEY: ${KEY}`, '-d', BODY, url]))] : []),
    ];
    // Connections are counted per block; blocks never overlap, so each delta belongs to one loop.
    const block = async (target: Loop, calls: number, samples?: number[]): Promise<void> => {
      const before = service.connectionCount();
      await timed(calls, target.call, samples);
      target.connections += service.connectionCount() - before;
    };
    for (const target of loops) {
      await block(target, Math.min(50, target.calls));
    }
    // Interleaved blocks, order rotated each round, so both loops see the same machine noise.
    for (let round = 0; loops.some((target) => target.samples.length < target.calls); round++) {
      for (let i = 0; i < loops.length; i++) {
        const target = loops[(i + round) % loops.length];
        if (target !== undefined && target.samples.length < target.calls) {
          const size = Math.min(target.calls - target.samples.length, Math.max(1, Math.round((BLOCK * target.calls) / count)));
          await block(target, size, target.samples);
        }
      }
    }
    return loops.map((target) => ({
      name: target.name,
      calls: target.samples.length,
      p50Ms: round(median(target.samples), 3),
      p99Ms: round(percentile(target.samples, 99), 3),
      connections: target.connections,
    }));
  } finally {
    await client.dispose();
    await agent.close();
    await service.close();
  }
}
