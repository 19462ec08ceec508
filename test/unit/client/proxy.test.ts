// Calls through a real HTTP proxy (the `proxy` package) on loopback.
import { strict as assert } from 'node:assert';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import { GistClient } from '../../../src/client/gistClient';
import { chooseProxy, proxyDispatcherFactory, redactProxyUrl, validateProxyUrl } from '../../../src/client/proxy';
import { failure, useClientFixture } from './clientFixture';

describe('GistClient through a proxy', function () {
  const f = useClientFixture();
  let proxy: ProxyServer;
  let proxyUrl: string;
  let tunnels: string[];
  let client: GistClient | undefined;

  before(async function () {
    proxy = createProxy(createServer());
    proxy.on('connect', (req: IncomingMessage) => tunnels.push(req.url ?? ''));
    proxy.on('request', (req: IncomingMessage) => tunnels.push(req.url ?? ''));
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  after(async function () {
    await new Promise<void>((done) => proxy.close(() => done()));
  });
  beforeEach(function () {
    tunnels = [];
    proxy.authenticate = undefined;
  });
  afterEach(async function () {
    await client?.dispose();
    client = undefined;
  });

  it('goes through the proxy, keeping encoded segments and the key header', async function () {
    client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl }) });
    assert.equal((await client.me(f.settings())).id, 'u_ada');
    const err = await failure(client.generate(f.settings(), { gistId: '..', variant: 'a/b', values: {} }));
    assert.equal(err.kind, 'notFound');
    assert.equal(tunnels.length, 1, 'one tunnel, kept alive for both calls');
    assert.equal(tunnels[0], new URL(f.service.url).host);
    assert.deepEqual(
      f.service.calls().map((call) => [call.path, call.headers['service-api-key']]),
      [
        ['/v1/me', 'gk_demo_ada'],
        ['/v1/generate/%2E%2E/a%2Fb', 'gk_demo_ada'],
      ],
    );
  });

  it('skips the proxy for hosts in noProxy', async function () {
    client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl, noProxy: ['127.0.0.1'] }) });
    await client.me(f.settings());
    assert.deepEqual(tunnels, []);
    assert.equal(f.service.calls().length, 1);
  });

  it('sends proxy credentials from the URL; without them a 407 asks for them', async function () {
    const expected = `Basic ${Buffer.from('ada:s3cret').toString('base64')}`;
    proxy.authenticate = (req) => req.headers['proxy-authorization'] === expected;
    client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl }), meRetryDelaysMs: [] });
    const err = await failure(client.me(f.settings()));
    assert.equal(err.kind, 'network');
    assert.equal(err.remedy, 'openSettings');
    assert.match(err.message, /HTTP 407/);
    await client.dispose();
    client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl: proxyUrl.replace('//', '//ada:s3cret@') }) });
    assert.equal((await client.me(f.settings())).id, 'u_ada');
  });

  it('a proxy that cannot reach the host → network error, not a cancellation', async function () {
    client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl }), meRetryDelaysMs: [] });
    const err = await failure(client.me(f.settings({ baseUrl: 'https://no-such-host.invalid' })));
    assert.equal(err.kind, 'network');
    assert.match(err.message, /proxy could not open a connection to no-such-host\.invalid/);
  });

  it('an unusable proxy URL → configuration error from the call, without the password', async function () {
    client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl: 'socks5://u:pw@proxy:1080' }) });
    const err = await failure(client.me(f.settings()));
    assert.equal(err.kind, 'configuration');
    assert.equal(err.remedy, 'openSettings');
    assert.ok(!err.message.includes('pw'));
    assert.equal(f.service.calls().length, 0);
  });
});

describe('validateProxyUrl', function () {
  it('accepts scheme, host, port and credentials', function () {
    assert.deepEqual(validateProxyUrl(' http://proxy.example.com:3128/ '), { ok: true, url: 'http://proxy.example.com:3128' });
    assert.deepEqual(validateProxyUrl('https://u:p@proxy:8443'), { ok: true, url: 'https://u:p@proxy:8443' });
  });
  for (const raw of ['proxy:3128', 'socks5://proxy:1080', 'http://proxy/path', 'http://proxy/?q=1', 'not a url']) {
    it(`rejects ${raw}`, function () {
      assert.equal(validateProxyUrl(raw).ok, false);
    });
  }
});

describe('chooseProxy', function () {
  const https = new URL('https://gists.example.com');
  const http = new URL('http://127.0.0.1:8787');
  it('http.proxy wins over the environment', function () {
    assert.deepEqual(chooseProxy(https, { proxyUrl: 'http://setting:1' }, { HTTPS_PROXY: 'http://env:2' }), { kind: 'proxy', url: 'http://setting:1', source: 'http.proxy' });
  });
  it('HTTPS_PROXY for https, HTTP_PROXY for http (and as the https fallback), lower case first', function () {
    const env = { HTTPS_PROXY: 'http://s:1', HTTP_PROXY: 'http://p:2' };
    assert.deepEqual(chooseProxy(https, {}, env), { kind: 'proxy', url: 'http://s:1', source: 'environment' });
    assert.deepEqual(chooseProxy(http, {}, env), { kind: 'proxy', url: 'http://p:2', source: 'environment' });
    assert.deepEqual(chooseProxy(https, {}, { HTTP_PROXY: 'http://p:2' }), { kind: 'proxy', url: 'http://p:2', source: 'environment' });
    assert.deepEqual(chooseProxy(https, {}, { https_proxy: 'http://l:3', HTTPS_PROXY: 'http://u:4' }), { kind: 'proxy', url: 'http://l:3', source: 'environment' });
  });
  it('no proxy at all → direct', function () {
    assert.deepEqual(chooseProxy(https, {}, {}), { kind: 'direct', reason: 'noProxyConfigured' });
  });
  const bypass: Array<[string, string[] | undefined, Record<string, string>, boolean]> = [
    ['http.noProxy exact host', ['gists.example.com'], {}, true],
    ['http.noProxy parent domain', ['example.com'], {}, true],
    ['http.noProxy *. and . prefixes', ['*.example.com'], {}, true],
    ['http.noProxy with a matching port', ['gists.example.com:443'], {}, true],
    ['http.noProxy with another port', ['gists.example.com:8443'], {}, false],
    ['http.noProxy unrelated host', ['other.com', 'ample.com'], {}, false],
    ['NO_PROXY when http.noProxy is empty', [], { NO_PROXY: 'foo, .example.com' }, true],
    ['NO_PROXY=*', undefined, { NO_PROXY: '*' }, true],
    ['http.noProxy replaces NO_PROXY', ['other.com'], { NO_PROXY: 'example.com' }, false],
  ];
  for (const [name, noProxy, env, direct] of bypass) {
    it(`${name} → ${direct ? 'direct' : 'proxy'}`, function () {
      assert.equal(chooseProxy(https, { proxyUrl: 'http://proxy:3128', noProxy }, env).kind, direct ? 'direct' : 'proxy');
    });
  }
  it('redactProxyUrl hides a password', function () {
    assert.equal(redactProxyUrl('http://ada:s3cret@proxy:3128/'), 'http://ada:***@proxy:3128');
    assert.equal(redactProxyUrl('nope'), '(not a URL)');
  });
});
