// Injected faults: each kind as a client sees it on the wire, count and path matching, Retry-After, latency.
import * as assert from 'node:assert/strict';
import { type RunningService, startService } from '../../../tools/service/index';
import { ADA_KEY, generate, observe, send, watch } from './httpProbe';
import { waitFor } from './waitFor';

const ME = { path: '/v1/me', headers: { 'SERVICE-API-KEY': ADA_KEY } };
const ECHO = { method: 'POST', path: '/v1/generate/echo/plain', headers: { 'SERVICE-API-KEY': ADA_KEY }, body: { values: { text: 'hello' } } };

describe('local service faults', () => {
  let service: RunningService;
  beforeEach(async () => {
    service = await startService();
  });
  afterEach(() => service.close());

  describe('kinds', () => {
    it('status: the given status with an envelope error and data null', async () => {
      service.injectFaults({ kind: 'status', status: 503 });
      const res = await send(service.url, ME);
      assert.equal(res.status, 503);
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.deepEqual(res.json(), { error: 'Internal service error.', data: null });
    });

    it('status: custom error and data, or error null with wrong-typed data', async () => {
      service.injectFaults({ status: 200, error: 'both set', data: { id: 'x', content: 'y' } });
      assert.deepEqual((await send(service.url, ECHO)).json(), { error: 'both set', data: { id: 'x', content: 'y' } });
      service.injectFaults({ status: 200, error: null, data: { id: 5, content: ['not', 'text'] } });
      const res = await send(service.url, ECHO);
      assert.equal(res.status, 200);
      assert.deepEqual(res.json(), { error: null, data: { id: 5, content: ['not', 'text'] } });
    });

    it('status is the kind when only a status is given, with a default 429 text', async () => {
      service.injectFaults({ status: 429 });
      const res = await send(service.url, ME);
      assert.equal(res.status, 429);
      assert.match(res.envelope().error ?? '', /rate limit/i);
    });

    it('Retry-After is sent as given, in seconds or as an HTTP date', async () => {
      service.injectFaults({ status: 429, retryAfter: '7' });
      assert.equal((await send(service.url, ME)).headers['retry-after'], '7');
      const date = 'Wed, 21 Oct 2015 07:28:00 GMT';
      service.injectFaults({ status: 503, retryAfter: date });
      assert.equal((await send(service.url, ME)).headers['retry-after'], date);
      assert.equal((await send(service.url, ME)).headers['retry-after'], undefined);
    });

    it('html: the given status with an HTML page', async () => {
      service.injectFaults({ kind: 'html', status: 502 });
      const res = await send(service.url, ME);
      assert.equal(res.status, 502);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.match(res.text, /^<!DOCTYPE html>/);
    });

    it('notJson: 200, application/json, a body that does not parse', async () => {
      service.injectFaults({ kind: 'notJson' });
      const res = await send(service.url, ME);
      assert.equal(res.status, 200);
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.throws(() => JSON.parse(res.text), SyntaxError);
    });

    it('raw: exact status, body and content type', async () => {
      service.injectFaults({ kind: 'raw', status: 200, body: '{"error":null,"data":{"id":1}}', contentType: 'text/plain' });
      const res = await send(service.url, ECHO);
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], 'text/plain');
      assert.equal(res.text, '{"error":null,"data":{"id":1}}');
    });

    it('truncated: Content-Length of the full envelope, half of it, then the connection closes', async () => {
      service.injectFaults({ kind: 'truncated' });
      const seen = await observe(service.url, ECHO);
      assert.equal(seen.status, 200);
      const declared = Number(seen.headers?.['content-length']);
      assert.ok(declared > 0);
      assert.equal(seen.bytes, Math.floor(declared / 2));
      assert.notEqual(seen.outcome, 'end');
      assert.match(seen.body.toString(), /^\{"error":null,"data":\{"id":"/);
    });

    it('resetBeforeBody: the connection is reset with no response at all', async () => {
      service.injectFaults({ kind: 'resetBeforeBody' });
      const seen = await observe(service.url, ECHO);
      assert.equal(seen.status, undefined);
      assert.equal(seen.outcome, 'ECONNRESET');
      assert.equal(service.calls()[0]?.status, 0, 'the received request is recorded, with no status');
    });

    it('resetDuringBody: headers and part of the body, then a reset', async () => {
      service.injectFaults({ kind: 'resetDuringBody' });
      const seen = await observe(service.url, ECHO);
      assert.equal(seen.status, 200);
      assert.ok(seen.bytes > 0);
      assert.notEqual(seen.outcome, 'end');
      assert.notEqual(seen.outcome, '');
    });

    it('neverEnd: headers arrive, then no byte of body while other requests are served', async () => {
      service.injectFaults({ kind: 'neverEnd', path: '/v1/generate' });
      const pending = watch(service.url, ECHO);
      await pending.until((o) => o.status !== undefined);
      assert.equal(pending.seen.status, 200);
      assert.equal((await send(service.url, ME)).status, 200);
      assert.equal(pending.seen.bytes, 0);
      assert.equal(pending.seen.outcome, '');
      pending.abort();
      assert.equal(service.calls()[0]?.status, 200);
    });

    it('stallMidBody: part of the body, then nothing while other requests are served', async () => {
      service.injectFaults({ kind: 'stallMidBody', path: '/v1/generate' });
      const pending = watch(service.url, ECHO);
      await pending.until((o) => o.bytes > 0);
      assert.equal((await send(service.url, ME)).status, 200);
      assert.equal(pending.seen.outcome, '');
      assert.ok(pending.seen.bytes < Number(pending.seen.headers?.['content-length']));
      pending.abort();
    });

    it('huge: streams a plausible envelope of exactly hugeBytes', async () => {
      service.injectFaults({ kind: 'huge', hugeBytes: 300_000 });
      const res = await send(service.url, ECHO);
      assert.equal(Buffer.byteLength(res.text), 300_000);
      const envelope = res.envelope();
      assert.equal(envelope.error, null);
      assert.equal(typeof envelope.data?.id, 'string');
      assert.equal(typeof envelope.data?.content, 'string');
    });

    it('huge: defaults to tens of MiB, and stops when the client goes away', async () => {
      service.injectFaults({ kind: 'huge' });
      const seen = await observe(service.url, ECHO, (o) => o.bytes >= 1024 * 1024);
      assert.equal(seen.outcome, 'stopped');
      assert.match(seen.body.toString(), /^\{"error":null,"data":\{"id":"[^"]+","content":"a/);
      assert.equal(seen.headers?.['content-length'], undefined, 'sent chunked, so only a streaming size cap can stop it');
      assert.equal((await send(service.url, ME)).status, 200);
    });
  });

  describe('latency', () => {
    it('alone delays a normal response', async () => {
      service.injectFaults({ latencyMs: 30 });
      const res = await send(service.url, ME);
      assert.equal(res.status, 200);
      assert.equal(res.envelope().data?.id, 'u_ada');
    });

    it('holds the matching request while others are answered', async () => {
      service.injectFaults({ latencyMs: 60_000, path: '/v1/generate' });
      const delayed = watch(service.url, ECHO);
      await waitFor(() => service.calls().length === 1);
      assert.equal((await send(service.url, ME)).status, 200);
      assert.equal(delayed.seen.status, undefined);
      await service.close();
      assert.notEqual((await delayed.done).outcome, 'end');
    });

    it('combines with a kind', async () => {
      service.injectFaults({ latencyMs: 20, status: 504 });
      assert.equal((await send(service.url, ME)).status, 504);
    });
  });

  describe('matching', () => {
    it('applies to the next `count` matching requests, then stops', async () => {
      service.injectFaults({ status: 503 }, 2);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await send(service.url, ME)).status);
      assert.deepEqual(statuses, [503, 503, 200]);
    });

    it('queues faults in injection order', async () => {
      service.injectFaults({ status: 500 });
      service.injectFaults({ status: 502 }, 2);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await send(service.url, ME)).status);
      assert.deepEqual(statuses, [500, 502, 502, 200]);
    });

    it('only affects paths starting with `path`', async () => {
      service.injectFaults({ status: 503, path: '/v1/generate' });
      assert.equal((await send(service.url, ME)).status, 200);
      assert.equal((await generate(service.url, '/v1/generate/echo/plain', { text: 'x' })).status, 503);
      assert.equal((await generate(service.url, '/v1/generate/echo/plain', { text: 'x' })).status, 200);
    });

    it('by default affects only /v1 requests', async () => {
      service.injectFaults({ status: 503 });
      assert.equal((await send(service.url, { path: '/health' })).status, 404);
      assert.equal((await send(service.url, ME)).status, 503);
    });

    it('applies before authentication, as a failing network would', async () => {
      service.injectFaults({ status: 502 });
      assert.equal((await send(service.url, { path: '/v1/me' })).status, 502);
    });

    it('clearFaults removes pending faults', async () => {
      service.injectFaults({ status: 503 }, 5);
      service.clearFaults();
      assert.equal((await send(service.url, ME)).status, 200);
    });

    it('records faulted requests like any other', async () => {
      service.injectFaults({ status: 503 });
      await send(service.url, ECHO);
      const [call] = service.calls();
      assert.equal(call?.status, 503);
      assert.deepEqual(call?.body, { values: { text: 'hello' } });
    });

    it('rejects malformed faults and counts', () => {
      assert.throws(() => service.injectFaults({ kind: 'explode' as never }), /unknown fault kind/);
      assert.throws(() => service.injectFaults({ status: 42 }), /HTTP status code/);
      assert.throws(() => service.injectFaults({ status: 500 }, 0), /positive integer/);
      assert.throws(() => service.injectFaults({ latencyMs: -1 }), /latencyMs/);
    });
  });
});
