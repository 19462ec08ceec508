// The realistic mode of the local service: seeded log-normal latencies, a token bucket answering
// 429 with Retry-After and OpenAI-style rate-limit headers, a cap on calls in flight answering 503,
// and workers with a FIFO queue.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { ServiceControl } from '../../../tools/service/controlClient';
import { type RunningService, startService } from '../../../tools/service/index';
import { logNormalMeanMs, logNormalOf, logNormalQuantileMs, logNormalSampler } from '../../../tools/service/logNormal';
import { mulberry32 } from '../../../tools/service/random';
import { RealisticMode, formatResetDuration, type RealisticProfile } from '../../../tools/service/realistic';
import { realisticFromFlags } from '../../../tools/service/realisticFlags';
import { TokenBucket } from '../../../tools/service/tokenBucket';
import { WorkerQueue } from '../../../tools/service/workerQueue';
import { type ProbeResponse, generate } from './httpProbe';

const CALL = '/v1/generate/echo/plain';
const call = (url: string): Promise<ProbeResponse> => generate(url, CALL, { text: 'hi' });

/**
 * Reads `x-ratelimit-reset-requests` as OpenAI documents it ("1s", "6m0s", "17ms": units h, m, s,
 * ms in turn); the test's own reader, so the writer is checked against the format, not itself.
 */
function parseResetDuration(text: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+)ms)?$/.exec(text);
  if (!match || text === '') throw new Error(`not a reset duration: "${text}"`);
  const [, h = '0', m = '0', s = '0', ms = '0'] = match;
  return Number(h) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(ms);
}

