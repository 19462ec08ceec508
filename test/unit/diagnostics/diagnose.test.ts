// The connection diagnosis against real endpoints on loopback: the local service (http), a TLS
// server with the fixture certificate, a proxy, a refused port and a host that cannot resolve.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { Agent } from 'undici';
import { proxyDispatcherFactory } from '../../../src/client/proxy';
import { diagnose, type DiagnoseInput } from '../../../src/diagnostics/diagnose';
import { formatReport, type DiagnosisReport, type StepName, type StepStatus } from '../../../src/diagnostics/report';
import { startService, type RunningService } from '../../../tools/service/index';
import { waitFor } from '../service/waitFor';
import { startRecordingProxy, type RecordingProxy } from '../support/recordingProxy';

const fixtures = resolve(__dirname, '../../../../test/unit/client/fixtures');
const cert = readFileSync(resolve(fixtures, 'selfSigned.crt'), 'utf8');
const key = readFileSync(resolve(fixtures, 'selfSigned.key'), 'utf8');
const ADA_KEY = 'gk_demo_ada';
const NO_ENV: NodeJS.ProcessEnv = {};

function statuses(report: DiagnosisReport): Record<StepName, StepStatus> {
  return Object.fromEntries(report.steps.map((step) => [step.name, step.status])) as Record<StepName, StepStatus>;
}

function assertNoKey(report: DiagnosisReport, secret = ADA_KEY): void {
  const text = JSON.stringify(report) + formatReport(report).join('\n');
  assert.ok(!text.includes(secret), 'the report never holds the key');
}

