// Client overhead: the extension's client against a bare undici loop and curl per call, side by
// side against the same local service, in one run.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Agent, request } from 'undici';
import { GistClient } from '../src/client/gistClient';
import { startService } from '../tools/service/index';
import { loop, sideBySide, type OverheadRow } from './sideBySide';

export type { OverheadRow } from './sideBySide';

const KEY = 'gk_demo_ada';
const BODY = JSON.stringify({ values: { text: 'hello' } });
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

export async function clientOverhead(count: number, curlCount: number): Promise<OverheadRow[]> {
  const service = await startService({ control: false });
  const url = `${service.url}/v1/generate/echo/plain`;
  const client = new GistClient();
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  try {
    const settings = { baseUrl: service.url, apiKeyHeader: 'SERVICE-API-KEY', apiKey: KEY, timeoutMs: 10_000 };
    const loops = [
      loop('extension client (GistClient)', count, () => client.generate(settings, { gistId: 'echo', variant: 'plain', values: { text: 'hello' } })),
      loop('bare undici.request loop', count, async () => {
        const response = await request(url, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json', 'service-api-key': KEY }, body: BODY });
        JSON.parse(await response.body.text());
      }),
      // Asynchronous: the service runs in this process, so a synchronous spawn would starve it.
      ...((await hasCurl()) ? [loop('curl per call', curlCount, () => run('curl', ['-sf', '-X', 'POST', '-H', 'Content-Type: application/json', '-H', `SERVICE-API-KEY: ${KEY}`, '-d', BODY, url]))] : []),
    ];
    return await sideBySide(loops, count, () => service.connectionCount());
  } finally {
    await client.dispose();
    await agent.close();
    await service.close();
  }
}
