// The floor under the lab engine in plain Node (issue 26): the bare pool's calls with only the work
// the issue asks of every run around them, done the shortest way, by the bench's own code: the rows
// streamed from the data file by csv-parse (the parser the issue names), each call's line written
// to a results file (gathered and written once a second, as the lab's writer does) after a
// literal check for the key. No engine, no retries, no redaction of escaped or encoded keys, no
// lock, no header, no progress, and undici's `pool.request` as the bare pool calls it. What that
// work costs on this machine, beside the engine that does all of it (the floor inside VS Code,
// host/labFloor.ts, does the same for Run over Data).
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import { Pool } from 'undici';
import { WRITE_GATHER_BYTES, WRITE_GATHER_MS } from '../src/runs/resultsWriter';
import { BARE_CONCURRENCY, cpuPerCall, type RunFigures } from './bareCalls';

const KEY = 'gk_demo_ada';
const GIST = 'welcome-email';
const VARIANTS = ['formal', 'friendly'];

interface FloorCell {
  readonly row: number;
  readonly values: Record<string, string>;
  readonly variant: string;
}

/** The calls of `rows` rows of the CSV at `dataPath` × the two variants, each line written to `resultsPath` (replaced). */
export async function labNodeFloorRun(serviceUrl: string, dataPath: string, resultsPath: string): Promise<RunFigures> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const pool = new Pool(serviceUrl, { connections: BARE_CONCURRENCY, keepAliveTimeout: 30_000 });
  const file = await open(resultsPath, 'w');
  const rows = createReadStream(dataPath, { highWaterMark: 64 * 1024 }).pipe(parse({ columns: true }))[Symbol.asyncIterator]() as AsyncIterator<Record<string, string>>;
  let row: { readonly row: number; readonly values: Record<string, string> } | undefined;
  let rowNumber = 0;
  let variantIndex = VARIANTS.length;
  // Workers take cells one after another: the next row is read once the last one's variants are taken.
  let reading: Promise<FloorCell | undefined> = Promise.resolve(undefined);
  const nextCell = (): Promise<FloorCell | undefined> =>
    (reading = reading.then(async () => {
      if (variantIndex >= VARIANTS.length) {
        const read = await rows.next();
        if (read.done === true) return undefined;
        row = { row: ++rowNumber, values: read.value };
        variantIndex = 0;
      }
      return row === undefined ? undefined : { ...row, variant: VARIANTS[variantIndex++] ?? 'formal' };
    }));

  let pending: string[] = [];
  let pendingBytes = 0;
  let gathering: NodeJS.Timeout | undefined;
  let writes: Promise<unknown> = Promise.resolve();
  const flush = (): void => {
    clearTimeout(gathering);
    gathering = undefined;
    const text = pending.join('');
    pending = [];
    pendingBytes = 0;
    writes = writes.then(() => file.write(text));
  };
  const append = (line: string): void => {
    if (line.includes(KEY)) throw new Error('the floor would have written the key');
    pending.push(line);
    pendingBytes += line.length;
    if (pendingBytes >= WRITE_GATHER_BYTES) flush();
    else gathering ??= setTimeout(flush, WRITE_GATHER_MS);
  };

  let calls = 0;
  const worker = async (): Promise<void> => {
    for (let cell = await nextCell(); cell !== undefined; cell = await nextCell()) {
      const callStarted = performance.now();
      const response = await pool.request({
        path: `/v1/generate/${GIST}/${cell.variant}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'gist-generate', 'service-api-key': KEY },
        body: JSON.stringify({ values: cell.values }),
      });
      const envelope = (await response.body.json()) as { error: unknown; data?: { id?: unknown; content?: unknown } };
      if (response.statusCode !== 200 || envelope.error !== null) throw new Error(`floor call of row ${cell.row} failed with ${response.statusCode}`);
      calls += 1;
      const content = typeof envelope.data?.content === 'string' ? envelope.data.content : '';
      append(
        `${JSON.stringify({ type: 'result', row: cell.row, line: cell.row + 1, values: cell.values, variant: cell.variant, sample: 1, callId: envelope.data?.id ?? null, content, length: content.length, error: null, attempts: 1, latencyMs: Math.round(performance.now() - callStarted), finishedAt: new Date().toISOString() })}\n`,
      );
    }
  };
  try {
    await Promise.all(Array.from({ length: BARE_CONCURRENCY }, worker));
    flush();
    await writes;
  } finally {
    clearTimeout(gathering);
    await file.close();
    await pool.close();
  }
  return { seconds: (performance.now() - started) / 1000, calls, cpuMicrosPerCall: cpuPerCall(cpu, calls) };
}
