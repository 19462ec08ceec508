// The service's record of calls: the last ones only, each response let go once it ended, its status kept.
import * as assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { CallLog, type LoggedResponse } from '../../../tools/service/callLog';
import type { CallRecord } from '../../../tools/service/types';

class FakeResponse extends EventEmitter implements LoggedResponse {
  headersSent = false;
  statusCode = 200;
  /** Listeners still attached: a response that ended must hold none of the log's. */
  get held(): number {
    return this.listenerCount('close');
  }
}

const recordOf = (path: string): CallRecord => ({ method: 'POST', path, headers: {}, body: undefined, rawBody: '', status: 0, time: '2026-11-28T00:00:00.000Z' });

describe('local service call log', () => {
  it('keeps only the last calls, oldest first, however many came', () => {
    const log = new CallLog(3);
    for (let call = 1; call <= 10; call++) log.add(recordOf(`/v1/generate/g${call}`), new FakeResponse());
    assert.equal(log.size, 3);
    assert.deepEqual(
      log.list().map((record) => record.path),
      ['/v1/generate/g8', '/v1/generate/g9', '/v1/generate/g10'],
    );
  });

  it('reads the status from a response under way, and keeps it once the response ended', () => {
    const log = new CallLog();
    const response = new FakeResponse();
    log.add(recordOf('/v1/me'), response);
    assert.equal(log.list()[0]?.status, 0, 'no head sent yet');
    response.headersSent = true;
    response.statusCode = 429;
    assert.equal(log.list()[0]?.status, 429, 'the head went out');
    response.emit('close');
    assert.equal(response.held, 0, 'the log no longer listens to the response');
    response.statusCode = 500;
    assert.equal(log.list()[0]?.status, 429, 'the status it ended with');
  });

  it('records 0 for a response that ended without a head (the connection was reset)', () => {
    const log = new CallLog();
    const response = new FakeResponse();
    log.add(recordOf('/v1/me'), response);
    response.emit('close');
    assert.equal(log.list()[0]?.status, 0);
  });

  it('starts again empty when cleared', () => {
    const log = new CallLog(2);
    log.add(recordOf('/a'), new FakeResponse());
    log.clear();
    assert.equal(log.size, 0);
    assert.deepEqual(log.list(), []);
  });
});
