// The engine finds a service's capacity by itself, at its default settings, over simulated
// services on a virtual clock: a token bucket of rate R and burst B, a cap on calls in flight, a
// queueing service. A bucket bounds a run: N calls of mean latency L cannot finish before
// (N − B)/R + L; the engine finishes within 1.2 × that with at most 5% of requests refused, and
// every cell exactly once. Virtual time: nothing here waits for a wall clock.
import { strict as assert } from 'node:assert';
import { runCells, type FinishedCall, type RunOutcome } from '../../../src/runs/engine';
import { HALF } from './fakeClock';
import { rowsOf, SimulatedService, type ServiceProfile } from './simulatedService';

interface Measured {
  readonly outcome: RunOutcome;
  readonly seconds: number;
  readonly cells: readonly FinishedCall[];
  readonly service: SimulatedService;
}

async function run(profile: ServiceProfile, rows: number, variants: readonly string[] = ['a', 'b'], concurrency?: number): Promise<Measured> {
  const service = new SimulatedService(profile);
  const cells: FinishedCall[] = [];
  const outcome = await runCells({
    gistId: 'g',
    variants,
    samples: 1,
    rows: rowsOf(rows),
    total: rows * variants.length,
    ...(concurrency === undefined ? {} : { concurrency }),
    call: service.call,
    sink: { result: (call) => void cells.push(call), rowError: () => undefined },
    clock: service.clock,
    random: HALF,
  });
  return { outcome, seconds: service.clock.now() / 1000, cells, service };
}

function assertEveryCellOnce(measured: Measured, rows: number, variants = 2): void {
  const keys = measured.cells.map((cell) => `${cell.row}:${cell.variantIndex}`);
  assert.equal(new Set(keys).size, keys.length, 'no cell twice');
  assert.equal(keys.length, rows * variants, 'every cell');
}

const LATENCY = { medianMs: 400, sigma: 0.83 };

describe('engine: finding the service’s capacity', function () {
  this.timeout(60_000);

  for (const [name, profile, rows] of [
    ['20 a second, burst 20 (the issue’s profile)', { rate: 20, burst: 20, ...LATENCY }, 300],
    ['5 a second, burst 5', { rate: 5, burst: 5, ...LATENCY }, 150],
    ['20 a second with x-ratelimit-* headers', { rate: 20, burst: 20, headers: true, ...LATENCY }, 300],
  ] as const) {
    it(`paces itself to a token bucket of ${name}: within 1.2 × the bound, at most 5% refused, no cell failed`, async function () {
      const measured = await run(profile, rows);
      const n = rows * 2;
      const bound = (n - profile.burst) / profile.rate + measured.service.meanMs / 1000;
      const figures = `${measured.seconds.toFixed(1)} s for a bound of ${bound.toFixed(1)} s; ${measured.service.refused} of ${measured.service.requests} refused`;
      assert.equal(measured.outcome.end, 'finished');
      assertEveryCellOnce(measured, rows);
      assert.equal(measured.outcome.progress.failures, 0, figures);
      assert.ok(measured.seconds <= 1.2 * bound, figures);
      assert.ok(measured.service.refused <= 0.05 * measured.service.requests, figures);
      assert.ok(measured.outcome.progress.pacedPerSecond !== undefined, 'the progress tells the paced rate');
    });
  }

  it('at 32 at once on 5 a second, no cell fails because its retries went on 429s (12 of 300 did)', async function () {
    const measured = await run({ rate: 5, burst: 5, ...LATENCY }, 150, ['a', 'b'], 32);
    assertEveryCellOnce(measured, 150);
    assert.equal(measured.outcome.progress.failures, 0, `${measured.outcome.progress.failures} cells failed on 429s`);
  });

  it('uses a service that caps calls in flight (503 beyond 16) near its capacity', async function () {
    const measured = await run({ maxInFlight: 16, ...LATENCY }, 300);
    const bound = (600 / 16) * (measured.service.meanMs / 1000);
    const figures = `${measured.seconds.toFixed(1)} s for a bound of ${bound.toFixed(1)} s; ${measured.service.refused} of ${measured.service.requests} refused`;
    assertEveryCellOnce(measured, 300);
    assert.equal(measured.outcome.progress.failures, 0, figures);
    assert.ok(measured.seconds <= 1.2 * bound, figures);
    assert.ok(measured.service.refused <= 0.05 * measured.service.requests, figures);
  });

  it('keeps the calls in flight near a queueing service’s workers instead of growing to the ceiling', async function () {
    const measured = await run({ workers: 16, medianMs: 400, sigma: 0.2 }, 300);
    const bound = (600 / 16) * (measured.service.meanMs / 1000);
    const figures = `${measured.seconds.toFixed(1)} s for a bound of ${bound.toFixed(1)} s; at most ${measured.service.maxInFlight} in flight`;
    assertEveryCellOnce(measured, 300);
    assert.ok(measured.seconds <= 1.2 * bound, figures);
    assert.ok(measured.service.maxInFlight <= 4 * 16, figures);
  });
});
