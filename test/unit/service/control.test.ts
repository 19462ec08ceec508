// The HTTP control surface (for tests in another process), connection counting and close().
import * as assert from 'node:assert/strict';
import { Agent } from 'node:http';
import { ServiceControl } from '../../../tools/service/controlClient';
import { type RunningService, startService } from '../../../tools/service/index';
import { ADA_KEY, observe, send, watch } from './httpProbe';

const ME = { path: '/v1/me', headers: { 'SERVICE-API-KEY': ADA_KEY } };

describe('local service control surface', () => {
  let service: RunningService;
  let control: ServiceControl;
  beforeEach(async () => {
    service = await startService();
    control = new ServiceControl(`${service.url}/`);
  });
  afterEach(() => service.close());

  it('lists calls over HTTP, without recording its own requests', async () => {
    await send(service.url, ME);
    await send(service.url, { path: '/v1/me' });
    const calls = await control.calls();
    assert.deepEqual(calls.map((c) => [c.method, c.path, c.status, c.userId]), [
      ['GET', '/v1/me', 200, 'u_ada'],
      ['GET', '/v1/me', 401, undefined],
    ]);
    assert.deepEqual(calls, service.calls());
  });

  it('clears calls over HTTP', async () => {
    await send(service.url, ME);
    await control.clearCalls();
    assert.deepEqual(await control.calls(), []);
    assert.deepEqual(service.calls(), []);
  });

  it('injects faults with a count over HTTP, and clears them', async () => {
    await control.injectFaults({ status: 503, retryAfter: '3' }, 2);
    const first = await send(service.url, ME);
    assert.equal(first.status, 503);
    assert.equal(first.headers['retry-after'], '3');
    await control.clearFaults();
    assert.equal((await send(service.url, ME)).status, 200);
    await control.injectFaults({ kind: 'resetBeforeBody' });
    assert.equal((await observe(service.url, ME)).outcome, 'ECONNRESET');
  });

  it('reports stats: connections accepted and calls recorded', async () => {
    await send(service.url, ME);
    await send(service.url, ME);
    const stats = await control.stats();
    assert.equal(stats.calls, 2);
    assert.equal(stats.connections, service.connectionCount());
    assert.ok(stats.connections >= 3, 'two probe connections and at least one for the control client');
  });

  it('rejects a malformed fault with 400 naming the problem', async () => {
    await assert.rejects(control.injectFaults({ kind: 'boom' as never }), /400.*unknown fault kind "boom"/);
    await assert.rejects(control.injectFaults({ status: 500 }, 0), /400.*positive integer/);
    const notJson = await send(service.url, { method: 'POST', path: '/_control/faults', body: 'nope', headers: { 'Content-Type': 'application/json' } });
    assert.equal(notJson.status, 400);
  });

  it('answers 405 with Allow and 404 for unknown control paths', async () => {
    const wrong = await send(service.url, { method: 'PUT', path: '/_control/calls' });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.allow, 'GET, DELETE');
    assert.equal((await send(service.url, { path: '/_control/nothing' })).status, 404);
  });

  it('is absent when control is off: 404 envelope, and the client throws', async () => {
    const plain = await startService({ control: false });
    try {
      const res = await send(plain.url, { path: '/_control/calls' });
      assert.equal(res.status, 404);
      assert.equal(res.envelope().data, null);
      assert.match(res.envelope().error ?? '', /no such endpoint/i);
      await assert.rejects(new ServiceControl(plain.url).stats(), /404/);
      // The local API still works in-process.
      assert.equal(plain.calls().length, 2);
    } finally {
      await plain.close();
    }
  });
});

describe('local service connections and close()', () => {
  it('counts accepted TCP connections, so keep-alive reuse is visible', async () => {
    const service = await startService();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 5; i++) assert.equal((await send(service.url, { ...ME, agent })).status, 200);
      assert.equal(service.connectionCount(), 1);
      for (let i = 0; i < 3; i++) await send(service.url, ME);
      assert.equal(service.connectionCount(), 4);
    } finally {
      agent.destroy();
      await service.close();
    }
  });

  it('keeps the connection usable after an error answer', async () => {
    const service = await startService();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      assert.equal((await send(service.url, { path: '/v1/me', agent })).status, 401);
      assert.equal((await send(service.url, { method: 'POST', path: '/v1/generate/echo/plain', headers: { 'SERVICE-API-KEY': ADA_KEY }, body: '{', agent })).status, 400);
      assert.equal((await send(service.url, { ...ME, agent })).status, 200);
      assert.equal(service.connectionCount(), 1);
    } finally {
      agent.destroy();
      await service.close();
    }
  });

  it('close() ends never-ending responses in flight and refuses new connections', async () => {
    const service = await startService();
    service.injectFaults({ kind: 'neverEnd' });
    const pending = watch(service.url, ME);
    await pending.until((o) => o.status !== undefined);
    await service.close();
    const seen = await pending.done;
    assert.notEqual(seen.outcome, 'end');
    assert.notEqual(seen.outcome, 'stopped');
    await assert.rejects(send(service.url, ME), /ECONNREFUSED/);
  });

  it('close() ends a huge stream and a stalled body, and can be called twice', async () => {
    const service = await startService();
    service.injectFaults({ kind: 'huge' });
    service.injectFaults({ kind: 'stallMidBody' });
    const huge = watch(service.url, ME);
    await huge.until((o) => o.bytes > 0);
    const stalled = watch(service.url, ME);
    await stalled.until((o) => o.bytes > 0);
    await Promise.all([service.close(), service.close()]);
    assert.notEqual((await huge.done).outcome, 'end');
    assert.notEqual((await stalled.done).outcome, 'end');
  });
});