describe('local service realistic mode', () => {
  describe('latency', () => {
    it('draws the same latencies for the same seed, and others for another', () => {
      const profile: RealisticProfile = { seed: 7 };
      const draws = (mode: RealisticMode): number[] => Array.from({ length: 50 }, () => mode.nextLatencyMs());
      const first = draws(new RealisticMode(profile));
      assert.deepEqual(draws(new RealisticMode(profile)), first);
      assert.notDeepEqual(draws(new RealisticMode({ seed: 8 })), first);
    });

    it('has the median and p95 it was given (issue 47: 400 ms and 1.5 s, a mean near 550 ms)', () => {
      const distribution = logNormalOf({ medianMs: 400, p95Ms: 1500 });
      assert.ok(Math.abs(logNormalQuantileMs(distribution, 0.5) - 400) < 1e-6);
      assert.ok(Math.abs(logNormalQuantileMs(distribution, 0.95) - 1500) < 1e-6);
      assert.ok(Math.abs(logNormalMeanMs(distribution) - 552) < 2, String(logNormalMeanMs(distribution)));
      const draw = logNormalSampler(distribution, mulberry32(1));
      const sample = Array.from({ length: 20_000 }, draw).sort((a, b) => a - b);
      const at = (p: number): number => sample[Math.floor(p * sample.length)] ?? Number.NaN;
      assert.ok(Math.abs(at(0.5) / 400 - 1) < 0.04, `median ${at(0.5)}`);
      assert.ok(Math.abs(at(0.95) / 1500 - 1) < 0.06, `p95 ${at(0.95)}`);
    });

    it('refuses a latency it cannot draw', () => {
      assert.throws(() => logNormalOf({ medianMs: 400, p95Ms: 300 }), /median ≤ p95/);
      assert.throws(() => new RealisticMode({ latency: { mu: 1, sigma: -1 } }), /sigma ≥ 0/);
    });
  });

  describe('token bucket (a clock of the test)', () => {
    it('admits the burst, then one request per refill interval, exactly', () => {
      // 10 a second, burst 5; a request every 50 ms for a second: the bucket gains half a token a step.
      const bucket = new TokenBucket(10, 5, 0);
      const allowed = Array.from({ length: 20 }, (_, step) => bucket.take(step * 50).allowed);
      const admittedAt = allowed.flatMap((ok, step) => (ok ? [step * 50] : []));
      assert.deepEqual(admittedAt, [0, 50, 100, 150, 200, 250, 300, 350, 400, 500, 600, 700, 800, 900]);
    });

    it('tells a refused request when the next token comes, and admits it then', () => {
      const bucket = new TokenBucket(4, 2, 1000);
      assert.equal(bucket.take(1000).allowed, true);
      const last = bucket.take(1000);
      assert.deepEqual(last, { allowed: true, remaining: 0, retryAfterMs: 250, resetMs: 500 });
      const refused = bucket.take(1100);
      assert.equal(refused.allowed, false);
      assert.ok(Math.abs(refused.retryAfterMs - 150) < 1e-9);
      assert.equal(bucket.take(1100 + refused.retryAfterMs).allowed, true);
    });

    it('never admits more than burst + rate × the window, and never refuses a request that waited as told', () => {
      fc.assert(
        fc.property(
          fc.double({ min: 0.5, max: 100, noNaN: true }),
          fc.integer({ min: 1, max: 20 }),
          fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 200 }),
          (perSecond, burst, gaps) => {
            const bucket = new TokenBucket(perSecond, burst, 0);
            let now = 0;
            const admitted: number[] = [];
            for (const gap of gaps) {
              now += gap;
              const answer = bucket.take(now);
              if (answer.allowed) {
                admitted.push(now);
              } else {
                // Waiting as told gets the request in.
                const retry = bucket.take(now + answer.retryAfterMs);
                assert.equal(retry.allowed, true);
                now += answer.retryAfterMs;
                admitted.push(now);
              }
            }
            for (let i = 0; i < admitted.length; i++) {
              for (let j = i; j < admitted.length; j++) {
                const window = (admitted[j] ?? 0) - (admitted[i] ?? 0);
                assert.ok(j - i + 1 <= burst + (perSecond * window) / 1000 + 1e-6, `${j - i + 1} admitted in ${window} ms`);
              }
            }
          },
        ),
      );
    });
  });

  describe('worker queue', () => {
    it('serves `workers` calls at once and the rest in arrival order; an abort leaves the line', async () => {
      const queue = new WorkerQueue(2);
      const never = new AbortController().signal;
      const order: string[] = [];
      const enter = (name: string, signal = never): Promise<void> => queue.acquire(signal).then((got) => void order.push(got ? name : `${name} left`));
      const leaving = new AbortController();
      const all = [enter('a'), enter('b'), enter('c'), enter('d', leaving.signal), enter('e')];
      await Promise.resolve();
      assert.deepEqual([queue.running, queue.queued], [2, 3]);
      leaving.abort();
      queue.release();
      queue.release();
      queue.release();
      await Promise.all(all);
      assert.deepEqual(order, ['a', 'b', 'd left', 'c', 'e']);
      assert.deepEqual([queue.running, queue.queued], [1, 0]);
    });
  });

  describe('over HTTP', () => {
    let service: RunningService;
    afterEach(() => service.close());

    it('answers 429 past the burst, with Retry-After in whole seconds, retry-after-ms and consistent rate-limit headers on every answer', async () => {
      // A refill far slower than the test: the bucket is the burst alone.
      service = await startService({ realistic: { seed: 1, latency: { medianMs: 1, p95Ms: 2 }, rate: { perSecond: 0.01, burst: 3 } } });
      const answers: ProbeResponse[] = [];
      for (let i = 0; i < 5; i++) answers.push(await call(service.url));
      assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 429, 429]);
      for (const [index, answer] of answers.entries()) {
        assert.equal(answer.headers['x-ratelimit-limit-requests'], '3');
        const remaining = Number(answer.headers['x-ratelimit-remaining-requests']);
        assert.equal(remaining, Math.max(0, 2 - index));
        // Until full: (burst − tokens) / rate; the tokens are the whole ones left plus a sliver of refill.
        const resetMs = parseResetDuration(String(answer.headers['x-ratelimit-reset-requests']));
        const expected = (3 - remaining) * 100_000;
        assert.ok(resetMs <= expected && resetMs > expected - 1000, `reset ${resetMs} ms for ${remaining} left`);
      }
      for (const refused of answers.slice(3)) {
        const ms = Number(refused.headers['retry-after-ms']);
        assert.match(String(refused.headers['retry-after']), /^\d+$/);
        assert.equal(Number(refused.headers['retry-after']), Math.ceil(ms / 1000));
        assert.ok(ms > 99_000 && ms <= 100_000, String(ms));
        assert.match(refused.envelope().error ?? '', /Rate limit reached.*Retry-After/);
        assert.equal(refused.envelope().data, null);
      }
      assert.deepEqual(service.calls().map((c) => c.status), [200, 200, 200, 429, 429]);
    });

    it('answers 503 with Retry-After beyond the calls in flight it allows', async () => {
      service = await startService({ realistic: { seed: 1, latency: { medianMs: 300, p95Ms: 300 }, maxInFlight: 2 } });
      const answers = await Promise.all([call(service.url), call(service.url), call(service.url)]);
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 503]);
      const refused = answers.find((a) => a.status === 503);
      assert.match(String(refused?.headers['retry-after']), /^[1-9]\d*$/);
      assert.match(refused?.envelope().error ?? '', /at capacity \(2 calls in flight\)/);
      assert.equal(refused?.headers['x-ratelimit-limit-requests'], undefined, 'no rate-limit headers without a rate limit');
    });

    it('is set, read and turned off through the control surface, each time with a full bucket', async () => {
      service = await startService();
      const control = new ServiceControl(service.url);
      const profile: RealisticProfile = { seed: 2, latency: { medianMs: 1, p95Ms: 1 }, rate: { perSecond: 0.01, burst: 1 } };
      await control.setRealistic(profile);
      assert.deepEqual(await (await fetch(`${service.url}/_control/realistic`)).json(), profile);
      assert.deepEqual([(await call(service.url)).status, (await call(service.url)).status], [200, 429]);
      await control.setRealistic(profile);
      assert.equal((await call(service.url)).status, 200);
      await control.setRealistic(undefined);
      assert.deepEqual([(await call(service.url)).status, (await call(service.url)).status], [200, 200]);
      await assert.rejects(control.setRealistic({ rate: { perSecond: 1, burst: 1 }, maxInflight: 3 } as RealisticProfile), /unknown realistic profile field "maxInflight"/);
    });
  });

  describe('flags', () => {
    it('defaults to the issue profile, and --rate 0 lifts the limit', () => {
      assert.deepEqual(realisticFromFlags({ realistic: true }, 1), { seed: 1, rate: { perSecond: 20, burst: 20 } });
      assert.deepEqual(realisticFromFlags({ realistic: true, rate: '0', 'max-in-flight': '16', 'time-scale': '0.1' }, undefined), { maxInFlight: 16, timeScale: 0.1 });
      assert.deepEqual(realisticFromFlags({ realistic: true, rate: '5', 'median-ms': '800', 'p95-ms': '3000', 'queue-workers': '8' }, undefined), {
        latency: { medianMs: 800, p95Ms: 3000 },
        rate: { perSecond: 5, burst: 5 },
        queueWorkers: 8,
      });
      assert.equal(realisticFromFlags({}, 1), undefined);
    });

    it('refuses flags that would do nothing or contradict each other', () => {
      assert.throws(() => realisticFromFlags({ rate: '5' }, undefined), /--rate belongs to the realistic mode: add --realistic/);
      assert.throws(() => realisticFromFlags({ realistic: true, mu: '6', 'median-ms': '400' }, undefined), /not both/);
      assert.throws(() => realisticFromFlags({ realistic: true, burst: '0' }, undefined), /--burst must be a whole number ≥ 1/);
    });
  });

  it('writes reset durations as OpenAI does', () => {
    assert.deepEqual([0, 17, 999.2, 1000, 1500, 59_999, 60_000, 150_000].map(formatResetDuration), ['0ms', '17ms', '1s', '1s', '1.5s', '59.999s', '1m0s', '2m30s']);
    fc.assert(fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (ms) => Math.abs(parseResetDuration(formatResetDuration(ms)) - Math.ceil(ms)) < 1e-6));
  });
});
