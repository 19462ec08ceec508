// Loopback services are always reached directly (items 14 and 15 of issue 13): the key must never
// go to a proxy in clear text, and plain http:// must never leave the machine. Proxy URLs are
// written with all their userinfo masked (item 16).
import { strict as assert } from 'node:assert';
import { GistClient } from '../../../src/client/gistClient';
import { loopbackOnlyLookup, type LookupFunction } from '../../../src/client/loopback';
import { chooseProxy, proxyDispatcherFactory, redactProxyUrl } from '../../../src/client/proxy';
import { isLoopbackHost, validateBaseUrl } from '../../../src/client/urls';
import { diagnose } from '../../../src/diagnostics/diagnose';
import { formatReport } from '../../../src/diagnostics/report';
import { startService, type RunningService } from '../../../tools/service/index';
import { startRecordingProxy, type RecordingProxy } from '../support/recordingProxy';
import { makeTestCa, type TestCa } from '../support/testCa';
import { ADA_KEY, useClientFixture } from './clientFixture';

const PROXY_ENV = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY'] as const;

/** Runs `work` with these proxy variables in process.env (undici reads them there), then restores it. */
async function withProxyEnv<T>(env: Partial<Record<(typeof PROXY_ENV)[number], string>>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(PROXY_ENV.map((name) => [name, process.env[name]]));
  for (const name of PROXY_ENV) {
    delete process.env[name];
  }
  Object.assign(process.env, env);
  try {
    return await work();
  } finally {
    for (const name of PROXY_ENV) {
      const value = saved[name];
      if (value === undefined) {
        delete process.env[name];
      } else {
        process.env[name] = value;
      }
    }
  }
}

describe('loopback services are never proxied', function () {
  const f = useClientFixture();
  let proxy: RecordingProxy;
  let client: GistClient | undefined;

  before(async function () {
    proxy = await startRecordingProxy();
  });
  after(async function () {
    await proxy.close();
  });
  beforeEach(function () {
    proxy.seen.length = 0;
  });
  afterEach(async function () {
    await client?.dispose();
    client = undefined;
  });

  it('with http.proxy set, a loopback service gets the call directly and the proxy receives nothing', async function () {
    client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl: proxy.url }) });
    for (const baseUrl of [f.service.url, f.service.url.replace('127.0.0.1', 'localhost')]) {
      assert.equal((await client.me(f.settings({ baseUrl }))).id, 'u_ada');
    }
    assert.deepEqual(proxy.seen, []);
    assert.deepEqual(
      f.service.calls().map((call) => call.headers['service-api-key']),
      [ADA_KEY, ADA_KEY],
    );
  });

  it('with HTTP_PROXY / HTTPS_PROXY and an unrelated NO_PROXY, the proxy still receives nothing', async function () {
    await withProxyEnv({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: 'example.com' }, async () => {
      client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({}) });
      const result = await client.generate(f.settings(), { gistId: 'echo', variant: 'plain', values: { text: 'direct' } });
      assert.equal(result.content, 'direct');
    });
    assert.deepEqual(proxy.seen, []);
  });

  it('chooseProxy says direct (loopback) for 127.0.0.0/8, localhost and ::1, whatever the settings', function () {
    for (const url of ['http://127.0.0.1:8787', 'http://127.9.8.7', 'http://localhost:1', 'http://[::1]:2', 'https://localhost']) {
      assert.deepEqual(chooseProxy(new URL(url), { proxyUrl: 'http://proxy:3128', noProxy: ['other.com'] }, { HTTP_PROXY: 'http://env:1' }), { kind: 'direct', reason: 'loopback' }, url);
      assert.deepEqual(chooseProxy(new URL(url), {}, { HTTP_PROXY: 'http://env:1', HTTPS_PROXY: 'http://env:2', NO_PROXY: 'x' }), { kind: 'direct', reason: 'loopback' }, url);
    }
    assert.equal(chooseProxy(new URL('https://gists.example.com'), { proxyUrl: 'http://proxy:3128' }, {}).kind, 'proxy');
  });

  it('the diagnosis reports the same decision: direct, no tunnel, and the proxy receives nothing', async function () {
    const settings = { proxyUrl: proxy.url, strictSSL: true };
    const report = await diagnose({
      baseUrl: f.service.url,
      apiKeyHeader: 'SERVICE-API-KEY',
      apiKey: ADA_KEY,
      timeoutMs: 5000,
      proxy: settings,
      dispatcherFactory: proxyDispatcherFactory(settings),
      env: {},
    });
    assert.equal(report.outcome, 'ok', formatReport(report).join('\n'));
    assert.match(report.proxy, /^direct \(loopback/);
    assert.equal(report.steps.find((step) => step.name === 'tunnel')?.status, 'skipped');
    assert.deepEqual(proxy.seen, []);
  });
});

