// The adaptive concurrency (AIMD, as promptfoo's scheduler) and the retry policy, on fixed
// numbers: no clock, no randomness but the one passed in.
import { strict as assert } from 'node:assert';
import { GistError } from '../../../src/client/errors';
import { AdaptiveConcurrency } from '../../../src/runs/adaptiveConcurrency';
import { DEFAULT_RETRY_POLICY, isOverload, isRetryable, retryDelayMs } from '../../../src/runs/retryPolicy';
import { RateMeter, secondsLeft } from '../../../src/runs/progressMeter';

const error = (kind: ConstructorParameters<typeof GistError>[0], status?: number): GistError => new GistError(kind, 'x', 'retry', { status });

describe('adaptive concurrency', function () {
  it('halves on an overload, never below one', function () {
    const concurrency = new AdaptiveConcurrency(8);
    assert.equal(concurrency.limit, 8);
    for (const expected of [4, 2, 1, 1]) {
      concurrency.overloaded(concurrency.attemptStarted());
      assert.equal(concurrency.limit, expected);
    }
    assert.equal(concurrency.decreases, 3);
  });

  it('counts a burst of overloads from calls started before the cut as one cut', function () {
    const concurrency = new AdaptiveConcurrency(8);
    const burst = Array.from({ length: 8 }, () => concurrency.attemptStarted());
    for (const attempt of burst) {
      concurrency.overloaded(attempt);
    }
    assert.equal(concurrency.limit, 4, 'eight refusals at once halve once');
    // A call started after the cut that is refused too cuts again.
    concurrency.overloaded(concurrency.attemptStarted());
    assert.equal(concurrency.limit, 2);
  });

  it('adds one back after five successes in a row, up to the ceiling', function () {
    const concurrency = new AdaptiveConcurrency(4);
    concurrency.overloaded(concurrency.attemptStarted());
    concurrency.overloaded(concurrency.attemptStarted());
    assert.equal(concurrency.limit, 1);
    const limits: number[] = [];
    for (let success = 0; success < 20; success++) {
      concurrency.succeeded();
      limits.push(concurrency.limit);
    }
    assert.deepEqual(limits, [1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4]);
  });

  it('starts the count of successes again after an overload', function () {
    const concurrency = new AdaptiveConcurrency(4);
    concurrency.overloaded(concurrency.attemptStarted());
    for (let success = 0; success < 4; success++) {
      concurrency.succeeded();
    }
    concurrency.overloaded(concurrency.attemptStarted());
    assert.equal(concurrency.limit, 1);
    for (let success = 0; success < 4; success++) {
      concurrency.succeeded();
    }
    assert.equal(concurrency.limit, 1);
    concurrency.succeeded();
    assert.equal(concurrency.limit, 2);
  });
});

describe('retry policy', function () {
  it('tries again after a 429, a 5xx, a network failure or a timeout, and not after other failures', function () {
    assert.ok(isRetryable(error('rateLimited', 429)));
    assert.ok(isRetryable(error('service', 500)));
    assert.ok(isRetryable(error('service', 503)));
    assert.ok(isRetryable(error('network')));
    assert.ok(isRetryable(error('timeout')));
    assert.ok(!isRetryable(error('service')), 'a 2xx with an error in its envelope');
    for (const kind of ['authentication', 'notFound', 'badRequest', 'malformedResponse', 'cancelled', 'configuration'] as const) {
      assert.ok(!isRetryable(error(kind)), kind);
    }
  });

  it('slows the whole run down on a 429 or 503 only', function () {
    assert.ok(isOverload(error('rateLimited', 429)));
    assert.ok(isOverload(error('service', 503)));
    assert.ok(!isOverload(error('service', 500)));
    assert.ok(!isOverload(error('network')));
  });

  it('waits as long as Retry-After says, plus up to a fifth at random, capped at a minute', function () {
    assert.equal(retryDelayMs(DEFAULT_RETRY_POLICY, 1, 2, 0), 2000);
    assert.equal(retryDelayMs(DEFAULT_RETRY_POLICY, 1, 2, 0.5), 2200);
    assert.equal(retryDelayMs(DEFAULT_RETRY_POLICY, 3, 2, 0.999), 2400, 'the attempt does not matter with Retry-After');
    assert.equal(retryDelayMs(DEFAULT_RETRY_POLICY, 1, 3600, 0), 60_000);
    assert.equal(retryDelayMs(DEFAULT_RETRY_POLICY, 1, 0, 0.5), 0);
  });

  it('doubles the wait from one second without Retry-After, up to thirty', function () {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7].map((retry) => retryDelayMs(DEFAULT_RETRY_POLICY, retry, undefined, 0)),
      [1000, 2000, 4000, 8000, 16000, 30000, 30000],
    );
    assert.equal(retryDelayMs(DEFAULT_RETRY_POLICY, 2, undefined, 1), 2400);
  });
});

describe('progress', function () {
  it('counts calls per second over the last ten seconds, and the time left at that rate', function () {
    const meter = new RateMeter(0);
    assert.equal(meter.perSecond(0), 0);
    for (let at = 0; at < 2000; at += 100) {
      meter.finished(at);
    }
    assert.equal(meter.perSecond(2000), 10, '20 calls in the first 2 s');
    for (let at = 2000; at < 20_000; at += 50) {
      meter.finished(at);
    }
    assert.equal(meter.perSecond(20_000), 20, 'the last 10 s only');
    assert.equal(secondsLeft(100, 300, 20), 10);
    assert.equal(secondsLeft(100, undefined, 20), undefined);
    assert.equal(secondsLeft(100, 300, 0), undefined);
  });
});
