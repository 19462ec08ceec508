// VS Code's network settings on plain Node, against a real proxy and the local service over TLS:
// http.proxySupport "off", http.proxyAuthorization, and which CAs http.systemCertificates trusts.
// The OS trust store itself is tested in real VS Code (test/integration/osTrustStore.test.ts).
import { strict as assert } from 'node:assert';
import type { IncomingMessage } from 'node:http';
import * as tls from 'node:tls';
import { GistClient } from '../../../src/client/gistClient';
import { directAgent } from '../../../src/client/loopback';
import { chooseProxy, proxyDispatcherFactory } from '../../../src/client/proxy';
import { systemTrustedCas, trustOptions } from '../../../src/client/trust';
import { diagnose } from '../../../src/diagnostics/diagnose';
import { formatReport } from '../../../src/diagnostics/report';
import { startService, type RunningService } from '../../../tools/service/index';
import { startRecordingProxy, type RecordingProxy } from '../support/recordingProxy';
import { makeTestCa, type TestCa } from '../support/testCa';
import { ADA_KEY, failure } from './clientFixture';

const AUTHORIZATION = `Basic ${Buffer.from('ada:proxy-s3cret').toString('base64')}`;

describe('http.proxySupport and http.proxyAuthorization', function () {
  // A "remote" https service only the proxy can find (see proxy.test.ts); strictSSL is off
  // because the test certificate names 127.0.0.1.
  let ca: TestCa;
  let remote: RunningService;
  let proxy: RecordingProxy;
  let authorizations: Array<string | undefined>;
  let client: GistClient | undefined;
  const remoteSettings = () => ({ baseUrl: `https://gists.example.invalid:${new URL(remote.url).port}`, apiKeyHeader: 'SERVICE-API-KEY', apiKey: ADA_KEY, timeoutMs: 5000 });

  before(async function () {
    ca = makeTestCa();
    remote = await startService({ tls: { key: ca.serverKey, cert: ca.serverCert } });
    proxy = await startRecordingProxy((authority) => authority.replace(/^gists\.example\.invalid:/, '127.0.0.1:'));
    proxy.server.prependListener('connect', (req: IncomingMessage) => authorizations.push(req.headers['proxy-authorization']));
  });
  after(async function () {
    await proxy.close();
    await remote.close();
    ca.dispose();
  });
  beforeEach(function () {
    proxy.seen.length = 0;
    authorizations = [];
    remote.clearCalls();
    proxy.server.authenticate = undefined;
  });
  afterEach(async function () {
    await client?.dispose();
    client = undefined;
  });

  it('"off": neither http.proxy nor HTTPS_PROXY is used; the call goes direct (and fails at DNS here)', async function () {
    const saved = process.env.HTTPS_PROXY;
    process.env.HTTPS_PROXY = proxy.url;
    try {
      client = new GistClient({ meRetryDelaysMs: [], dispatcherFactory: proxyDispatcherFactory({ proxyUrl: proxy.url, support: 'off', strictSSL: false }) });
      const err = await failure(client.me(remoteSettings()));
      assert.match(err.message, /gists\.example\.invalid:\d+ could not be found/);
      assert.deepEqual(proxy.seen, []);
    } finally {
      if (saved === undefined) {
        delete process.env.HTTPS_PROXY;
      } else {
        process.env.HTTPS_PROXY = saved;
      }
    }
  });

  for (const support of ['on', 'override', 'fallback', undefined] as const) {
    it(`"${String(support)}": the proxy is used`, async function () {
      client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl: proxy.url, support, strictSSL: false }) });
      assert.equal((await client.me(remoteSettings())).id, 'u_ada');
      assert.equal(proxy.seen.length, 1);
    });
  }

  it('the authorization goes to the proxy on the CONNECT, never to the service, and wins over URL credentials', async function () {
    proxy.server.authenticate = (req) => req.headers['proxy-authorization'] === AUTHORIZATION;
    const proxyUrl = proxy.url.replace('//', '//other:creds@');
    client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl, authorization: AUTHORIZATION, strictSSL: false }) });
    assert.equal((await client.me(remoteSettings())).id, 'u_ada');
    assert.deepEqual(authorizations, [AUTHORIZATION]);
    assert.deepEqual(remote.calls().map((call) => [call.headers['proxy-authorization'], call.headers['service-api-key']]), [[undefined, ADA_KEY]]);
  });

  it('a refused authorization → a 407 network error that does not repeat it', async function () {
    proxy.server.authenticate = () => false;
    client = new GistClient({ meRetryDelaysMs: [], dispatcherFactory: proxyDispatcherFactory({ proxyUrl: proxy.url, authorization: AUTHORIZATION, strictSSL: false }) });
    const err = await failure(client.me(remoteSettings()));
    assert.match(err.message, /HTTP 407/);
    assert.ok(!JSON.stringify({ ...err, message: err.message }).includes(AUTHORIZATION.slice(6)));
  });

  it('loopback services stay direct with any proxySupport, authorization or not', async function () {
    const local = await startService();
    try {
      for (const support of ['off', 'on', 'override', 'fallback'] as const) {
        const direct = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl: proxy.url, support, authorization: AUTHORIZATION }) });
        try {
          assert.equal((await direct.me({ ...remoteSettings(), baseUrl: local.url })).id, 'u_ada');
        } finally {
          await direct.dispose();
        }
        assert.deepEqual(chooseProxy(new URL(local.url), { proxyUrl: proxy.url, support }, {}), { kind: 'direct', reason: 'loopback' });
      }
      assert.deepEqual(proxy.seen, []);
      assert.deepEqual(local.calls().map((call) => call.headers['proxy-authorization']), [undefined, undefined, undefined, undefined]);
    } finally {
      await local.close();
    }
  });

  it('chooseProxy and the diagnosis say direct because http.proxySupport is off', async function () {
    const settings = { proxyUrl: proxy.url, support: 'off' as const };
    assert.deepEqual(chooseProxy(new URL('https://gists.example.com'), settings, { HTTPS_PROXY: proxy.url }), { kind: 'direct', reason: 'proxySupportOff' });
    const report = await diagnose({ baseUrl: 'https://gists.example.invalid', apiKeyHeader: 'SERVICE-API-KEY', apiKey: undefined, timeoutMs: 2000, proxy: settings, env: {} });
    assert.equal(report.proxy, 'direct (http.proxySupport is off)');
    assert.deepEqual(proxy.seen, []);
  });

  it('the diagnosis opens its tunnel with the authorization, and never writes it', async function () {
    proxy.server.authenticate = (req) => req.headers['proxy-authorization'] === AUTHORIZATION;
    const settings = { proxyUrl: proxy.url, authorization: AUTHORIZATION, strictSSL: false };
    const report = await diagnose({
      ...remoteSettings(),
      proxy: settings,
      dispatcherFactory: proxyDispatcherFactory(settings),
      env: {},
    });
    assert.equal(report.outcome, 'ok', formatReport(report).join('\n'));
    assert.equal(report.steps.find((step) => step.name === 'tunnel')?.status, 'ok');
    const text = JSON.stringify(report) + formatReport(report).join('\n');
    assert.ok(!text.includes(AUTHORIZATION.slice(6)), text);
  });
});

