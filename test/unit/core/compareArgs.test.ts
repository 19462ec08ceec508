import { strict as assert } from 'node:assert';
import { distinctSlugs, parseCompareArgs, resultTitle } from '../../../src/generation/compareArgs';
import { recordOf } from '../../../src/shared/keyedRecord';

describe('parseCompareArgs', () => {
  it('means "prompt" without arguments', () => {
    assert.equal(parseCompareArgs(undefined), undefined);
  });

  it('accepts a gist, two or more distinct variants and values', () => {
    assert.deepEqual(parseCompareArgs({ gistId: ' welcome-email ', variants: ['formal', ' short ', 'formal'], values: { name: 'Ada' } }), {
      ok: true,
      request: { gistId: 'welcome-email', variants: ['formal', 'short'], values: recordOf([['name', 'Ada']]) },
    });
    assert.deepEqual(parseCompareArgs({ gistId: 'g', variants: ['a', 'b'] }), { ok: true, request: { gistId: 'g', variants: ['a', 'b'], values: undefined } });
  });

  it('rejects fewer than two variants and wrong shapes, naming the field', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['x', /object/],
      [{ variants: ['a', 'b'] }, /gistId/],
      [{ gistId: 'g', variants: 'a,b' }, /variants/],
      [{ gistId: 'g', variants: ['a', 3] }, /variants/],
      [{ gistId: 'g', variants: ['a', 'a '] }, /at least two/],
      [{ gistId: 'g', variants: ['a', 'b'], values: { x: 1 } }, /"x"/],
    ];
    for (const [args, reason] of cases) {
      const result = parseCompareArgs(args);
      assert.equal(result?.ok, false, JSON.stringify(args));
      assert.match(result !== undefined && !result.ok ? result.reason : '', reason);
    }
  });

  it('keeps slugs distinct and titles free of path separators', () => {
    assert.deepEqual(distinctSlugs([' a', 'a', '', 'b']), ['a', 'b']);
    assert.equal(resultTitle('A/B test', 'formal', 'call_1'), 'A∕B test · formal · call_1');
  });
});
