import { strict as assert } from 'node:assert';
import { errorActions } from '../../../src/core/errorActions';
import { type GistError } from '../../../src/client/errors';
import { errorFromFailure } from '../../../src/client/failureErrors';
import { errorFromResponse } from '../../../src/client/envelope';

const target = { kind: 'generate', gistId: 'echo' } as const;
const fromStatus = (status: number, retryAfter?: string): GistError =>
  errorFromResponse(target, { status, body: JSON.stringify({ error: 'x', data: null }), retryAfter, location: undefined });

describe('errorActions', function () {
  it('network, 5xx, timeout and rate limiting offer Retry (when the request can be re-run), then Show Log', function () {
    const retryable = [
      errorFromFailure(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }), { host: 'h', timeoutMs: 1000 }),
      errorFromFailure(new Error('x'), { host: 'h', timeoutMs: 1000, aborted: 'timeout' }),
      fromStatus(500),
      fromStatus(503),
      fromStatus(429, '30'),
    ];
    for (const error of retryable) {
      assert.deepEqual(errorActions(error.remedy, true), ['retry', 'showLog'], `${error.kind} ${error.message}`);
      assert.deepEqual(errorActions(error.remedy, false), ['showLog'], 'no Retry without a request to re-run');
    }
  });

  it('401 and 403 offer Set API Key, never Retry', function () {
    for (const status of [401, 403]) {
      const error = fromStatus(status);
      assert.equal(error.kind, 'authentication');
      assert.deepEqual(errorActions(error.remedy, true), ['setApiKey', 'showLog']);
    }
  });

  it('configuration remedies offer their setting; others only the log', function () {
    assert.deepEqual(errorActions('setBaseUrl', true), ['setBaseUrl', 'showLog']);
    assert.deepEqual(errorActions('openSettings', true), ['openSettings', 'showLog']);
    assert.deepEqual(errorActions('openLog', true), ['showLog']);
    assert.deepEqual(errorActions('none', true), ['showLog']);
  });
});
