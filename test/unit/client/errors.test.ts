// Every failure is a typed GistError with a one-line message naming the remedy, and never the key.
import { strict as assert } from 'node:assert';
import { createServer } from 'node:net';
import { describeError } from '../../../src/client/describe';
import type { GistError } from '../../../src/client/errors';
import type { Fault } from '../../../tools/service/index';
import { ADA_KEY, failure, useClientFixture } from './clientFixture';

const echo = { gistId: 'echo', variant: 'plain', values: { text: 'hello' } };

function assertOneLineWithoutKey(err: GistError): void {
  assert.ok(!err.message.includes('\n'), err.message);
  assert.ok(!err.message.includes(ADA_KEY));
  assert.ok(!describeError(err).includes(ADA_KEY));
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

describe('GistClient errors', function () {
  const f = useClientFixture();

  const statusCases: Array<{ name: string; fault: Fault; kind: string; remedy: string; message: RegExp }> = [
    { name: '401', fault: { status: 401, error: 'bad key' }, kind: 'authentication', remedy: 'setApiKey', message: /Set API Key/ },
    { name: '403', fault: { status: 403, error: 'forbidden' }, kind: 'authentication', remedy: 'setApiKey', message: /HTTP 403/ },
    { name: '429 seconds', fault: { status: 429, error: 'slow', retryAfter: '12' }, kind: 'rateLimited', remedy: 'retry', message: /Retry in 12 seconds/ },
    { name: '500 envelope', fault: { status: 500, error: 'database down' }, kind: 'service', remedy: 'retry', message: /HTTP 500\): database down/ },
    { name: '502 HTML', fault: { kind: 'html', status: 502 }, kind: 'service', remedy: 'retry', message: /HTTP 502/ },
    { name: 'not JSON', fault: { kind: 'notJson' }, kind: 'malformedResponse', remedy: 'openLog', message: /not valid JSON/ },
    { name: 'cut short', fault: { kind: 'truncated' }, kind: 'malformedResponse', remedy: 'openLog', message: /cut short after \d+ of \d+ bytes/ },
    { name: 'wrong types', fault: { status: 200, error: null, data: { id: 7, content: 'x' } }, kind: 'malformedResponse', remedy: 'openLog', message: /data\.id/ },
    { name: 'error and data', fault: { status: 200, error: 'partial failure', data: { id: 'c1', content: 'leak' } }, kind: 'service', remedy: 'retry', message: /partial failure/ },
    { name: 'reset before body', fault: { kind: 'resetBeforeBody' }, kind: 'network', remedy: 'retry', message: /closed before/ },
    { name: 'reset during body', fault: { kind: 'resetDuringBody' }, kind: 'network', remedy: 'retry', message: /closed before/ },
  ];

  for (const testCase of statusCases) {
    it(`${testCase.name} → ${testCase.kind}`, async function () {
      f.service.injectFaults({ path: '/v1/generate', ...testCase.fault });
      const err = await failure(f.client.generate(f.settings(), echo));
      assert.equal(err.kind, testCase.kind, err.message);
      assert.equal(err.remedy, testCase.remedy);
      assert.match(err.message, testCase.message);
      assertOneLineWithoutKey(err);
    });
  }

  it('keeps the call id of a failed response', async function () {
    f.service.injectFaults({ path: '/v1/generate', status: 500, error: 'boom', data: { id: 'call-123' } });
    const err = await failure(f.client.generate(f.settings(), echo));
    assert.equal(err.callId, 'call-123');
  });

  it('429 with an HTTP date', async function () {
    const date = new Date(Date.now() + 90_000).toUTCString();
    f.service.injectFaults({ path: '/v1/generate', status: 429, error: 'slow', retryAfter: date });
    const err = await failure(f.client.generate(f.settings(), echo));
    assert.ok(err.retryAfterSeconds !== undefined && err.retryAfterSeconds > 80 && err.retryAfterSeconds <= 90, String(err.retryAfterSeconds));
  });

  it('404 names the gist and the variant', async function () {
    const err = await failure(f.client.generate(f.settings(), { gistId: 'nope', variant: 'v2', values: {} }));
    assert.equal(err.kind, 'notFound');
    assert.match(err.message, /Gist “nope” \(variant “v2”\) was not found/);
    const variant = await failure(f.client.generate(f.settings(), { gistId: 'echo', variant: 'v9', values: { text: 'x' } }));
    assert.match(variant.message, /variant “v9”/);
  });

  it('400 shows the service’s own text', async function () {
    const err = await failure(f.client.generate(f.settings(), { gistId: 'echo', variant: 'plain', values: {} }));
    assert.equal(err.kind, 'badRequest');
    assert.ok(err.serviceError !== undefined && err.message.includes(err.serviceError.slice(0, 20)), err.message);
    assert.match(err.serviceError ?? '', /text/);
  });

  it('an unknown key → authentication, without echoing the key', async function () {
    const err = await failure(f.client.me(f.settings({ apiKey: 'gk_not_a_real_key' })));
    assert.equal(err.kind, 'authentication');
    assert.ok(!err.message.includes('gk_not_a_real_key'));
  });

  it('refuses a huge body once past the cap, without reading it all', async function () {
    const small = new (await import('../../../src/client/gistClient')).GistClient({ maxResponseBytes: 64 * 1024 });
    try {
      f.service.injectFaults({ path: '/v1/generate', kind: 'huge', hugeBytes: 512 * 1024 * 1024 });
      const err = await failure(small.generate(f.settings({ timeoutMs: 60_000 }), echo));
      assert.equal(err.kind, 'malformedResponse');
      assert.match(err.message, /too large \(more than 64 KiB\)/);
      // The stream was destroyed, so the service sees its connection close.
      while (f.service.openConnectionCount() > 0) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      await small.dispose();
    }
  });

  it('connection refused → network, with retry', async function () {
    const err = await failure(f.client.generate(f.settings({ baseUrl: `http://127.0.0.1:${await closedPort()}` }), echo));
    assert.equal(err.kind, 'network');
    assert.match(err.message, /refused/);
  });

  it('DNS failure → network, naming the host', async function () {
    const err = await failure(f.client.generate(f.settings({ baseUrl: 'https://no-such-host.invalid' }), echo));
    assert.equal(err.kind, 'network');
    assert.match(err.message, /no-such-host\.invalid could not be found/);
  });

  it('no response in time → timeout', async function () {
    f.service.injectFaults({ path: '/v1/generate', kind: 'neverEnd' });
    const err = await failure(f.client.generate(f.settings({ timeoutMs: 300 }), echo));
    assert.equal(err.kind, 'timeout');
    assert.match(err.message, /gist\.requestTimeoutSeconds/);
  });

  it('a body that stalls midway → timeout', async function () {
    f.service.injectFaults({ path: '/v1/generate', kind: 'stallMidBody' });
    const err = await failure(f.client.generate(f.settings({ timeoutMs: 300 }), echo));
    assert.equal(err.kind, 'timeout');
  });

  it('cancelling aborts the call and closes its connection', async function () {
    f.service.injectFaults({ path: '/v1/generate', kind: 'neverEnd' });
    const abort = new AbortController();
    const pending = failure(f.client.generate(f.settings({ timeoutMs: 60_000 }), echo, abort.signal));
    while (f.service.calls().length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.equal(f.service.openConnectionCount(), 1);
    const cancelledAt = performance.now();
    abort.abort();
    const err = await pending;
    assert.equal(err.kind, 'cancelled');
    while (f.service.openConnectionCount() > 0 && performance.now() - cancelledAt < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const closedAfterMs = performance.now() - cancelledAt;
    assert.equal(f.service.openConnectionCount(), 0, 'the connection is closed');
    assert.ok(closedAfterMs < 200, `closed ${Math.round(closedAfterMs)} ms after the cancel (limit 200 ms)`);
  });

  it('a call waiting for a free connection ends at once when cancelled, and is never sent', async function () {
    // One connection, held by a call the service never answers: the second call waits in undici's queue.
    const { GistClient } = await import('../../../src/client/gistClient');
    const oneConnection = new GistClient({ dispatcherFactory: (undici) => new undici.Agent({ connections: 1 }) });
    const holder = new AbortController();
    const waiting = new AbortController();
    try {
      f.service.injectFaults({ path: '/v1/generate', kind: 'neverEnd' });
      const held = failure(oneConnection.generate(f.settings({ timeoutMs: 60_000 }), echo, holder.signal));
      while (f.service.calls().length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const queued = failure(oneConnection.generate(f.settings({ timeoutMs: 60_000 }), echo, waiting.signal));
      await new Promise((resolve) => setTimeout(resolve, 50));
      waiting.abort();
      const outcome = await Promise.race([queued, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 2000))]);
      assert.notEqual(outcome, 'still waiting', 'the queued call ended when it was cancelled, not when the connection came free');
      assert.equal((outcome as GistError).kind, 'cancelled');
      holder.abort();
      assert.equal((await held).kind, 'cancelled');
      // The connection is free now: a third call goes through, and the cancelled one was never sent.
      await oneConnection.generate(f.settings(), echo);
      assert.equal(f.service.calls().length, 2);
    } finally {
      holder.abort();
      waiting.abort();
      await oneConnection.dispose();
    }
  });

  it('a body that starts with a byte order mark reads as the JSON after it', async function () {
    const body = `\ufeff${JSON.stringify({ error: null, data: { id: 'c-bom', content: 'after the mark' } })}`;
    f.service.injectFaults({ path: '/v1/generate', kind: 'raw', status: 200, body });
    const result = await f.client.generate(f.settings(), echo);
    assert.deepEqual(result, { id: 'c-bom', content: 'after the mark' });
  });

  it('an already aborted signal → cancelled without a request', async function () {
    const abort = new AbortController();
    abort.abort();
    const err = await failure(f.client.generate(f.settings(), echo, abort.signal));
    assert.equal(err.kind, 'cancelled');
    assert.equal(f.service.calls().length, 0);
  });

  it('/v1/me is retried on 5xx and network errors, then succeeds', async function () {
    f.service.injectFaults({ path: '/v1/me', status: 503, error: 'warming up' }, 1);
    f.service.injectFaults({ path: '/v1/me', kind: 'resetBeforeBody' }, 1);
    const user = await f.client.me(f.settings());
    assert.equal(user.name, 'Ada Lovelace');
    assert.equal(f.service.calls().length, 3);
  });

  it('/v1/me is not retried on 401, and gives up after three attempts', async function () {
    f.service.injectFaults({ path: '/v1/me', status: 401, error: 'no' }, 5);
    assert.equal((await failure(f.client.me(f.settings()))).kind, 'authentication');
    assert.equal(f.service.calls().length, 1);
    f.service.clearFaults();
    f.service.clearCalls();
    f.service.injectFaults({ path: '/v1/me', status: 500, error: 'down' }, 5);
    assert.equal((await failure(f.client.me(f.settings()))).kind, 'service');
    assert.equal(f.service.calls().length, 3);
  });

  it('generate is never retried on its own', async function () {
    f.service.injectFaults({ path: '/v1/generate', status: 503, error: 'busy' }, 1);
    assert.equal((await failure(f.client.generate(f.settings(), echo))).kind, 'service');
    assert.equal(f.service.calls().length, 1);
  });
});
