// A local gist service, a client that counts the calls it has under way, a data file and the
// results file of a run, for the engine's tests.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { GistClient } from '../../../src/client/gistClient';
import type { ConnectionSettings, GenerateRequest, GenerationResult } from '../../../src/client/types';
import { recordOf } from '../../../src/shared/keyedRecord';
import type { LabRunOptions } from '../../../src/runs/labRun';
import type { LabRunPlan } from '../../../src/runs/labPlan';
import { openResults, type ResultsEntry } from '../../../src/runs/resultsReader';
import type { CellResult, RowError } from '../../../src/runs/resultsFormat';
import { startService, type RunningService } from '../../../tools/service/index';
import { FakeClock, HALF } from './fakeClock';

export const KEY = 'gk_leak_canary_5e1f9c0d7a3b';

/** The real client; it only counts how many of its calls are under way at once. */
export class CountingClient extends GistClient {
  inFlight = 0;
  maxInFlight = 0;

  override async generate(settings: ConnectionSettings, request: GenerateRequest, signal?: AbortSignal): Promise<GenerationResult> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      return await super.generate(settings, request, signal);
    } finally {
      this.inFlight -= 1;
    }
  }
}

export interface LabFixture {
  service: RunningService;
  client: CountingClient;
  clock: FakeClock;
  folder: string;
  /** Writes `people.csv` with `rows` rows (name, product) and returns its path. */
  data(rows: number, text?: string): Promise<string>;
  plan(dataPath: string, overrides?: Partial<LabRunPlan>): LabRunPlan;
  options(overrides?: Partial<LabRunOptions>): LabRunOptions;
}

export function useLabFixture(): LabFixture {
  const fixture = {} as LabFixture;
  before(async function () {
    fixture.service = await startService({ seed: 1 });
  });
  after(async function () {
    await fixture.service.close();
  });
  beforeEach(async function () {
    fixture.service.clearCalls();
    fixture.service.clearFaults();
    fixture.client = new CountingClient();
    fixture.clock = new FakeClock(() => fixture.client.inFlight > 0);
    fixture.folder = await mkdtemp(path.join(os.tmpdir(), 'gist-lab-'));
    fixture.data = async (rows, text) => {
      const target = path.join(fixture.folder, 'people.csv');
      const lines = ['name,product', ...Array.from({ length: rows }, (_, index) => `Person ${index + 1},Product ${index + 1}`)];
      await writeFile(target, text ?? `${lines.join('\n')}\n`);
      return target;
    };
    fixture.plan = (dataPath, overrides = {}) => ({
      gistId: 'welcome-email',
      variants: ['formal', 'friendly', null],
      dataPath,
      variables: ['name', 'product'],
      mapping: recordOf([
        ['name', { column: 'name' }],
        ['product', { column: 'product' }],
      ]),
      ...overrides,
    });
    fixture.options = (overrides = {}) => ({
      service: { client: fixture.client, connection: { baseUrl: fixture.service.url, apiKeyHeader: 'SERVICE-API-KEY', apiKey: KEY, timeoutMs: 5000, profile: 'Local' } },
      tool: { name: 'gist-generate', version: '0.1.0' },
      clock: fixture.clock,
      random: HALF,
      ...overrides,
    });
  });
  afterEach(async function () {
    await fixture.client.dispose();
    await rm(fixture.folder, { recursive: true, force: true });
  });
  return fixture;
}

export interface ReadBack {
  results: CellResult[];
  rowErrors: RowError[];
  others: ResultsEntry[];
  /** `row:variant:sample` of every result line, in file order. */
  cells: string[];
}

export async function readBack(file: string): Promise<ReadBack> {
  const { entries } = await openResults(file);
  const back: ReadBack = { results: [], rowErrors: [], others: [], cells: [] };
  for await (const entry of entries) {
    if (entry.kind !== 'line') {
      back.others.push(entry);
    } else if (entry.line.type === 'result') {
      back.results.push(entry.line);
      back.cells.push(`${entry.line.row}:${entry.line.variant ?? 'auto'}:${entry.line.sample}`);
    } else {
      back.rowErrors.push(entry.line);
    }
  }
  return back;
}

/** Every cell of `rows` × `variants` × `samples`, sorted. */
export function everyCell(rows: number, variants: ReadonlyArray<string | null>, samples = 1): string[] {
  const cells: string[] = [];
  for (let row = 1; row <= rows; row++) {
    for (const variant of variants) {
      for (let sample = 1; sample <= samples; sample++) {
        cells.push(`${row}:${variant ?? 'auto'}:${sample}`);
      }
    }
  }
  return cells.sort();
}