describe('other services still go through the proxy', function () {
  let ca: TestCa;
  let service: RunningService;
  let proxy: RecordingProxy;

  before(async function () {
    ca = makeTestCa();
    service = await startService({ tls: { key: ca.serverKey, cert: ca.serverCert } });
    // The proxy is the only one who knows where gists.example.test is: here.
    proxy = await startRecordingProxy((authority) => authority.replace(/^gists\.example\.test:/, '127.0.0.1:'));
  });
  after(async function () {
    await proxy.close();
    await service.close();
    ca.dispose();
  });

  it('a non-loopback https:// service is reached through http.proxy, with the key inside the tunnel', async function () {
    const port = new URL(service.url).port;
    // strictSSL off: the test certificate names 127.0.0.1, not gists.example.test.
    const client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({ proxyUrl: proxy.url, strictSSL: false }) });
    try {
      const user = await client.me({ baseUrl: `https://gists.example.test:${port}`, apiKeyHeader: 'SERVICE-API-KEY', apiKey: ADA_KEY, timeoutMs: 5000 });
      assert.equal(user.id, 'u_ada');
    } finally {
      await client.dispose();
    }
    assert.deepEqual(proxy.seen, [`CONNECT gists.example.test:${port}`]);
    assert.deepEqual(service.calls().map((call) => call.headers['service-api-key']), [ADA_KEY]);
  });
});

describe('plain http:// stays on this machine', function () {
  it('accepts only localhost, 127.0.0.0/8 and ::1 as loopback', function () {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.9', '::1', '[::1]']) {
      assert.equal(isLoopbackHost(host), true, host);
    }
    for (const host of ['gists.localhost', 'evil.localhost', 'localhost.', 'localhost.example.com', '128.0.0.1', '::2', '0.0.0.0', '127.0.0.1.nip.io']) {
      assert.equal(isLoopbackHost(host), false, host);
    }
  });

  it('validateBaseUrl refuses http:// to *.localhost and accepts the IPv6 forms of ::1', function () {
    assert.equal(validateBaseUrl('http://gists.localhost:8787').ok, false);
    assert.equal(validateBaseUrl('http://a.b.localhost').ok, false);
    assert.deepEqual(validateBaseUrl('http://[0:0:0:0:0:0:0:1]:8787'), { ok: true, url: 'http://[::1]:8787' });
    assert.deepEqual(validateBaseUrl('http://[::1]:8787/v1'), { ok: true, url: 'http://[::1]:8787' });
    assert.equal(validateBaseUrl('https://gists.localhost').ok, true, 'over https the key is encrypted anyway');
  });

  describe('the lookup used for direct connections', function () {
    /** A resolver that answers like a hostile hosts file or DNS server would. */
    const resolvingTo =
      (addresses: Array<{ address: string; family: number }>): LookupFunction =>
      (_hostname, options, callback) => {
        if (options.all === true) {
          callback(null, addresses);
        } else {
          const first = addresses[0];
          callback(null, first?.address ?? '', first?.family ?? 4);
        }
      };

    function lookupAll(lookup: LookupFunction, hostname: string): Promise<Array<{ address: string; family: number }>> {
      return new Promise((resolve, reject) => {
        lookup(hostname, { all: true }, (error, addresses) => (error !== null ? reject(error) : resolve(addresses as Array<{ address: string; family: number }>)));
      });
    }

    it('keeps only loopback addresses for localhost, and fails when there are none', async function () {
      const mixed = loopbackOnlyLookup(resolvingTo([{ address: '192.0.2.7', family: 4 }, { address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }]));
      assert.deepEqual(await lookupAll(mixed, 'localhost'), [{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }]);
      const hostile = loopbackOnlyLookup(resolvingTo([{ address: '192.0.2.7', family: 4 }]));
      await assert.rejects(lookupAll(hostile, 'localhost'), /localhost resolved to 192\.0\.2\.7, not to this machine/);
      const single = await new Promise<string>((resolve, reject) =>
        hostile('localhost', {}, (error, address) => (error !== null ? reject(error) : resolve(JSON.stringify(address)))),
      ).catch((error: Error) => error.message);
      assert.match(single, /not to this machine/);
    });

    it('leaves other host names alone', async function () {
      const lookup = loopbackOnlyLookup(resolvingTo([{ address: '192.0.2.7', family: 4 }]));
      assert.deepEqual(await lookupAll(lookup, 'gists.example.com'), [{ address: '192.0.2.7', family: 4 }]);
    });

    it('with the real resolver, localhost connects', async function () {
      const addresses = await lookupAll(loopbackOnlyLookup(), 'localhost');
      assert.ok(addresses.length > 0);
    });
  });
});

describe('proxy URLs in logs and reports', function () {
  it('mask the user name as well as the password', function () {
    assert.equal(redactProxyUrl('http://ada:s3cret@proxy:3128/'), 'http://***:***@proxy:3128');
    assert.equal(redactProxyUrl('http://gh_tok3nAsUser@proxy:3128'), 'http://***@proxy:3128');
    assert.equal(redactProxyUrl('http://:pw@proxy:3128'), 'http://:***@proxy:3128');
    assert.equal(redactProxyUrl('http://proxy:3128'), 'http://proxy:3128');
  });

  it('the diagnosis never writes the proxy user name', async function () {
    const report = await diagnose({
      baseUrl: 'https://gists.example.test',
      apiKeyHeader: 'SERVICE-API-KEY',
      apiKey: undefined,
      timeoutMs: 2000,
      proxy: { proxyUrl: 'http://gh_tok3nAsUser:pw@127.0.0.1:9' },
      env: {},
    });
    const text = JSON.stringify(report) + formatReport(report).join('\n');
    assert.ok(!text.includes('gh_tok3nAsUser'), text);
    assert.match(report.proxy, /^http:\/\/\*\*\*:\*\*\*@127\.0\.0\.1:9$/);
  });
});