describe('which CAs are trusted (http.systemCertificates)', function () {
  const pem = (name: string): string => `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----`;

  it("Node's default CAs plus the OS store's, each once", function () {
    const lists: Record<'default' | 'system', string[]> = { default: [pem('A'), pem('B')], system: [`${pem('B')}\n`, pem('C')] };
    assert.deepEqual(systemTrustedCas((kind) => lists[kind]), [pem('A'), pem('B'), pem('C')]);
  });

  it('without tls.getCACertificates (Node 20, VS Code 1.100): on Linux the OS bundle, with Node roots and NODE_EXTRA_CA_CERTS', function () {
    const ca = makeTestCa();
    try {
      const cas = systemTrustedCas(undefined, 'linux', { NODE_EXTRA_CA_CERTS: ca.caCertPath });
      if (cas === undefined) {
        this.skip(); // No OS bundle on this machine (Debian's ca-certificates package provides it).
      }
      assert.ok(cas.includes(ca.caCert.trim()), 'NODE_EXTRA_CA_CERTS kept');
      for (const root of tls.rootCertificates.slice(0, 3)) {
        assert.ok(cas.includes(root.trim()), "Node's bundled roots kept");
      }
      assert.equal(systemTrustedCas(undefined, 'win32', {}), undefined, "elsewhere Node's default");
    } finally {
      ca.dispose();
    }
  });

  it('strictSSL off verifies nothing; systemCertificates off leaves Node its default CAs', function () {
    assert.deepEqual(trustOptions({ strictSSL: false }), { rejectUnauthorized: false });
    assert.deepEqual(trustOptions({ systemCertificates: false }), {});
    const on = trustOptions({});
    if (on.ca !== undefined) {
      assert.ok(on.secureContext !== undefined, 'one secure context made for all connections');
      assert.ok(on.ca.length >= tls.rootCertificates.length);
    }
  });

  it('direct connections trust what the store holds: a service signed by a CA in it is reached, one outside is refused', async function () {
    const ca = makeTestCa();
    const service = await startService({ tls: { key: ca.serverKey, cert: ca.serverCert } });
    const settings = { baseUrl: service.url, apiKeyHeader: 'SERVICE-API-KEY', apiKey: ADA_KEY, timeoutMs: 5000 };
    const withCa = trustOptions({}, () => [...tls.rootCertificates, ca.caCert]);
    const client = new GistClient({ dispatcherFactory: (undici) => directAgent(undici, withCa) });
    const without = new GistClient({ meRetryDelaysMs: [], dispatcherFactory: (undici) => directAgent(undici, trustOptions({}, () => [...tls.rootCertificates])) });
    try {
      assert.equal((await client.me(settings)).id, 'u_ada');
      assert.match((await failure(without.me(settings))).message, /is not trusted/);
    } finally {
      await without.dispose();
      await client.dispose();
      await service.close();
      ca.dispose();
    }
  });
});
