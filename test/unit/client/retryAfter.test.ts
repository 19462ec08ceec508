// A wait the service asks for (Retry-After, RFC 9110 §10.2.3) is said as a human duration and
// capped (issue 23, item C11): `Retry-After: 100000000000000000000000` made "Retry in 1e+23 seconds".
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { describeError } from '../../../src/client/describe';
import { errorFromResponse } from '../../../src/client/responseErrors';
import { failure, useClientFixture } from './clientFixture';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const WAIT = /Retry (now|in a moment|in ([1-9]|[1-5][0-9]) seconds?|in ([1-9]|[1-5][0-9]|60) minutes?|in 1 hour|later)\.$/;

function rateLimited(retryAfter: string | undefined): ReturnType<typeof errorFromResponse> {
  return errorFromResponse({ kind: 'generate', gistId: 'echo' }, { status: 429, body: '{"error":"slow down","data":null}', retryAfter }, NOW);
}

const header = fc.oneof(
  fc.string(),
  fc.stringMatching(/^\s*\d{1,40}\s*$/),
  fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
  fc.integer({ min: -8_640_000_000, max: 8_640_000_000 }).map((seconds) => new Date(NOW + seconds * 1000).toUTCString()),
  fc.constantFrom('0', '1', '59', '60', '61', '3599', '3600', '3601', '86400', '100000000000000000000000', '1e23', '-5', '12.5', 'Infinity', 'NaN', 'Fri, 31 Dec 9999 23:59:59 GMT', 'Thu, 01 Jan 1970 00:00:00 GMT'),
);

describe('Retry-After: a human wait, capped', function () {
  it('says seconds, minutes, an hour, or later', function () {
    const said = (value: string): string => rateLimited(value).message.replace(/^.*\. /, '');
    assert.equal(said('0'), 'Retry now.');
    assert.equal(said('1'), 'Retry in 1 second.');
    assert.equal(said('45'), 'Retry in 45 seconds.');
    assert.equal(said('60'), 'Retry in 1 minute.');
    assert.equal(said('61'), 'Retry in 2 minutes.');
    assert.equal(said('3600'), 'Retry in 1 hour.');
    assert.equal(said('3601'), 'Retry later.');
    assert.equal(said('100000000000000000000000'), 'Retry later.');
    assert.equal(said(new Date(NOW + 90_000).toUTCString()), 'Retry in 2 minutes.');
    assert.equal(rateLimited(undefined).message.replace(/^.*\. /, ''), 'Retry in a moment.');
  });

  it('for any Retry-After, the message says a wait of at most an hour, or later, and the log a sane number (property)', function () {
    fc.assert(
      fc.property(header, (value) => {
        const error = rateLimited(value);
        assert.match(error.message, WAIT, JSON.stringify(value));
        assert.ok(!/e\+|Infinity|NaN/.test(error.message), error.message);
        const seconds = error.retryAfterSeconds;
        assert.ok(seconds === undefined || (Number.isSafeInteger(seconds) && seconds >= 0 && seconds <= 86_400), String(seconds));
        assert.ok(!/e\+|Infinity|NaN/.test(describeError(error)), describeError(error));
      }),
      { numRuns: 5000 },
    );
  });

  describe('through the client and the local service', function () {
    const f = useClientFixture();

    it('a 429 with Retry-After: 100000000000000000000000 says "Retry later."', async function () {
      f.service.injectFaults({ path: '/v1/generate', status: 429, error: 'Too many requests', retryAfter: '100000000000000000000000' });
      const error = await failure(f.client.generate(f.settings(), { gistId: 'echo', variant: 'plain', values: { text: 'x' } }));
      assert.equal(error.kind, 'rateLimited');
      assert.match(error.message, /Retry later\.$/);
    });
  });
});