describe('diagnose', function () {
  let service: RunningService;
  let tlsServer: Server;
  let tlsUrl: string;
  const input = (overrides: Partial<DiagnoseInput> = {}): DiagnoseInput => ({
    baseUrl: service.url,
    apiKeyHeader: 'SERVICE-API-KEY',
    apiKey: ADA_KEY,
    timeoutMs: 5000,
    proxy: { strictSSL: true },
    env: NO_ENV,
    ...overrides,
  });

  before(async function () {
    service = await startService({ seed: 1 });
    tlsServer = createServer({ cert, key }, (req, res) => {
      const known = req.headers['service-api-key'] === ADA_KEY;
      res.writeHead(known ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(known ? { error: null, data: { id: 'u_ada', name: 'Ada Lovelace', email: 'a@e', company_id: 'c' } } : { error: 'Unknown API key.', data: null }));
    });
    await new Promise<void>((done) => tlsServer.listen(0, '127.0.0.1', done));
    tlsUrl = `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}`;
  });
  after(async function () {
    await service.close();
    await new Promise<void>((done) => tlsServer.close(() => done()));
  });
  beforeEach(function () {
    service.clearCalls();
    service.clearFaults();
  });

  it('the local service over http: every step ok, signed in, key sent only to /v1/me', async function () {
    const seen: StepName[] = [];
    const report = await diagnose(input({ onStep: (step) => seen.push(step.name) }));
    assert.equal(report.outcome, 'ok', formatReport(report).join('\n'));
    assert.equal(report.user?.name, 'Ada Lovelace');
    assert.deepEqual(statuses(report), { settings: 'ok', proxy: 'ok', dns: 'ok', tcp: 'ok', tunnel: 'skipped', tls: 'skipped', http: 'ok' });
    assert.deepEqual(seen, ['settings', 'proxy', 'dns', 'tcp', 'tunnel', 'tls', 'http']);
    assert.deepEqual(report.addresses, ['127.0.0.1']);
    assert.ok(report.timeToFirstByteMs !== undefined && report.timeToFirstByteMs > 0);
    assert.ok(report.steps.find((s) => s.name === 'tcp')?.durationMs !== undefined);
    assert.deepEqual(
      service.calls().map((call) => [call.path, call.headers['service-api-key']]),
      [['/v1/me', ADA_KEY]],
    );
    assert.match(formatReport(report).at(-1) ?? '', /connection OK, signed in as Ada Lovelace/);
    assertNoKey(report);
  });

  it('a rejected key: failed at HTTP with the authentication error, and the key is not in the report', async function () {
    const report = await diagnose(input({ apiKey: 'gk_wrong_but_well_formed' }));
    assert.equal(report.outcome, 'failed');
    assert.equal(report.failedAt, 'http');
    assert.equal(report.error?.kind, 'authentication');
    assertNoKey(report, 'gk_wrong_but_well_formed');
  });

  it('no key: the connection steps run, /v1/me is skipped and nothing is sent', async function () {
    const report = await diagnose(input({ apiKey: undefined }));
    assert.equal(report.outcome, 'noKey');
    assert.equal(statuses(report).tcp, 'ok');
    assert.equal(statuses(report).http, 'skipped');
    assert.equal(service.calls().length, 0);
  });

  it('a refused port: failed at TCP with ECONNREFUSED, TLS and HTTP skipped', async function () {
    const closed = createTcpServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const report = await diagnose(input({ baseUrl: `http://127.0.0.1:${port}` }));
    assert.equal(report.failedAt, 'tcp');
    assert.equal(report.error?.kind, 'network');
    assert.match(report.steps.find((s) => s.name === 'tcp')?.detail ?? '', /refused the connection.*ECONNREFUSED/);
    assert.equal(statuses(report).http, 'skipped');
    assert.match(report.steps.find((s) => s.name === 'http')?.detail ?? '', /not run after the tcp step failed/);
  });

  it('a host that cannot resolve: failed at DNS, nothing later runs', async function () {
    const report = await diagnose(input({ baseUrl: 'https://nonexistent.invalid' }));
    assert.equal(report.failedAt, 'dns');
    assert.match(report.error?.message ?? '', /nonexistent\.invalid could not be found \(DNS\)/);
    assert.deepEqual([statuses(report).tcp, statuses(report).tls, statuses(report).http], ['skipped', 'skipped', 'skipped']);
  });

  it('an unusable URL: failed at settings before any connection', async function () {
    const report = await diagnose(input({ baseUrl: 'http://example.com' }));
    assert.equal(report.failedAt, 'settings');
    assert.equal(report.error?.kind, 'configuration');
    assert.equal(statuses(report).dns, 'skipped');
  });

  it('an unusable key header or stored key: failed at settings, naming the fix', async function () {
    const header = await diagnose(input({ apiKeyHeader: 'Bad Header' }));
    assert.equal(header.failedAt, 'settings');
    assert.equal(header.error?.remedy, 'openSettings');
    const key = await diagnose(input({ apiKey: 'two words' }));
    assert.equal(key.failedAt, 'settings');
    assert.equal(key.error?.remedy, 'setApiKey');
    assert.equal(service.calls().length, 0);
  });

  it('localhost: every address is tried in turn, as the client does', async function () {
    const report = await diagnose(input({ baseUrl: service.url.replace('127.0.0.1', 'localhost') }));
    assert.equal(report.outcome, 'ok', formatReport(report).join('\n'));
    const tcp = report.steps.find((s) => s.name === 'tcp')?.detail ?? '';
    assert.match(tcp, /connected to 127\.0\.0\.1:\d+/);
    if (report.addresses?.[0] === '::1') {
      assert.match(tcp, /after ::1 \(ECONNREFUSED\)/);
    }
  });

  it('TLS with an untrusted certificate: failed at TLS, with the certificate shown', async function () {
    const seen: string[] = [];
    const report = await diagnose(input({ baseUrl: tlsUrl, onStep: (step) => seen.push(`${step.name} ${step.status}`) }));
    assert.equal(report.failedAt, 'tls');
    assert.deepEqual(seen, ['settings ok', 'proxy ok', 'dns ok', 'tcp ok', 'tunnel skipped', 'tls failed', 'http skipped'], 'each step reported once');
    assert.match(report.steps.find((step) => step.name === 'tls')?.detail ?? '', /not trusted .* issuer "CN=127\.0\.0\.1"/);
    assert.equal(report.certificate?.subject, 'CN=127.0.0.1');
    assert.equal(report.certificate?.issuer, 'CN=127.0.0.1');
    assert.equal(report.certificate?.authorized, false);
    assert.equal(report.certificate?.authorizationError, 'DEPTH_ZERO_SELF_SIGNED_CERT');
    assert.match(report.error?.message ?? '', /not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
    assert.match(report.certificate?.validTo ?? '', /2126/);
    assert.equal(statuses(report).http, 'skipped');
  });

  it('TLS with http.proxyStrictSSL off: a warning, and /v1/me runs through the given dispatcher', async function () {
    const report = await diagnose(input({ baseUrl: tlsUrl, proxy: { strictSSL: false }, dispatcherFactory: () => new Agent({ connect: { ca: cert } }) }));
    assert.equal(statuses(report).tls, 'warning');
    assert.match(report.steps.find((step) => step.name === 'tls')?.detail ?? '', /NOT trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\); going on because http\.proxyStrictSSL is off/);
    assert.equal(report.outcome, 'ok', formatReport(report).join('\n'));
    assert.equal(report.user?.name, 'Ada Lovelace');
  });

  it('cancelled during /v1/me: outcome cancelled, promptly', async function () {
    service.injectFaults({ path: '/v1/me', kind: 'neverEnd' });
    const abort = new AbortController();
    const pending = diagnose(input({ timeoutMs: 60_000 }), abort.signal);
    while (service.calls().length === 0) {
      await new Promise((done) => setTimeout(done, 5));
    }
    const started = Date.now();
    abort.abort();
    const report = await pending;
    assert.ok(Date.now() - started < 1000);
    assert.equal(report.outcome, 'cancelled');
    assert.equal(statuses(report).http, 'skipped');
  });

  describe('a server that accepts TCP and never answers the TLS handshake', function () {
    let silent: ReturnType<typeof createTcpServer>;
    let silentUrl: string;
    const open = new Set<Socket>();
    before(async function () {
      silent = createTcpServer((socket) => {
        open.add(socket);
        socket.on('close', () => open.delete(socket));
        socket.on('error', () => undefined);
        // Reads (and drops) the ClientHello, so the client's close is seen.
        socket.resume();
      });
      await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
      silentUrl = `https://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    });
    after(async function () {
      await new Promise<void>((done) => silent.close(() => done()));
    });

    it('the step time limit: failed at TLS as a timeout', async function () {
      const report = await diagnose(input({ baseUrl: silentUrl, timeoutMs: 300 }));
      assert.equal(report.failedAt, 'tls');
      assert.equal(report.error?.kind, 'timeout');
      assert.equal(statuses(report).http, 'skipped');
      // The diagnosis closes its connection when a step fails.
      await waitFor(() => open.size === 0);
    });

    it('cancelling during the handshake ends it at once', async function () {
      const abort = new AbortController();
      const pending = diagnose(input({ baseUrl: silentUrl, timeoutMs: 60_000, onStep: (step) => step.name === 'tcp' && setTimeout(() => abort.abort(), 50) }), abort.signal);
      const report = await pending;
      assert.equal(report.outcome, 'cancelled');
      assert.equal(report.steps.find((step) => step.name === 'tls')?.detail, 'cancelled');
      assert.ok((report.steps.find((step) => step.name === 'tls')?.durationMs ?? Infinity) < 1000);
      await waitFor(() => open.size === 0);
    });
  });

  describe('through a proxy', function () {
    // Loopback services are always direct; the proxy tunnels gists.example.invalid to the TLS server here.
    let proxy: RecordingProxy;
    let proxyUrl: string;
    let seen: string[];
    let remoteUrl: string;
    let remoteAuthority: string;
    before(async function () {
      proxy = await startRecordingProxy((authority) => authority.replace(/^gists\.example\.invalid:/, '127.0.0.1:'));
      proxyUrl = proxy.url;
      seen = proxy.seen;
      remoteAuthority = `gists.example.invalid:${new URL(tlsUrl).port}`;
      remoteUrl = `https://${remoteAuthority}`;
    });
    after(async function () {
      await proxy.close();
    });
    beforeEach(function () {
      seen.length = 0;
      proxy.server.authenticate = undefined;
    });

    it('https: tunnels through http.proxy and checks the certificate inside the tunnel', async function () {
      const report = await diagnose(input({ baseUrl: remoteUrl, proxy: { proxyUrl } }));
      assert.equal(report.proxy, proxyUrl);
      assert.equal(statuses(report).tunnel, 'ok');
      assert.equal(report.failedAt, 'tls');
      assert.equal(report.certificate?.subject, 'CN=127.0.0.1');
      assert.deepEqual(seen, [`CONNECT ${remoteAuthority}`]);
    });

    it('the proxy from HTTPS_PROXY, user name and password hidden; 407 without credentials fails at the tunnel', async function () {
      proxy.server.authenticate = () => false;
      const withPassword = proxyUrl.replace('//', '//ada:s3cret@');
      const report = await diagnose(input({ baseUrl: remoteUrl, env: { HTTPS_PROXY: withPassword } }));
      assert.equal(report.proxy, proxyUrl.replace('//', '//***:***@'));
      assert.match(report.steps.find((s) => s.name === 'proxy')?.detail ?? '', /from environment/);
      assert.equal(report.failedAt, 'tunnel');
      assert.match(report.error?.message ?? '', /HTTP 407/);
      assert.ok(!JSON.stringify(report).includes('s3cret'));
      assert.ok(!JSON.stringify(report).includes('ada:'));
    });

    it('the tunnel and /v1/me go through the proxy; hosts in noProxy go direct', async function () {
      const settings = { proxyUrl, strictSSL: false };
      const proxied = await diagnose(input({ baseUrl: remoteUrl, proxy: settings, dispatcherFactory: proxyDispatcherFactory(settings) }));
      assert.equal(proxied.outcome, 'ok', formatReport(proxied).join('\n'));
      assert.equal(statuses(proxied).tunnel, 'ok');
      assert.equal(statuses(proxied).tls, 'warning');
      // One CONNECT from the tunnel step, one from the client's own call.
      assert.deepEqual(seen, [`CONNECT ${remoteAuthority}`, `CONNECT ${remoteAuthority}`]);
      seen.length = 0;
      const bypass = { ...settings, noProxy: ['gists.example.invalid'] };
      const direct = await diagnose(input({ baseUrl: remoteUrl, proxy: bypass, dispatcherFactory: proxyDispatcherFactory(bypass) }));
      assert.match(direct.proxy, /direct \(host listed in no-proxy\)/);
      assert.equal(direct.failedAt, 'dns', 'straight to a name only the proxy knows');
      assert.deepEqual(seen, []);
    });
  });
});
