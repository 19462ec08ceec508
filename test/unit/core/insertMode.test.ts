import { strict as assert } from 'node:assert';
import { appendSeparator, insertModeOr, isInsertMode, replacementSpans } from '../../../src/generation/insertMode';
import { mapRange } from '../../../src/generation/rangeTracking';

describe('insert modes', () => {
  it('accepts the five modes and falls back for anything else', () => {
    for (const mode of ['cursor', 'replaceSelection', 'newDocument', 'appendToEnd', 'clipboard']) {
      assert.equal(isInsertMode(mode), true, mode);
    }
    assert.equal(isInsertMode('Cursor'), false);
    assert.equal(insertModeOr(undefined), 'cursor');
    assert.equal(insertModeOr(42, 'clipboard'), 'clipboard');
    assert.equal(insertModeOr('newDocument'), 'newDocument');
  });

  it('replaces selections as they are and the whole line of an empty cursor, once per line', () => {
    const text = 'one\ntwo\nthree';
    const lineSpan = (offset: number) => {
      const start = text.lastIndexOf('\n', offset - 1) + 1;
      const next = text.indexOf('\n', offset);
      return { start, end: next === -1 ? text.length : next };
    };
    assert.deepEqual(
      replacementSpans(
        [
          { start: 0, end: 2, wasSelection: true },
          { start: 5, end: 5, wasSelection: false },
          { start: 6, end: 6, wasSelection: false },
          { start: 13, end: 13, wasSelection: false },
        ],
        lineSpan,
      ),
      [
        { start: 0, end: 2 },
        { start: 4, end: 7 },
        { start: 8, end: 13 },
      ],
    );
  });

  it('inserts at the point of a selection the user typed over or deleted, never replacing its line', () => {
    const text = 'const a = ;';
    const lineSpan = () => ({ start: 0, end: text.length });
    // The selection `OLD` in `const a = OLD;` was deleted while the call ran: it collapsed to offset 10.
    const collapsed = mapRange({ start: 10, end: 13 }, { rangeOffset: 10, rangeLength: 3, text: '' });
    assert.deepEqual(replacementSpans([{ ...collapsed, wasSelection: true }], lineSpan), [{ start: 10, end: 10 }]);
    // Typed over: `OLD` replaced by `xy`; the selection is gone, the new text stays, insertion after it.
    const typedOver = mapRange({ start: 10, end: 13 }, { rangeOffset: 10, rangeLength: 3, text: 'xy' });
    assert.deepEqual(replacementSpans([{ ...typedOver, wasSelection: true }], lineSpan), [{ start: 12, end: 12 }]);
  });

  it('starts appended text on its own line', () => {
    assert.equal(appendSeparator('', '\n'), '');
    assert.equal(appendSeparator('a\n', '\r\n'), '');
    assert.equal(appendSeparator('a', '\r\n'), '\r\n');
  });
});
