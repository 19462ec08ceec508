// The engine finds a service's capacity by itself, at its default settings, over simulated
// services on a virtual clock: a token bucket of rate R and burst B, a cap on calls in flight, a
// queueing service. A bucket bounds a run: N calls of mean latency L cannot finish before
// (N − B)/R + L; the engine finishes within 1.2 × that with at most 5% of requests refused, and
// every cell exactly once. Virtual time: nothing here waits for a wall clock.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { GistError } from '../../../src/client/errors';
import { runCells, type FinishedCall, type RunOutcome } from '../../../src/runs/engine';
import { FakeClock, HALF } from './fakeClock';
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

describe('engine: every cell once, whatever the service refuses', function () {
  this.timeout(120_000);

  it('loses no cell and writes none twice under random 429s, 503s, failures and a cancel (property)', async function () {
    const outcomes = fc.oneof(
      fc.constant('ok' as const),
      fc.constant('429' as const),
      fc.constant('503' as const),
      fc.constant('500' as const),
      fc.constant('400' as const),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(outcomes, { minLength: 1, maxLength: 200 }), fc.integer({ min: 1, max: 30 }), fc.option(fc.integer({ min: 0, max: 60 })), fc.integer({ min: 1, max: 512 }), async (script, rows, cancelAt, concurrency) => {
        const clock = new FakeClock();
        let next = 0;
        const controller = new AbortController();
        const written: string[] = [];
        const outcome = await runCells({
          gistId: 'g',
          variants: ['a', 'b'],
          samples: 1,
          rows: rowsOf(rows),
          total: rows * 2,
          concurrency,
          signal: controller.signal,
          clock,
          random: HALF,
          call: async (request) => {
            await clock.sleep(10 + (next % 7) * 50);
            const answer = script[next++ % script.length];
            if (answer === '429') throw new GistError('rateLimited', '429', 'retry', { status: 429, retryAfterSeconds: next % 3 });
            if (answer === '503') throw new GistError('service', '503', 'retry', { status: 503 });
            if (answer === '500') throw new GistError('service', '500', 'retry', { status: 500 });
            if (answer === '400') throw new GistError('badRequest', '400', 'none', { status: 400 });
            return { id: `${request.values.row ?? ''}`, content: 'ok' };
          },
          sink: {
            result: (call) => {
              written.push(`${call.row}:${call.variantIndex}`);
              if (cancelAt !== null && written.length >= cancelAt) controller.abort();
            },
            rowError: () => undefined,
          },
        });
        assert.equal(new Set(written).size, written.length, 'no cell twice');
        if (outcome.end === 'finished') {
          assert.equal(written.length, rows * 2, 'every cell');
        } else {
          assert.equal(outcome.end, 'cancelled');
        }
        assert.equal(outcome.progress.done, written.length);
      }),
      { numRuns: 60 },
    );
  });
});
