import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { describeError } from '../../../src/client/describe';
import { GistError } from '../../../src/client/errors';
import { formatCallLine } from '../../../src/generation/callLogLine';

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

/** Every character a log viewer may start a new line at. */
const LINE_BREAKS = /[\n\r\v\f\u0085\u2028\u2029]/;

describe('formatCallLine with outside text (issue 13, item 7)', () => {
  const forged = '\n2026-11-23 10:00:00.000 [info] gist=forged variant=auto callId=forged status=ok duration=1ms';

  it('a call id, gist id or variant with line breaks stays on the call’s one line', () => {
    for (const breakChar of ['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '\v', '\f']) {
      const text = forged.replace('\n', breakChar);
      const line = formatCallLine({ gistId: `g${text}`, variant: `v${text}`, callId: `c${text}`, outcome: 'ok', durationMs: 1 });
      assert.doesNotMatch(line, LINE_BREAKS, JSON.stringify(line));
    }
  });

  it('quotes a value that could pass for other fields, so the line reads unambiguously', () => {
    const line = formatCallLine({ gistId: 'echo', variant: 'plain', callId: 'x status=ok', outcome: 'service', durationMs: 1 });
    assert.equal(line, 'gist=echo variant=plain callId="x status=ok" status=service duration=1ms');
  });

  it('keeps the failure detail on the line too', () => {
    const line = formatCallLine({ gistId: 'g', variant: undefined, callId: undefined, outcome: 'service', durationMs: 1, detail: `HTTP 500${forged}` });
    assert.doesNotMatch(line, LINE_BREAKS);
  });

  it('is one line for any gist id, variant, call id and detail (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.option(fc.string({ unit: 'binary' }), { nil: undefined }), fc.option(fc.string({ unit: 'binary' }), { nil: undefined }), fc.option(fc.string({ unit: 'binary' }), { nil: undefined }), (gistId, variant, callId, detail) => {
        assert.doesNotMatch(formatCallLine({ gistId, variant, callId, outcome: 'ok', durationMs: 1, detail }), LINE_BREAKS);
      }),
    );
  });
});

describe('describeError with outside text', () => {
  it('a service error and call id with line separators stay on one line', () => {
    const error = new GistError('service', 'The gist service failed.', 'retry', { status: 500, serviceError: 'a\u2028b\u2029c\u0085d\ne', callId: 'id\u2028forged' });
    assert.doesNotMatch(describeError(error), LINE_BREAKS, describeError(error));
  });
});
