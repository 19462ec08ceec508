// A service that echoes the API key back (issue 13, item 5): in a real VS Code the key reaches
// neither the status bar tooltip, the account state, a call's error, the history nor the diagnosis.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { DiagnosisReport } from '../../src/diagnostics/report';
import { DEMO_KEY, generate, nextOutcome, openEditor, resetForTest, service, signIn, signedInApi, type TestedApi } from './support';

/** The key as written, and as the tooltip's Markdown escaping would write it. */
const FORMS = [DEMO_KEY, DEMO_KEY.replace(/_/g, '\\_')];

function assertNoKey(where: string, text: string): void {
  for (const form of FORMS) {
    assert.ok(!text.includes(form), `the key is in ${where}: ${text}`);
  }
}

describe('Key echoed by the service', function () {
  let api: TestedApi;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(resetForTest);

  after(async function () {
    await service().clearFaults();
    await signIn(api);
  });

  it('a failed call whose error repeats the key: the outcome, its message and the history are redacted', async function () {
    await openEditor('');
    await service().injectFaults({ path: '/v1/generate', status: 403, error: `Key ${DEMO_KEY} is suspended`, data: { id: `call-${DEMO_KEY}` } }, 1);
    const outcome = nextOutcome(api);
    assert.equal(await generate({ gistId: 'echo', variant: 'plain', values: { text: 'x' } }), undefined);
    const { error } = await outcome;
    assert.equal(error?.kind, 'authentication');
    assert.match(error?.message ?? '', /Key \*\*\* is suspended/);
    assertNoKey('the call outcome', JSON.stringify({ message: error?.message, serviceError: error?.serviceError, callId: error?.callId }));
    assertNoKey('the history', JSON.stringify((await api.history())[0]));
  });

  it('an account check whose error repeats the key: the status bar and the state are redacted', async function () {
    await service().injectFaults({ path: '/v1/me', status: 401, error: `Key ${DEMO_KEY} is suspended` }, 3);
    await vscode.commands.executeCommand('gist.refreshAccount');
    assert.equal(api.state().status.kind, 'error');
    assertNoKey('the account state', JSON.stringify(api.state()));
    assertNoKey('the status bar item', JSON.stringify(api.testing.statusBarItem()));
  });

  it('the diagnosis report of a /v1/me that repeats the key is redacted', async function () {
    await signIn(api);
    await service().injectFaults({ path: '/v1/me', status: 401, error: `Key ${DEMO_KEY} is suspended` }, 1);
    const report = await vscode.commands.executeCommand<DiagnosisReport>('gist.diagnoseConnection');
    assert.equal(report.outcome, 'failed');
    assertNoKey('the diagnosis report', JSON.stringify(report));
  });
});
