// What the client sends: paths, headers, body, encoding, connection reuse.
import { strict as assert } from 'node:assert';
import { ADA_KEY, failure, useClientFixture } from './clientFixture';

describe('GistClient requests', function () {
  const f = useClientFixture();

  it('GET /v1/me returns the key’s user and sends the key in SERVICE-API-KEY', async function () {
    const user = await f.client.me(f.settings());
    assert.deepEqual(user, { id: 'u_ada', name: 'Ada Lovelace', email: 'ada@example.com', company_id: 'c_analytical' });
    const [call] = f.service.calls();
    assert.equal(call?.method, 'GET');
    assert.equal(call?.path, '/v1/me');
    assert.equal(call?.headers['service-api-key'], ADA_KEY);
    assert.equal(call?.headers['content-type'], 'application/json');
  });

  it('uses the configured header name', async function () {
    const err = await failure(f.client.me(f.settings({ apiKeyHeader: 'X-Other-Key' })));
    assert.equal(err.kind, 'authentication', 'the service only reads SERVICE-API-KEY');
    assert.equal(f.service.calls()[0]?.headers['x-other-key'], ADA_KEY);
    assert.equal(f.service.calls()[0]?.headers['service-api-key'], undefined);
  });

  it('POSTs values to /v1/generate/<id>/<slug> as JSON', async function () {
    const result = await f.client.generate(f.settings(), { gistId: 'welcome-email', variant: 'short', values: { name: 'Ada', product: 'Engine' } });
    assert.equal(result.content, 'Welcome to Engine, Ada.');
    const [call] = f.service.calls();
    assert.equal(call?.method, 'POST');
    assert.equal(call?.path, '/v1/generate/welcome-email/short');
    assert.equal(call?.headers['content-type'], 'application/json');
    assert.deepEqual(call?.body, { values: { name: 'Ada', product: 'Engine' } });
    assert.equal(call?.callId, result.id);
    assert.ok(result.id.length > 0);
  });

  it('uses /v1/generate/<id> without a variant, letting the service draw one', async function () {
    const result = await f.client.generate(f.settings(), { gistId: 'welcome-email', values: { name: 'Ada', product: 'Engine' } });
    const [call] = f.service.calls();
    assert.equal(call?.path, '/v1/generate/welcome-email');
    assert.ok(['formal', 'friendly', 'short'].includes(call?.variant ?? ''));
    assert.match(result.content, /Ada/);
  });

  it('keeps unicode and line endings byte for byte', async function () {
    const text = 'naïve 🎉 漢字\r\nline two\n';
    const result = await f.client.generate(f.settings(), { gistId: 'echo', variant: 'plain', values: { text } });
    assert.equal(result.content, text);
  });

  it('keeps ids and slugs inside their path segment', async function () {
    const ids = ['../me', 'a/b', '%2e%2e', '?x=1', '..%2F', 'with space', '#frag', '.x'];
    for (const gistId of ids) {
      const err = await failure(f.client.generate(f.settings(), { gistId, variant: '../../me', values: {} }));
      assert.equal(err.kind, 'notFound', gistId);
    }
    const calls = f.service.calls();
    assert.equal(calls.length, ids.length);
    calls.forEach((call, index) => {
      assert.equal(call.gistId, ids[index], `${call.path} decodes to one segment`);
      assert.equal(call.variant, '../../me');
      assert.notEqual(call.path, '/v1/me');
    });
  });

  it('sends `.` and `..` as %2E segments, so they stay ids and never climb to /v1/me', async function () {
    const cases = [['.', undefined], ['..', undefined], ['..', 'me'], ['echo', '..'], ['echo', '.']] as const;
    for (const [gistId, variant] of cases) {
      const err = await failure(f.client.generate(f.settings(), { gistId, variant, values: { text: 'x' } }));
      assert.equal(err.kind, 'notFound', `${gistId}/${variant ?? ''}`);
    }
    const calls = f.service.calls();
    assert.deepEqual(
      calls.map((call) => [call.path, call.gistId, call.variant ?? null, call.status]),
      [
        ['/v1/generate/%2E', '.', null, 404],
        ['/v1/generate/%2E%2E', '..', null, 404],
        ['/v1/generate/%2E%2E/me', '..', 'me', 404],
        ['/v1/generate/echo/%2E%2E', 'echo', '..', 404],
        ['/v1/generate/echo/%2E', 'echo', '.', 404],
      ],
    );
  });

  it('refuses an empty id or slug without sending anything', async function () {
    for (const [gistId, variant] of [['', undefined], ['echo', '']] as const) {
      const err = await failure(f.client.generate(f.settings(), { gistId, variant, values: {} }));
      assert.equal(err.kind, 'badRequest');
    }
    assert.equal(f.service.calls().length, 0);
  });

  it('reuses one keep-alive connection for many calls', async function () {
    const before = f.service.connectionCount();
    for (let i = 0; i < 20; i++) {
      await f.client.generate(f.settings(), { gistId: 'echo', variant: 'plain', values: { text: String(i) } });
    }
    assert.equal(f.service.connectionCount() - before, 1);
  });
});
