// Calls through a real HTTP proxy (the `proxy` package) on loopback.
import { strict as assert } from 'node:assert';
import { GistClient } from '../../../src/client/gistClient';
import { chooseProxy, proxyDispatcherFactory, redactProxyUrl, validateProxyUrl } from '../../../src/client/proxy';
import { startService, type RunningService } from '../../../tools/service/index';
import { startRecordingProxy, type RecordingProxy } from '../support/recordingProxy';
import { makeTestCa, type TestCa } from '../support/testCa';
import { failure, useClientFixture } from './clientFixture';

describe('GistClient through a proxy', function () {
  const f = useClientFixture();
  // Loopback services never go through a proxy; a "remote" one is an HTTPS service that only the
  // proxy can find: it tunnels gists.example.invalid to this machine. strictSSL is off because
  // the test certificate names 127.0.0.1.
  let ca: TestCa;
  let remote: RunningService;
  let proxy: RecordingProxy;
  let proxyUrl: string;
  let tunnels: string[];
  let client: GistClient | undefined;
  const remoteSettings = () => f.settings({ baseUrl: `https://gists.example.invalid:${new URL(remote.url).port}` });

  before(async function () {
    ca = makeTestCa();
    remote = await startService({ seed: 7, tls: { key: ca.serverKey, cert: ca.serverCert } });
    proxy = await startRecordingProxy((authority) => authority.replace(/^gists\.example\.invalid:/, '127.0.0.1:'));
    proxyUrl = proxy.url;
    tunnels = proxy.seen;
  });
  after(async function () {
    await proxy.close();
    await remote.close();
    ca.dispose();
  });
  beforeEach(function () {
    tunnels.length = 0;
    remote.clearCalls();
    proxy.server.authenticate = undefined;
  });
  afterEach(async function () {
    await client?.dispose();
    client = undefined;
  });

  it('goes through the proxy, keeping encoded segments and the key header', async function () {
    client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl, strictSSL: false }) });
    assert.equal((await client.me(remoteSettings())).id, 'u_ada');
    const err = await failure(client.generate(remoteSettings(), { gistId: '..', variant: 'a/b', values: {} }));
    assert.equal(err.kind, 'notFound');
    assert.deepEqual(tunnels, [`CONNECT gists.example.invalid:${new URL(remote.url).port}`], 'one tunnel, kept alive for both calls');
    assert.deepEqual(
      remote.calls().map((call) => [call.path, call.headers['service-api-key']]),
      [
        ['/v1/me', 'gk_demo_ada'],
        ['/v1/generate/%2E%2E/a%2Fb', 'gk_demo_ada'],
      ],
    );
  });

  it('skips the proxy for hosts in noProxy (here the name then fails at DNS)', async function () {
    client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl, noProxy: ['gists.example.invalid'] }), meRetryDelaysMs: [] });
    const err = await failure(client.me(remoteSettings()));
    assert.match(err.message, /could not be found/);
    assert.deepEqual(tunnels, []);
  });

  it('sends proxy credentials from the URL; without them a 407 asks for them', async function () {
    const expected = `Basic ${Buffer.from('ada:s3cret').toString('base64')}`;
    proxy.server.authenticate = (req) => req.headers['proxy-authorization'] === expected;
    client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl, strictSSL: false }), meRetryDelaysMs: [] });
    const err = await failure(client.me(remoteSettings()));
    assert.equal(err.kind, 'network');
    assert.equal(err.remedy, 'openSettings');
    assert.match(err.message, /HTTP 407/);
    await client.dispose();
    client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl: proxyUrl.replace('//', '//ada:s3cret@'), strictSSL: false }) });
    assert.equal((await client.me(remoteSettings())).id, 'u_ada');
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
  // Not a loopback host: those are always direct (see loopbackDirect.test.ts).
  const http = new URL('http://gists.example.com:8787');
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
  it('redactProxyUrl hides the user name and the password', function () {
    assert.equal(redactProxyUrl('http://ada:s3cret@proxy:3128/'), 'http://***:***@proxy:3128');
    assert.equal(redactProxyUrl('nope'), '(not a URL)');
  });
});
