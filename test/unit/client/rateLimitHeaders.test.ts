// What a refused call's headers say about the limit: `retry-after-ms`, OpenAI's
// `x-ratelimit-*-requests` (reset as a Go duration: `1s`, `6m0s`, `20ms`) and the IETF draft's
// `ratelimit-*` (seconds), read by one parser and carried on the error the real client throws.
// The local service sends only Retry-After; a few lines of node:http here send the rest, as
// OpenAI documents them (platform.openai.com/docs/guides/rate-limits, "Rate limits in headers").
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { isGistError } from '../../../src/client/errors';
import { GistClient } from '../../../src/client/gistClient';
import { parseDurationMs, readRateLimitHint, refillPerSecond } from '../../../src/client/rateLimitHeaders';

describe('rate-limit headers', function () {
  it('reads OpenAI’s durations and plain seconds', function () {
    assert.equal(parseDurationMs('1s'), 1000);
    assert.equal(parseDurationMs('6m0s'), 360_000);
    assert.equal(parseDurationMs('20ms'), 20);
    assert.equal(parseDurationMs('1h2m3.5s'), 3_723_500);
    assert.equal(parseDurationMs('0.5'), 500);
    assert.equal(parseDurationMs(' 7 '), 7000);
    for (const bad of ['', 's', '1x', '1s2', '-1s', '1e3s', 'NaN', '1 s', undefined]) {
      assert.equal(parseDurationMs(bad), undefined, String(bad));
    }
    assert.equal(parseDurationMs('99999999h'), 86_400_000, 'capped at a day');
  });

  it('never throws on hostile values, and whatever it reads is a finite wait of at most a day or a whole count', function () {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('retry-after-ms', 'x-ratelimit-limit-requests', 'x-ratelimit-remaining-requests', 'x-ratelimit-reset-requests', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'), fc.string({ maxLength: 80 })), (headers) => {
        const hint = readRateLimitHint((name) => headers[name]);
        for (const wait of [hint?.retryAfterMs, hint?.resetMs]) {
          assert.ok(wait === undefined || (Number.isFinite(wait) && wait >= 0 && wait <= 86_400_000), String(wait));
        }
        for (const count of [hint?.limit, hint?.remaining]) {
          assert.ok(count === undefined || Number.isSafeInteger(count), String(count));
        }
        const rate = refillPerSecond(hint);
        assert.ok(rate === undefined || (Number.isFinite(rate) && rate > 0), String(rate));
      }),
    );
  });

  it('tells the refill rate from limit, remaining and reset: 15 missing, full again in 750 ms, is 20 a second', function () {
    assert.equal(refillPerSecond({ limit: 20, remaining: 5, resetMs: 750 }), 20);
    assert.equal(refillPerSecond({ limit: 20, remaining: 20, resetMs: 0 }), undefined, 'nothing missing');
    assert.equal(refillPerSecond({ limit: 20, remaining: 0 }), undefined, 'no reset');
  });

  describe('through the real client', function () {
    let server: Server;
    let url = '';
    let answer: Record<string, string> = {};
    before(async function () {
      server = createServer((_request, response) => {
        response.writeHead(429, { 'content-type': 'application/json', ...answer });
        response.end(JSON.stringify({ error: 'Rate limit reached for requests', data: null }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async function () {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    const refusal = async (): Promise<unknown> => {
      const client = new GistClient();
      try {
        await client.generate({ baseUrl: url, apiKeyHeader: 'SERVICE-API-KEY', apiKey: 'gk_demo_ada', timeoutMs: 5000 }, { gistId: 'welcome-email', values: {} });
        return undefined;
      } catch (error) {
        return error;
      } finally {
        await client.dispose();
      }
    };

    it('carries OpenAI’s headers on the 429 it throws', async function () {
      answer = { 'retry-after': '1', 'retry-after-ms': '250', 'x-ratelimit-limit-requests': '20', 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '1s' };
      const error = await refusal();
      assert.ok(isGistError(error) && error.kind === 'rateLimited', String(error));
      assert.equal(error.retryAfterSeconds, 1);
      assert.deepEqual(error.rateLimit, { retryAfterMs: 250, limit: 20, remaining: 0, resetMs: 1000 });
      assert.equal(refillPerSecond(error.rateLimit), 20);
    });

    it('carries the IETF draft’s headers, and says the wait of retry-after-ms alone in whole seconds', async function () {
      answer = { 'retry-after-ms': '1500', 'ratelimit-limit': '300', 'ratelimit-remaining': '0', 'ratelimit-reset': '60' };
      const error = await refusal();
      assert.ok(isGistError(error) && error.kind === 'rateLimited', String(error));
      assert.equal(error.retryAfterSeconds, 2, 'never sooner than asked');
      assert.match(error.message, /Retry in 2 seconds\./);
      assert.deepEqual(error.rateLimit, { retryAfterMs: 1500, limit: 300, remaining: 0, resetMs: 60_000 });
      assert.equal(refillPerSecond(error.rateLimit), 5);
    });
  });
});
