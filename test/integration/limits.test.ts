// Sizes and ranges from outside are capped (items 8 and 10 of issue 13), in real VS Code against
// the local service: a huge call id is a malformed response that leaves nothing huge in global
// state, and a request timeout beyond the timer's range still lets calls run.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { generate, nextOutcome, resetForTest, service, signedInApi, type TestedApi } from './support';

const echo = { gistId: 'echo', variant: 'plain', values: { text: 'hello' } };

describe('Size and range limits', function () {
  let api: TestedApi;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(resetForTest);

  it('a 2 MiB call id from the service: a malformed-response error, and nothing huge in global state', async function () {
    const marker = 'huge-call-id-';
    const body = JSON.stringify({ error: null, data: { id: `${marker}${'x'.repeat(2 * 1024 * 1024)}`, content: 'must not appear' } });
    await service().injectFaults({ path: '/v1/generate', kind: 'raw', status: 200, body }, 1);
    const outcome = nextOutcome(api);
    const result = await generate(echo);
    assert.ok(result === undefined, `no result (got one with a call id of ${result?.id.length ?? 0} characters)`);
    const { error } = await outcome;
    assert.equal(error?.kind, 'malformedResponse', error?.message);
    assert.match(error?.message ?? '', /call id .*longer than 1 KiB/);
    assert.ok(!(api.state().lastCallId ?? '').startsWith(marker), 'the last call id is not the huge one');
    // The history is written after the outcome event; give it its turn.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stored = JSON.stringify(api.testing.globalStateSnapshot());
    assert.ok(!stored.includes(marker), 'global state holds no part of the huge call id');
  });

  it('gist.requestTimeoutSeconds = 2147484 (past the timer’s range) is clamped: calls still succeed', async function () {
    const gist = vscode.workspace.getConfiguration('gist');
    await gist.update('requestTimeoutSeconds', 2147484, vscode.ConfigurationTarget.Global);
    try {
      const result = await generate(echo);
      assert.equal(result?.content, 'hello');
    } finally {
      await gist.update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
