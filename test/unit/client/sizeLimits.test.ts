// Sizes the client refuses (item 8 of issue 13): a call id over 1 KiB is a malformed response,
// and a gist id or variant over its cap is refused before anything is sent.
import { strict as assert } from 'node:assert';
import { isGistError } from '../../../src/client/errors';
import { parseGeneration, parseMe } from '../../../src/client/envelope';
import { MAX_CALL_ID_BYTES, MAX_GIST_ID_BYTES, MAX_PROFILE_FIELD_BYTES, MAX_VARIANT_BYTES } from '../../../src/shared/limits';
import { failure, useClientFixture } from './clientFixture';

const success = (id: string): string => JSON.stringify({ error: null, data: { id, content: 'hi' } });

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('size limits in the client', function () {
  const f = useClientFixture();

  it('a call id of 1 KiB is accepted; one byte more is a malformed response that says why', function () {
    assert.equal(parseGeneration(200, {}, success('c'.repeat(MAX_CALL_ID_BYTES)), { gistId: 'g' }).id.length, MAX_CALL_ID_BYTES);
    const error = thrown(() => parseGeneration(200, {}, success('c'.repeat(MAX_CALL_ID_BYTES + 1)), { gistId: 'g' }));
    assert.ok(isGistError(error), String(error));
    assert.equal(error.kind, 'malformedResponse');
    assert.match(error.message, /call id .*longer than 1 KiB/);
    assert.ok(error.message.length < 300, 'the message never repeats the id');
  });

  it('a 15 MiB call id from the real service → malformedResponse, no result', async function () {
    f.service.injectFaults({ path: '/v1/generate', kind: 'raw', status: 200, body: success('c'.repeat(15 * 1024 * 1024)) });
    const error = await failure(f.client.generate(f.settings(), { gistId: 'echo', variant: 'plain', values: { text: 'x' } }));
    assert.equal(error.kind, 'malformedResponse');
    assert.match(error.message, /call id/);
  });

  it('a failed response’s call id over 1 KiB is not kept on the error', async function () {
    f.service.injectFaults({ path: '/v1/generate', status: 500, error: 'down', data: { id: 'c'.repeat(MAX_CALL_ID_BYTES + 1) } });
    const error = await failure(f.client.generate(f.settings(), { gistId: 'echo', variant: 'plain', values: {} }));
    assert.equal(error.kind, 'service');
    assert.equal(error.callId, undefined);
  });

  it('a /v1/me field over 1 KiB is a malformed response (it is kept in state and shown in the status bar)', function () {
    const me = (name: string): string => JSON.stringify({ error: null, data: { id: 'u', name, email: 'e@x', company_id: 'c' } });
    assert.equal(MAX_PROFILE_FIELD_BYTES, 1024);
    assert.equal(parseMe(200, {}, me('n'.repeat(MAX_PROFILE_FIELD_BYTES))).name.length, MAX_PROFILE_FIELD_BYTES);
    const error = thrown(() => parseMe(200, {}, me('n'.repeat(MAX_PROFILE_FIELD_BYTES + 1))));
    assert.ok(isGistError(error), String(error));
    assert.equal(error.kind, 'malformedResponse');
    assert.match(error.message, /"data.name" is longer than 1 KiB/);
  });

  it('a gist id or variant over its cap is refused before anything is sent', async function () {
    const longId = await failure(f.client.generate(f.settings(), { gistId: 'g'.repeat(MAX_GIST_ID_BYTES + 1), values: {} }));
    assert.equal(longId.kind, 'badRequest');
    assert.match(longId.message, /gist id is longer than 256 bytes/);
    const longVariant = await failure(f.client.generate(f.settings(), { gistId: 'echo', variant: 'v'.repeat(MAX_VARIANT_BYTES + 1), values: {} }));
    assert.equal(longVariant.kind, 'badRequest');
    assert.match(longVariant.message, /variant slug is longer than 256 bytes/);
    assert.equal(f.service.calls().length, 0);
  });
});
