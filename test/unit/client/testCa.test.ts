// The local service over HTTPS with a CA made at test time. Node reads NODE_EXTRA_CA_CERTS only at
// startup, so each case runs the compiled client (and the diagnosis) in a child `node` process:
// without the variable the certificate is refused with the certificate message; with it, trusted.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { startService, type RunningService } from '../../../tools/service/index';
import { makeTestCa, type TestCa } from '../support/testCa';
import { ADA_KEY } from './clientFixture';

// Compiled: this file is out/test/unit/client/testCa.test.js.
const clientModule = resolve(__dirname, '../../../src/client/gistClient.js');
const diagnoseModule = resolve(__dirname, '../../../src/diagnostics/diagnose.js');

const CHILD_SCRIPT = `
const { GistClient } = require(process.env.GIST_CLIENT_MODULE);
const { diagnose } = require(process.env.GIST_DIAGNOSE_MODULE);
(async () => {
  const settings = JSON.parse(process.env.GIST_SETTINGS);
  const client = new GistClient({ meRetryDelaysMs: [] });
  const out = {};
  try {
    out.user = await client.me(settings);
    out.generated = await client.generate(settings, { gistId: 'echo', variant: 'plain', values: { text: 'over tls' } });
  } catch (error) {
    out.error = { kind: error.kind, message: error.message };
  }
  await client.dispose();
  const report = await diagnose({ ...settings, proxy: { strictSSL: true }, env: {} });
  out.outcome = report.outcome;
  out.certificate = report.certificate;
  process.stdout.write(JSON.stringify(out));
})();
`;

interface ChildResult {
  user?: { name: string };
  generated?: { content: string };
  error?: { kind: string; message: string };
  outcome: string;
  certificate?: { issuer: string; subject: string; authorized: boolean; authorizationError?: string };
}

function runClient(baseUrl: string, extraCa: string | undefined): Promise<ChildResult> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, GIST_CLIENT_MODULE: clientModule, GIST_DIAGNOSE_MODULE: diagnoseModule };
  env.GIST_SETTINGS = JSON.stringify({ baseUrl, apiKeyHeader: 'SERVICE-API-KEY', apiKey: ADA_KEY, timeoutMs: 5000 });
  if (extraCa !== undefined) {
    env.NODE_EXTRA_CA_CERTS = extraCa;
  }
  // Asynchronous on purpose: the service answers from this process's event loop.
  return new Promise((done, fail) => {
    execFile(process.execPath, ['-e', CHILD_SCRIPT], { env, cwd: resolve(__dirname, '../../../..'), timeout: 15_000 }, (error, stdout, stderr) => {
      if (error !== null) {
        fail(new Error(`child failed: ${error.message}\n${stderr}`));
        return;
      }
      done(JSON.parse(stdout) as ChildResult);
    });
  });
}

describe('GistClient over HTTPS with a CA made at test time', function () {
  let ca: TestCa;
  let service: RunningService;

  before(async function () {
    ca = makeTestCa();
    service = await startService({ tls: { key: ca.serverKey, cert: ca.serverCert } });
  });
  after(async function () {
    await service?.close();
    ca?.dispose();
  });
  beforeEach(function () {
    service.clearCalls();
  });

  it('serves https://', function () {
    assert.match(service.url, /^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('an untrusted CA → the certificate error, and the diagnosis fails at TLS naming the issuer', async function () {
    const result = await runClient(service.url, undefined);
    assert.equal(result.error?.kind, 'network');
    assert.match(result.error?.message ?? '', /certificate of 127\.0\.0\.1:\d+ is not trusted \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)/);
    assert.match(result.error?.message ?? '', /NODE_EXTRA_CA_CERTS/);
    assert.equal(result.outcome, 'failed');
    assert.equal(result.certificate?.authorized, false);
    assert.equal(result.certificate?.issuer, 'CN=Gist Test CA');
    assert.deepEqual(service.calls(), [], 'nothing, and so no key, reached the service');
  });

  it('the CA trusted through NODE_EXTRA_CA_CERTS → calls succeed, and the diagnosis says trusted', async function () {
    const result = await runClient(service.url, ca.caCertPath);
    assert.equal(result.error, undefined, result.error?.message);
    assert.equal(result.user?.name, 'Ada Lovelace');
    assert.equal(result.generated?.content, 'over tls');
    assert.equal(result.outcome, 'ok');
    assert.equal(result.certificate?.authorized, true);
    assert.equal(result.certificate?.subject, 'CN=127.0.0.1');
    assert.deepEqual(
      service.calls().map((call) => call.path),
      ['/v1/me', '/v1/generate/echo/plain', '/v1/me'],
    );
  });
});
