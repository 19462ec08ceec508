// The bare baseline every run of calls is compared with: an undici Pool making the same calls as
// the lab's and the checks' benches (welcome-email, name and product of each row, 2 variants, the
// client's headers) at the same concurrency, nothing kept. It imports undici alone, so it also
// runs as a process of its own (`node out/bench/bareCalls.js <serviceUrl> <rows>`), timed from
// spawn to exit like gist-check's bundle is.
import { Pool } from 'undici';

const KEY = 'gk_demo_ada';
const GIST = 'welcome-email';
const VARIANTS = ['formal', 'friendly'];
export const BARE_CONCURRENCY = 8;

export interface RunFigures {
  readonly seconds: number;
  readonly calls: number;
  /** This process's CPU (user + system) per call, in µs: less noisy than throughput on a busy machine. */
  readonly cpuMicrosPerCall: number;
}

export function cpuPerCall(since: NodeJS.CpuUsage, calls: number): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / calls;
}

/** What a floor run (see checksHost.ts) does around each bare call: `call` counts from 0, row-major over the variants. */
export interface BareCallHooks {
  readonly before: (call: number) => void;
  readonly after: (call: number) => void;
}

/** The same calls with a bare undici Pool: `BARE_CONCURRENCY` workers, each taking the next call, parsing the answer, nothing kept. */
export async function bareRun(serviceUrl: string, rows: number, hooks?: BareCallHooks): Promise<RunFigures> {
  const pool = new Pool(serviceUrl, { connections: BARE_CONCURRENCY, keepAliveTimeout: 30_000 });
  const total = rows * VARIANTS.length;
  let next = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const worker = async (): Promise<void> => {
    for (let call = next++; call < total; call = next++) {
      const row = Math.floor(call / VARIANTS.length) + 1;
      const variant = VARIANTS[call % VARIANTS.length] ?? 'formal';
      hooks?.before(call);
      const response = await pool.request({
        path: `/v1/generate/${GIST}/${variant}`,
        method: 'POST',
        // The headers the client sends: the same calls, so the service does the same work for both.
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'gist-generate', 'service-api-key': KEY },
        body: JSON.stringify({ values: { name: `Person ${row}`, product: `Product ${row}, the ${row % 7 === 0 ? 'big' : 'small'} one` } }),
      });
      const envelope = (await response.body.json()) as { error: unknown };
      if (response.statusCode !== 200 || envelope.error !== null) {
        throw new Error(`bare call ${call} failed with ${response.statusCode}`);
      }
      hooks?.after(call);
    }
  };
  await Promise.all(Array.from({ length: BARE_CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpuMicrosPerCall = cpuPerCall(cpu, total);
  await pool.close();
  return { seconds, calls: total, cpuMicrosPerCall };
}

if (require.main === module) {
  const [serviceUrl, rows] = process.argv.slice(2);
  bareRun(serviceUrl ?? '', Number(rows)).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
