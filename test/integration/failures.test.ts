// Each typed error leaves the document exactly as it was, and the extension keeps working.
import { strict as assert } from 'node:assert';
import type { Fault } from '../../tools/service/types';
import { at, generate, nextOutcome, openEditor, resetForTest, service, signedInApi, type TestedApi } from './support';

interface FailureCase {
  readonly name: string;
  readonly fault?: Fault;
  readonly args?: { gistId: string; variant?: string; values?: Record<string, string> };
  readonly kind: string;
}

const echo = { gistId: 'echo', variant: 'plain', values: { text: 'must not appear' } };

const cases: FailureCase[] = [
  { name: '401 rejected key', fault: { path: '/v1/generate', status: 401, error: 'invalid api key' }, kind: 'authentication' },
  { name: 'unknown gist (404)', args: { gistId: 'no-such-gist', values: {} }, kind: 'notFound' },
  { name: 'unknown variant (404)', args: { gistId: 'echo', variant: 'nope', values: { text: 'x' } }, kind: 'notFound' },
  { name: 'missing variable (400)', args: { gistId: 'echo', variant: 'plain', values: {} }, kind: 'badRequest' },
  { name: '429 with Retry-After', fault: { path: '/v1/generate', status: 429, error: 'slow down', retryAfter: '30' }, kind: 'rateLimited' },
  { name: '500 with an envelope', fault: { path: '/v1/generate', status: 500, error: 'boom' }, kind: 'service' },
  { name: '502 HTML page', fault: { path: '/v1/generate', kind: 'html', status: 502 }, kind: 'service' },
  { name: 'body not JSON', fault: { path: '/v1/generate', kind: 'notJson' }, kind: 'malformedResponse' },
  { name: 'body cut short', fault: { path: '/v1/generate', kind: 'truncated' }, kind: 'malformedResponse' },
  { name: 'wrong types in data', fault: { path: '/v1/generate', status: 200, error: null, data: { id: 1, content: 'x' } }, kind: 'malformedResponse' },
  { name: 'connection reset before the body', fault: { path: '/v1/generate', kind: 'resetBeforeBody' }, kind: 'network' },
];

describe('Generate failures', function () {
  let api: TestedApi;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(resetForTest);

  for (const failure of cases) {
    it(`${failure.name}: ${failure.kind}, nothing inserted`, async function () {
      const editor = await openEditor('untouched\ntext');
      at(editor, 3, [5, 9]);
      if (failure.fault !== undefined) {
        await service().injectFaults(failure.fault, 1);
      }
      const outcome = nextOutcome(api);
      const result = await generate(failure.args ?? echo);
      assert.equal(result, undefined);
      const { error, insertion } = await outcome;
      assert.equal(error?.kind, failure.kind, error?.message);
      assert.equal(insertion, undefined);
      assert.equal(editor.document.getText(), 'untouched\ntext');
      assert.equal(api.state().generating, 0);
    });
  }

  it('works again after a failure', async function () {
    await service().injectFaults({ path: '/v1/generate', status: 500, error: 'boom' }, 1);
    assert.equal(await generate(echo), undefined);
    const editor = await openEditor('');
    const result = await generate({ gistId: 'echo', variant: 'plain', values: { text: 'ok now' } });
    assert.equal(result?.content, 'ok now');
    assert.equal(editor.document.getText(), 'ok now');
  });
});
