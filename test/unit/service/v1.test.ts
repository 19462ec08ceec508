// GET /v1/me and POST /v1/generate against the real local service over loopback.
import * as assert from 'node:assert/strict';
import { type RunningService, startService } from '../../../tools/service/index';
import { ADA_KEY, GRACE_KEY, type ProbeResponse, generate, send } from './httpProbe';

function assertFailure(res: ProbeResponse, status: number, mentions: RegExp): void {
  assert.equal(res.status, status, res.text);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const envelope = res.envelope();
  assert.equal(typeof envelope.error, 'string');
  assert.match(envelope.error ?? '', mentions);
  assert.ok('data' in envelope);
  assert.equal(envelope.data, null);
}

describe('local service /v1', () => {
  let service: RunningService;
  beforeEach(async () => {
    service = await startService({ seed: 7 });
  });
  afterEach(() => service.close());

  describe('GET /v1/me', () => {
    it('returns the user the key belongs to in a success envelope', async () => {
      const res = await send(service.url, { path: '/v1/me', headers: { 'SERVICE-API-KEY': ADA_KEY } });
      assert.equal(res.status, 200);
      assert.deepEqual(res.json(), {
        error: null,
        data: { id: 'u_ada', name: 'Ada Lovelace', email: 'ada@example.com', company_id: 'c_analytical' },
      });
    });

    it('treats the header name case-insensitively and tells users apart', async () => {
      const res = await send(service.url, { path: '/v1/me', headers: { 'service-api-key': GRACE_KEY } });
      assert.equal(res.envelope().data?.id, 'u_grace');
      assert.equal(res.envelope().data?.company_id, 'c_cobol');
    });

    it('answers 401 with an error for a missing key', async () => {
      assertFailure(await send(service.url, { path: '/v1/me' }), 401, /missing api key/i);
    });

    it('answers 401 for an unknown key without echoing the key', async () => {
      const res = await send(service.url, { path: '/v1/me', headers: { 'SERVICE-API-KEY': 'gk_not_a_real_key' } });
      assertFailure(res, 401, /invalid api key/i);
      assert.doesNotMatch(res.text, /gk_not_a_real_key/);
    });

    it('checks the key before routing: unknown /v1 paths without a key are 401', async () => {
      assertFailure(await send(service.url, { path: '/v1/nowhere' }), 401, /api key/i);
    });
  });

  describe('POST /v1/generate/<gist>/<variant>', () => {
    it('fills the named variant template and returns a call id', async () => {
      const res = await generate(service.url, '/v1/generate/welcome-email/short', { name: 'Ada', product: 'Engines' });
      assert.equal(res.status, 200);
      const { error, data } = res.envelope();
      assert.equal(error, null);
      assert.equal(data?.content, 'Welcome to Engines, Ada.');
      assert.equal(typeof data?.id, 'string');
      assert.deepEqual(Object.keys(data ?? {}).sort(), ['content', 'id']);
    });

    it('gives each call a fresh base64 call id and records it', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await generate(service.url, '/v1/generate/commit-message/default', { summary: `step ${i}` });
        ids.push(String(res.envelope().data?.id));
      }
      assert.equal(new Set(ids).size, ids.length);
      for (const id of ids) assert.match(id, /^[A-Za-z0-9+/]{16}$/);
      assert.deepEqual(service.calls().map((c) => c.callId), ids);
    });

    it('records method, path, decoded gist id, variant, user, headers and body', async () => {
      await generate(service.url, '/v1/generate/commit-message/default?trace=1', { summary: 'tidy' }, GRACE_KEY);
      const [call] = service.calls();
      assert.ok(call);
      assert.equal(call.method, 'POST');
      assert.equal(call.path, '/v1/generate/commit-message/default');
      assert.equal(call.gistId, 'commit-message');
      assert.equal(call.variant, 'default');
      assert.equal(call.userId, 'u_grace');
      assert.equal(call.status, 200);
      assert.equal(call.headers['service-api-key'], GRACE_KEY);
      assert.deepEqual(call.body, { values: { summary: 'tidy' } });
      assert.equal(call.rawBody, JSON.stringify({ values: { summary: 'tidy' } }));
      assert.ok(!Number.isNaN(Date.parse(call.time)));
    });

    it('returns multi-line unicode templates intact', async () => {
      const ja = await generate(service.url, '/v1/generate/haiku/ja', { topic: '秋の夜' });
      assert.equal(ja.envelope().data?.content, '古池や　秋の夜\n蛙飛び込む\n水の音 🐸');
      const en = await generate(service.url, '/v1/generate/haiku/en', { topic: 'crème brûlée' });
      assert.equal(en.envelope().data?.content, 'Café at dawn — crème brûlée,\nnaïve light through the window,\nsoft résumé of spring ☕');
    });

    it('echoes CRLF, placeholders and a 1 MiB value exactly', async () => {
      const tricky = 'line 1\r\nline 2\n\ttab {{text}} $& $1 "quotes" \\ 🎉';
      assert.equal((await generate(service.url, '/v1/generate/echo/plain', { text: tricky })).envelope().data?.content, tricky);
      const big = 'x'.repeat(1024 * 1024);
      assert.equal((await generate(service.url, '/v1/generate/echo/plain', { text: big })).envelope().data?.content, big);
    });

    it('ignores extra value names', async () => {
      const res = await generate(service.url, '/v1/generate/echo/plain', { text: 'hi', unused: 'x' });
      assert.equal(res.envelope().data?.content, 'hi');
    });

    it('accepts a charset parameter on the Content-Type', async () => {
      const res = await send(service.url, {
        method: 'POST',
        path: '/v1/generate/echo/plain',
        headers: { 'SERVICE-API-KEY': ADA_KEY, 'Content-Type': 'Application/JSON; charset=utf-8' },
        body: JSON.stringify({ values: { text: 'ok' } }),
      });
      assert.equal(res.envelope().data?.content, 'ok');
    });
  });

  describe('POST /v1/generate/<gist> (no variant)', () => {
    it('draws a variant of the gist and records which one', async () => {
      const res = await generate(service.url, '/v1/generate/welcome-email', { name: 'Ada', product: 'Engines' });
      assert.equal(res.status, 200);
      const [call] = service.calls();
      const variant = service.fixtures.gists.find((g) => g.id === 'welcome-email')?.variants.find((v) => v.slug === call?.variant);
      assert.ok(variant, `recorded variant ${String(call?.variant)} is one of the gist's`);
      const expected = variant.template.replaceAll('{{name}}', 'Ada').replaceAll('{{product}}', 'Engines');
      assert.equal(res.envelope().data?.content, expected);
    });
  });

  describe('percent-encoded path segments', () => {
    it('decodes the gist id: a%2Fb is the id "a/b" (unknown, so 404 naming it)', async () => {
      const res = await generate(service.url, '/v1/generate/a%2Fb/x', { text: 'x' });
      assertFailure(res, 404, /gist not found: "a\/b"/i);
      assert.equal(service.calls()[0]?.gistId, 'a/b');
    });

    it('decodes ids that exist in the fixtures', async () => {
      const res = await generate(service.url, '/v1/generate/%65cho/pl%61in', { text: 'decoded' });
      assert.equal(res.envelope().data?.content, 'decoded');
    });

    it('finds a fixture gist whose id contains a slash', async () => {
      await service.close();
      service = await startService({
        fixtures: { users: [{ id: 'u', name: 'U', email: 'u@example.com', company_id: 'c', apiKeys: [ADA_KEY] }], gists: [{ id: 'team/notes', variables: [], variants: [{ slug: 'v 1', weight: 1, template: 'fixed' }] }] },
      });
      const res = await send(service.url, { method: 'POST', path: '/v1/generate/team%2Fnotes/v%201', headers: { 'SERVICE-API-KEY': ADA_KEY }, body: {} });
      assert.equal(res.envelope().data?.content, 'fixed');
    });

    it('answers 400 for malformed percent-encoding', async () => {
      assertFailure(await generate(service.url, '/v1/generate/bad%zzid', { text: 'x' }), 400, /percent-encoding/);
    });
  });

  describe('failures', () => {
    it('404 names an unknown gist', async () => {
      assertFailure(await generate(service.url, '/v1/generate/nope/plain', { text: 'x' }), 404, /gist not found: "nope"/i);
    });

    it('404 names an unknown variant and its gist', async () => {
      const res = await generate(service.url, '/v1/generate/echo/loud', { text: 'x' });
      assertFailure(res, 404, /variant not found: "loud".*"echo"/i);
      assert.equal(service.calls()[0]?.variant, 'loud');
    });

    it('404 for an unknown path, inside and outside /v1', async () => {
      assertFailure(await send(service.url, { path: '/v1/gists', headers: { 'SERVICE-API-KEY': ADA_KEY } }), 404, /no such endpoint/i);
      assertFailure(await send(service.url, { path: '/v2/me', headers: { 'SERVICE-API-KEY': ADA_KEY } }), 404, /no such endpoint/i);
      assertFailure(await send(service.url, { path: '/v1/generate/a/b/c', method: 'POST', headers: { 'SERVICE-API-KEY': ADA_KEY }, body: {} }), 404, /no such endpoint/i);
    });

    it('405 with Allow for a known path and the wrong method', async () => {
      const me = await send(service.url, { method: 'POST', path: '/v1/me', headers: { 'SERVICE-API-KEY': ADA_KEY }, body: {} });
      assertFailure(me, 405, /not allowed/);
      assert.equal(me.headers.allow, 'GET');
      const gen = await send(service.url, { method: 'GET', path: '/v1/generate/echo/plain', headers: { 'SERVICE-API-KEY': ADA_KEY } });
      assertFailure(gen, 405, /not allowed/);
      assert.equal(gen.headers.allow, 'POST');
    });

    it('401 on generate without a key, before looking at the gist', async () => {
      const res = await send(service.url, { method: 'POST', path: '/v1/generate/nope', body: { values: {} } });
      assertFailure(res, 401, /missing api key/i);
    });

    const headers = { 'SERVICE-API-KEY': ADA_KEY };
    const badRequests: { name: string; body: string; contentType?: string; mentions: RegExp }[] = [
      { name: 'a missing variable', body: JSON.stringify({ values: { name: 'Ada' } }), mentions: /missing value for variable: product/i },
      { name: 'several missing variables', body: JSON.stringify({ values: {} }), mentions: /variables: name, product/i },
      { name: 'values absent', body: '{}', mentions: /values is missing/i },
      { name: 'values not an object', body: JSON.stringify({ values: 'Ada' }), mentions: /values must be an object/i },
      { name: 'values an array', body: JSON.stringify({ values: ['Ada'] }), mentions: /values must be an object/i },
      { name: 'values null', body: JSON.stringify({ values: null }), mentions: /values must be an object/i },
      { name: 'a non-string value', body: JSON.stringify({ values: { name: 'Ada', product: 42 } }), mentions: /values\.product must be a string, got number/i },
      { name: 'a body that is not JSON', body: '{"values": {', mentions: /not valid JSON/i },
      { name: 'an empty body', body: '', mentions: /body is empty/i },
      { name: 'a JSON body that is not an object', body: '[1,2]', mentions: /must be a JSON object/i },
      { name: 'a wrong Content-Type', body: JSON.stringify({ values: { name: 'a', product: 'b' } }), contentType: 'text/plain', mentions: /content-type must be application\/json \(got "text\/plain"\)/i },
      { name: 'a missing Content-Type', body: JSON.stringify({ values: { name: 'a', product: 'b' } }), contentType: '', mentions: /content-type must be application\/json \(none was sent\)/i },
    ];
    for (const bad of badRequests) {
      it(`400 for ${bad.name}, naming the problem`, async () => {
        const contentType = bad.contentType ?? 'application/json';
        const res = await send(service.url, {
          method: 'POST',
          path: '/v1/generate/welcome-email/formal',
          headers: contentType === '' ? headers : { ...headers, 'Content-Type': contentType },
          body: bad.body,
        });
        assertFailure(res, 400, bad.mentions);
        assert.equal(service.calls()[0]?.status, 400);
        assert.equal(service.calls()[0]?.callId, undefined);
      });
    }

    it('413 for a body over 8 MiB, in the envelope', async () => {
      const res = await send(service.url, {
        method: 'POST',
        path: '/v1/generate/echo/plain',
        headers,
        body: JSON.stringify({ values: { text: 'x'.repeat(9 * 1024 * 1024) } }),
      }).catch((error: unknown) => error);
      // The service closes the connection after answering; the answer must still be there.
      assert.ok(!(res instanceof Error), `expected a 413 answer, got ${String(res)}`);
      assertFailure(res as ProbeResponse, 413, /larger than the 8 MiB limit/);
    });
  });
});
