import { strict as assert } from 'node:assert';
import { formatCallLine } from '../../../src/core/callLogLine';

describe('formatCallLine', () => {
  it('writes gist, variant, call id, status, duration and length', () => {
    assert.equal(
      formatCallLine({ gistId: 'echo', variant: 'plain', callId: 'abc=', outcome: 'ok', durationMs: 12.4, contentLength: 5 }),
      'gist=echo variant=plain callId=abc= status=ok duration=12ms length=5',
    );
  });

  it('says auto for no variant and adds the failure detail', () => {
    assert.equal(
      formatCallLine({ gistId: 'x', variant: undefined, callId: undefined, outcome: 'notFound', durationMs: 3, detail: 'HTTP 404' }),
      'gist=x variant=auto callId=- status=notFound duration=3ms — HTTP 404',
    );
  });
});
