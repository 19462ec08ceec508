import { strict as assert } from 'node:assert';
import { parseGenerateArgs } from '../../../src/generation/generateArgs';
import { recordOf } from '../../../src/shared/keyedRecord';

describe('parseGenerateArgs', () => {
  it('means "prompt" when there are no arguments', () => {
    assert.equal(parseGenerateArgs(undefined), undefined);
    assert.equal(parseGenerateArgs(null), undefined);
  });

  it('accepts {gistId, variant, values} and trims ids', () => {
    assert.deepEqual(parseGenerateArgs({ gistId: ' echo ', variant: ' plain ', values: { text: ' keep spaces ' } }), {
      ok: true,
      request: { gistId: 'echo', variant: 'plain', values: recordOf([['text', ' keep spaces ']]) },
    });
    assert.deepEqual(parseGenerateArgs({ gistId: 'echo' }), {
      ok: true,
      request: { gistId: 'echo', variant: undefined, values: recordOf() },
    });
    assert.deepEqual(parseGenerateArgs({ gistId: 'echo', variant: '' }), {
      ok: true,
      request: { gistId: 'echo', variant: undefined, values: recordOf() },
    });
  });

  it('takes an insert mode', () => {
    assert.deepEqual(parseGenerateArgs({ gistId: 'echo', insertMode: 'clipboard' }), {
      ok: true,
      request: { gistId: 'echo', variant: undefined, values: recordOf() },
      insertMode: 'clipboard',
    });
  });

  it('rejects wrong shapes with a reason naming the field', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['echo', /object/],
      [[], /object/],
      [{}, /gistId/],
      [{ gistId: '  ' }, /gistId/],
      [{ gistId: 'x', variant: 3 }, /variant/],
      [{ gistId: 'x', values: ['a'] }, /values/],
      [{ gistId: 'x', values: { a: 1 } }, /"a"/],
      [{ gistId: 'x', insertMode: 'sideways' }, /insertMode/],
    ];
    for (const [args, reason] of cases) {
      const result = parseGenerateArgs(args);
      assert.equal(result?.ok, false, JSON.stringify(args));
      assert.match(result !== undefined && !result.ok ? result.reason : '', reason);
    }
  });
});
