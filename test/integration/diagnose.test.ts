// "Gist: Diagnose Connection" in a real VS Code against the harness's service.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { DiagnosisReport } from '../../src/diagnostics/report';
import { readExtensionLog } from './logFiles';
import { DEMO_KEY, resetForTest, service, signedInApi, signIn, waitFor, type TestedApi } from './support';

function diagnose(): Thenable<DiagnosisReport> {
  return vscode.commands.executeCommand<DiagnosisReport>('gist.diagnoseConnection');
}

describe('Diagnose Connection', function () {
  let api: TestedApi;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(resetForTest);

  it('times every step, signs in, and writes the steps to the log without the key', async function () {
    const report = await diagnose();
    assert.equal(report.outcome, 'ok', JSON.stringify(report));
    assert.equal(report.user?.name, 'Ada Lovelace');
    assert.deepEqual(
      report.steps.map((step) => [step.name, step.status]),
      [['settings', 'ok'], ['proxy', 'ok'], ['dns', 'ok'], ['tcp', 'ok'], ['tunnel', 'skipped'], ['tls', 'skipped'], ['http', 'ok']],
    );
    assert.equal(report.apiKeyHeader, 'SERVICE-API-KEY');
    assert.match(report.proxy, /^direct/);
    const calls = await service().calls();
    assert.deepEqual(calls.map((call) => [call.path, call.headers['service-api-key']]), [['/v1/me', DEMO_KEY]]);
    const log = await waitFor('the diagnosis in the log file', () => {
      const text = readExtensionLog(api);
      return text.includes('Diagnose connection: connection OK, signed in as Ada Lovelace') && text;
    });
    assert.match(log, /TCP: ok in \d+ ms: connected to 127\.0\.0\.1:\d+/);
    assert.match(log, /HTTP: ok in \d+ ms: GET \/v1\/me → HTTP 200, first byte after \d+ ms/);
    assert.ok(!log.includes(DEMO_KEY));
    assert.ok(!JSON.stringify(report).includes(DEMO_KEY));
  });

  it('a failing service: failed at HTTP with the typed error, logged as an error', async function () {
    await service().injectFaults({ path: '/v1/me', status: 503, error: 'maintenance' }, 1);
    const report = await diagnose();
    assert.equal(report.outcome, 'failed');
    assert.equal(report.failedAt, 'http');
    assert.equal(report.error?.kind, 'service');
    assert.equal(report.error?.remedy, 'retry');
    assert.match(report.error?.message ?? '', /HTTP 503/);
    await waitFor('the failure in the log file', () => /\[error\] Diagnose connection: failed at HTTP: .*HTTP 503/.test(readExtensionLog(api)));
  });

  it('signed out: the connection is checked, /v1/me is not called', async function () {
    await vscode.commands.executeCommand('gist.signOut');
    try {
      const report = await diagnose();
      assert.equal(report.outcome, 'noKey');
      assert.equal(report.steps.find((step) => step.name === 'tcp')?.status, 'ok');
      assert.equal(report.steps.find((step) => step.name === 'http')?.status, 'skipped');
      assert.deepEqual(await service().calls(), []);
    } finally {
      await signIn(api);
    }
  });

  it('with http.proxy set, a loopback service is diagnosed as direct, as the calls go (the proxy is not used)', async function () {
    const http = vscode.workspace.getConfiguration('http');
    // Nothing listens on port 9: had the diagnosis gone through this proxy, it would fail at TCP.
    await http.update('proxy', 'http://tok3n-user:pw@127.0.0.1:9', vscode.ConfigurationTarget.Global);
    try {
      const report = await diagnose();
      assert.match(report.proxy, /^direct \(loopback/);
      assert.equal(report.outcome, 'ok', JSON.stringify(report));
      assert.equal(report.steps.find((step) => step.name === 'tunnel')?.status, 'skipped');
      assert.ok(!JSON.stringify(report).includes('tok3n-user'));
      assert.equal((await service().calls()).length, 1);
    } finally {
      await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
