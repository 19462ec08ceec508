import { strict as assert } from 'node:assert';
import { errorActions } from '../../../src/generation/errorActions';
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
      const connection = error.kind === 'network' || error.kind === 'timeout';
      const diagnose = connection ? (['diagnose'] as const) : [];
      assert.deepEqual(errorActions({ kind: error.kind, remedy: error.remedy, canRetry: true, canDiagnose: true }), ['retry', ...diagnose, 'showLog'], `${error.kind} ${error.message}`);
      assert.deepEqual(errorActions({ kind: error.kind, remedy: error.remedy, canRetry: false, canDiagnose: true }), [...diagnose, 'showLog'], 'no Retry without a request to re-run');
      assert.deepEqual(errorActions({ kind: error.kind, remedy: error.remedy, canRetry: true, canDiagnose: false }), ['retry', 'showLog'], 'no Diagnose from the diagnosis');
    }
  });

  it('401 and 403 offer Set API Key, never Retry', function () {
    for (const status of [401, 403]) {
      const error = fromStatus(status);
      assert.equal(error.kind, 'authentication');
      assert.deepEqual(errorActions({ kind: error.kind, remedy: error.remedy, canRetry: true, canDiagnose: true }), ['setApiKey', 'showLog']);
    }
  });

  it('configuration remedies offer their setting; others only the log', function () {
    const dns = errorFromFailure(Object.assign(new Error('nx'), { code: 'ENOTFOUND' }), { host: 'h', timeoutMs: 1000 });
    assert.deepEqual(errorActions({ kind: dns.kind, remedy: dns.remedy, canRetry: true, canDiagnose: true }), ['setBaseUrl', 'diagnose', 'showLog']);
    assert.deepEqual(errorActions({ kind: 'configuration', remedy: 'openSettings', canRetry: true, canDiagnose: true }), ['openSettings', 'showLog']);
    assert.deepEqual(errorActions({ kind: 'malformedResponse', remedy: 'openLog', canRetry: true, canDiagnose: true }), ['showLog']);
    assert.deepEqual(errorActions({ kind: 'badRequest', remedy: 'none', canRetry: true, canDiagnose: true }), ['showLog']);
  });
});
