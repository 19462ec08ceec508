// The envelope is validated, not trusted: only a 2xx with `error: null` and well-typed data succeeds.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { describeError } from '../../../src/client/describe';
import { parseGeneration, parseMe } from '../../../src/client/envelope';
import { isGistError, type GistError } from '../../../src/client/errors';

const echo = { gistId: 'echo', variant: 'plain' };
const json = (value: unknown): string => JSON.stringify(value);

function thrown(run: () => unknown): GistError {
  try {
    run();
  } catch (error) {
    assert.ok(isGistError(error), String(error));
    return error;
  }
  assert.fail('expected a GistError');
}

describe('parseMe / parseGeneration', function () {
  it('accepts a well-typed success', function () {
    const user = { id: 'u1', name: 'N', email: 'e@x', company_id: 'c1' };
    assert.deepEqual(parseMe(200, {}, json({ error: null, data: { ...user, extra: 1 } })), user);
    assert.deepEqual(parseGeneration(200, {}, json({ error: null, data: { id: 'k', content: '' } }), echo), { id: 'k', content: '' });
    assert.deepEqual(parseMe(201, {}, json({ error: null, data: user })), user);
  });

  const malformed: Array<[string, string]> = [
    ['empty body', ''],
    ['not JSON', '<html>'],
    ['an array', '[]'],
    ['no envelope', json({ id: 'k', content: 'c' })],
    ['error is a number', json({ error: 5, data: { id: 'k', content: 'c' } })],
    ['error is an object', json({ error: { message: 'x' }, data: null })],
    ['data is null', json({ error: null, data: null })],
    ['data is an array', json({ error: null, data: ['k', 'c'] })],
    ['id is a number', json({ error: null, data: { id: 7, content: 'c' } })],
    ['content missing', json({ error: null, data: { id: 'k' } })],
    ['content is null', json({ error: null, data: { id: 'k', content: null } })],
  ];
  for (const [name, body] of malformed) {
    it(`200 with ${name} → malformedResponse`, function () {
      const err = thrown(() => parseGeneration(200, {}, body, echo));
      assert.equal(err.kind, 'malformedResponse');
      assert.equal(err.remedy, 'openLog');
    });
  }

  it('me needs every user field as text', function () {
    const err = thrown(() => parseMe(200, {}, json({ error: null, data: { id: 'u', name: 'n', email: 'e', company_id: 3 } })));
    assert.equal(err.kind, 'malformedResponse');
    assert.match(err.message, /company_id/);
  });

  it('a 2xx with a non-null error is a service error, and its data is never returned', function () {
    const err = thrown(() => parseGeneration(200, {}, json({ error: 'quota', data: { id: 'c9', content: 'partial' } }), echo));
    assert.equal(err.kind, 'service');
    assert.equal(err.serviceError, 'quota');
    assert.equal(err.callId, 'c9');
    assert.ok(!err.message.includes('partial'));
  });

  const statuses: Array<[number, string, string, RegExp]> = [
    [400, 'badRequest', 'none', /HTTP 400\): missing text/],
    [401, 'authentication', 'setApiKey', /Set a valid key with “Gist: Set API Key…”/],
    [403, 'authentication', 'setApiKey', /HTTP 403/],
    [404, 'notFound', 'openSettings', /Gist “echo” \(variant “plain”\) was not found/],
    [413, 'badRequest', 'none', /HTTP 413/],
    [422, 'badRequest', 'none', /HTTP 422/],
    [429, 'rateLimited', 'retry', /Retry in a moment/],
    [500, 'service', 'retry', /HTTP 500/],
    [503, 'service', 'retry', /HTTP 503/],
    [302, 'service', 'setBaseUrl', /redirect \(HTTP 302 to https:\/\/elsewhere\)/],
  ];
  for (const [status, kind, remedy, message] of statuses) {
    it(`${status} → ${kind} (${remedy})`, function () {
      const err = thrown(() => parseGeneration(status, { location: 'https://elsewhere' }, json({ error: 'missing text', data: null }), echo));
      assert.equal(err.kind, kind);
      assert.equal(err.remedy, remedy);
      assert.equal(err.status, status);
      assert.match(err.message, message);
    });
  }

  it('a non-2xx with error null is still a failure, mapped by status', function () {
    const err = thrown(() => parseGeneration(500, {}, json({ error: null, data: { id: 'k', content: 'c' } }), echo));
    assert.equal(err.kind, 'service');
  });

  it('names the gist without a variant, and me’s 404 points at the base URL', function () {
    assert.match(thrown(() => parseGeneration(404, {}, '', { gistId: 'g' })).message, /^Gist “g” was not found/);
    const me = thrown(() => parseMe(404, {}, ''));
    assert.equal(me.remedy, 'setBaseUrl');
  });

  it('reads Retry-After in seconds and as a date', function () {
    assert.equal(thrown(() => parseMe(429, { 'retry-after': '7' }, '')).retryAfterSeconds, 7);
    assert.match(thrown(() => parseMe(429, { 'retry-after': '1' }, '')).message, /Retry in 1 second\./);
    const later = new Date(Date.now() + 3_600_000).toUTCString();
    const seconds = thrown(() => parseMe(429, { 'retry-after': [later] }, '')).retryAfterSeconds ?? 0;
    assert.ok(seconds > 3500 && seconds <= 3600, String(seconds));
  });

  it('reads Retry-After on a 503 too (the variant lab waits that long), and only there among 5xx', function () {
    const unavailable = thrown(() => parseGeneration(503, { 'retry-after': '4' }, '', { gistId: 'g' }));
    assert.equal(unavailable.kind, 'service');
    assert.equal(unavailable.retryAfterSeconds, 4);
    assert.match(unavailable.message, /HTTP 503/);
    assert.equal(thrown(() => parseGeneration(500, { 'retry-after': '4' }, '', { gistId: 'g' })).retryAfterSeconds, undefined);
  });

  it('never yields content from a failed call, and every error is one line (fuzzed)', function () {
    const body = fc.oneof(
      fc.string(),
      fc.json(),
      fc.record({ error: fc.oneof(fc.constant(null), fc.string(), fc.integer()), data: fc.oneof(fc.constant(null), fc.record({ id: fc.oneof(fc.string(), fc.integer(), fc.constant('a\nb')), content: fc.string() })) }).map(json),
    );
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), body, fc.string(), (status, text, retryAfter) => {
        try {
          const result = parseGeneration(status, { 'retry-after': retryAfter }, text, { gistId: 'g\nx', variant: 'v' });
          const envelope = JSON.parse(text) as { error: unknown; data: { id: unknown; content: unknown } };
          assert.ok(status >= 200 && status <= 299);
          assert.equal(envelope.error, null);
          assert.equal(result.content, envelope.data.content);
        } catch (error) {
          assert.ok(isGistError(error), String(error));
          assert.ok(!error.message.includes('\n') && !describeError(error).includes('\n'), error.message);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
