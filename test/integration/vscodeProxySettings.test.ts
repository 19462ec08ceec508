// VS Code's proxy settings for a service that is not on this machine, in real VS Code:
// http.proxySupport "off" turns every proxy off (VS Code's own requests then go direct too),
// http.proxyAuthorization goes to the proxy, and http.noProxy still bypasses it. The "remote"
// service is gists.example.invalid, a name no DNS knows: only the recording proxy finds it, by
// tunnelling to an https service here, so a call that skips the proxy fails at DNS.
// http.proxyStrictSSL is off because the test certificate names 127.0.0.1.
import { strict as assert } from 'node:assert';
import type { IncomingMessage } from 'node:http';
import * as vscode from 'vscode';
import { startService, type RunningService } from '../../tools/service/index';
import { startRecordingProxy, type RecordingProxy } from '../unit/support/recordingProxy';
import { makeTestCa, type TestCa } from '../unit/support/testCa';
import { DEMO_KEY, generate, nextOutcome, resetForTest, serviceUrl, signedInApi, signIn, type TestedApi } from './support';

const HTTP_KEYS = ['proxy', 'proxySupport', 'proxyAuthorization', 'noProxy', 'proxyStrictSSL'] as const;
const echo = (text: string) => ({ gistId: 'echo', variant: 'plain', values: { text } });

describe('VS Code proxy settings for a remote service', function () {
  let api: TestedApi;
  let ca: TestCa;
  let remote: RunningService;
  let proxy: RecordingProxy;
  /** The Proxy-Authorization header of each CONNECT, in order. */
  let proxyAuthorizations: Array<string | undefined> = [];
  let tunnel: string;

  const http = () => vscode.workspace.getConfiguration('http');
  async function setHttp(settings: Partial<Record<(typeof HTTP_KEYS)[number], unknown>>): Promise<void> {
    for (const [key, value] of Object.entries(settings)) {
      await http().update(key, value, vscode.ConfigurationTarget.Global);
    }
  }

  before(async function () {
    api = await signedInApi();
    ca = makeTestCa();
    remote = await startService({ tls: { key: ca.serverKey, cert: ca.serverCert } });
    proxy = await startRecordingProxy((authority) => authority.replace(/^gists\.example\.invalid:/, '127.0.0.1:'));
    proxy.server.prependListener('connect', (req: IncomingMessage) => proxyAuthorizations.push(req.headers['proxy-authorization']));
    const port = new URL(remote.url).port;
    tunnel = `CONNECT gists.example.invalid:${port}`;
    await setHttp({ proxy: proxy.url, proxyStrictSSL: false });
    await vscode.workspace.getConfiguration('gist').update('baseUrl', `https://gists.example.invalid:${port}`, vscode.ConfigurationTarget.Global);
    // A key is bound to the service it was checked with: this one is checked with the remote service.
    await signIn(api);
  });

  beforeEach(async function () {
    await resetForTest();
    // A proxy setting change closes the client's connections: each test opens its own tunnel.
    await setHttp({ noProxy: [] });
    await setHttp({ noProxy: undefined });
    proxy.seen.length = 0;
    proxyAuthorizations = [];
    remote.clearCalls();
    proxy.server.authenticate = undefined;
  });

  after(async function () {
    await vscode.workspace.getConfiguration('gist').update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
    for (const key of HTTP_KEYS) {
      await http().update(key, undefined, vscode.ConfigurationTarget.Global);
    }
    await signIn(api);
    await proxy.close();
    await remote.close();
    ca.dispose();
  });

  /** A generate call that fails; its error. */
  async function failedCall(text: string): Promise<NonNullable<Awaited<ReturnType<typeof nextOutcome>>['error']>> {
    const outcome = nextOutcome(api);
    assert.equal(await generate(echo(text)), undefined);
    const { error } = await outcome;
    assert.ok(error, 'the call failed');
    return error;
  }

  it('with http.proxy set, the call goes through the proxy, with the key inside the tunnel', async function () {
    const result = await generate(echo('via the proxy'));
    assert.equal(result?.content, 'via the proxy');
    assert.deepEqual(proxy.seen, [tunnel]);
    assert.deepEqual(remote.calls().map((call) => call.headers['service-api-key']), [DEMO_KEY]);
  });

  it('http.proxySupport "off": no proxy at all, neither http.proxy nor HTTPS_PROXY', async function () {
    const saved = process.env.HTTPS_PROXY;
    process.env.HTTPS_PROXY = proxy.url;
    try {
      await setHttp({ proxySupport: 'off' });
      const error = await failedCall('not via the proxy');
      assert.equal(error.kind, 'network');
      assert.match(error.message, /gists\.example\.invalid:\d+ could not be found/, 'tried to connect directly');
      assert.deepEqual(proxy.seen, []);
    } finally {
      if (saved === undefined) {
        delete process.env.HTTPS_PROXY;
      } else {
        process.env.HTTPS_PROXY = saved;
      }
      await setHttp({ proxySupport: undefined });
    }
  });

  it('http.proxyAuthorization is sent to the proxy on the CONNECT, and never to the service', async function () {
    const authorization = `Basic ${Buffer.from('ada:proxy-s3cret').toString('base64')}`;
    proxy.server.authenticate = (req) => req.headers['proxy-authorization'] === authorization;
    try {
      await setHttp({ proxyAuthorization: authorization });
      const result = await generate(echo('authorized'));
      assert.equal(result?.content, 'authorized');
      assert.deepEqual(proxy.seen, [tunnel]);
      assert.deepEqual(proxyAuthorizations, [authorization]);
      assert.deepEqual(remote.calls().map((call) => call.headers['proxy-authorization']), [undefined]);
    } finally {
      await setHttp({ proxyAuthorization: undefined });
    }
  });

  it('http.noProxy naming the host bypasses http.proxy', async function () {
    try {
      await setHttp({ noProxy: ['gists.example.invalid'] });
      const error = await failedCall('not via the proxy either');
      assert.match(error.message, /gists\.example\.invalid:\d+ could not be found/);
      assert.deepEqual(proxy.seen, []);
    } finally {
      await setHttp({ noProxy: undefined });
    }
  });
});
