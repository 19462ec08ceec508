// A failed generate offers "Retry" for network, 5xx, timeout and rate limiting, and the retry
// sends the same gist, variant and values again without prompting; 401 offers "Set API Key";
// connection failures also offer "Diagnose Connection".
import { strict as assert } from 'node:assert';
import type { Fault } from '../../tools/service/types';
import { generate, nextOutcome, openEditor, resetForTest, service, signedInApi, type TestedApi } from './support';

const request = { gistId: 'welcome-email', variant: 'friendly', values: { name: 'Ada', product: 'Engines' } };

describe('Retry after a failed generate', function () {
  let api: TestedApi;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(resetForTest);

  const retryable: Array<[string, Fault]> = [
    ['HTTP 500', { path: '/v1/generate', status: 500, error: 'boom' }],
    ['HTTP 503', { path: '/v1/generate', status: 503, error: 'busy' }],
    ['HTTP 429', { path: '/v1/generate', status: 429, error: 'slow down', retryAfter: '1' }],
    ['a reset connection', { path: '/v1/generate', kind: 'resetBeforeBody' }],
  ];
  for (const [name, fault] of retryable) {
    it(`${name}: offers Retry, which re-sends the same request and inserts the text`, async function () {
      const editor = await openEditor('');
      await service().injectFaults(fault, 1);
      const failed = nextOutcome(api);
      assert.equal(await generate(request), undefined);
      const outcome = await failed;
      const connection = outcome.error?.kind === 'network';
      assert.deepEqual(outcome.actions, connection ? ['retry', 'diagnose', 'showLog'] : ['retry', 'showLog']);
      assert.ok(outcome.retry);

      const retried = nextOutcome(api);
      await outcome.retry();
      const second = await retried;
      assert.equal(second.error, undefined, second.error?.message);
      // Values are a null-prototype record (prototype-safe names); compare what they hold.
      assert.deepEqual({ ...second.request, values: { ...second.request.values } }, request);
      const calls = (await service().calls()).filter((call) => call.path.startsWith('/v1/generate'));
      assert.equal(calls.length, 2);
      assert.deepEqual(calls[1]?.path, calls[0]?.path);
      assert.equal(calls[1]?.path, '/v1/generate/welcome-email/friendly');
      assert.deepEqual(calls[1]?.body, calls[0]?.body);
      assert.deepEqual(calls[1]?.body, { values: request.values });
      assert.equal(editor.document.getText(), second.result?.content);
    });
  }

  it('a timeout offers Retry', async function () {
    await service().injectFaults({ path: '/v1/generate', latencyMs: 5000 }, 1);
    const { workspace, ConfigurationTarget } = await import('vscode');
    await workspace.getConfiguration('gist').update('requestTimeoutSeconds', 1, ConfigurationTarget.Global);
    try {
      const failed = nextOutcome(api);
      await generate(request);
      const outcome = await failed;
      assert.equal(outcome.error?.kind, 'timeout');
      assert.deepEqual(outcome.actions, ['retry', 'diagnose', 'showLog']);
    } finally {
      await workspace.getConfiguration('gist').update('requestTimeoutSeconds', undefined, ConfigurationTarget.Global);
    }
  });

  it('401 offers Set API Key and no Retry', async function () {
    await service().injectFaults({ path: '/v1/generate', status: 401, error: 'invalid api key' }, 1);
    const failed = nextOutcome(api);
    await generate(request);
    const outcome = await failed;
    assert.equal(outcome.error?.kind, 'authentication');
    assert.deepEqual(outcome.actions, ['setApiKey', 'showLog']);
    assert.equal(outcome.retry, undefined);
  });
});
