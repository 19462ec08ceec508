// Outside text in a log line: one line, one field (issue 13, item 7).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { escapeControl, logValue } from '../../../src/shared/oneLine';

const LINE_BREAKS = /[\n\r\v\f\u0085\u2028\u2029]/;

describe('logValue and escapeControl', function () {
  it('leaves plain ids and slugs as they are', function () {
    for (const plain of ['echo', 'welcome-email', 'Y2FsbA==', 'a/b+c', 'u_ada@example.com']) {
      assert.equal(logValue(plain), plain);
    }
  });

  it('quotes anything else, with quotes, backslashes and controls escaped', function () {
    assert.equal(logValue('x status=ok'), '"x status=ok"');
    assert.equal(logValue('a"b\\c\nd\u2028e\u0085f\u202eg'), '"a\\"b\\\\c\\nd\\u2028e\\u0085f\\u202eg"');
    assert.equal(logValue(''), '""');
  });

  it('cuts long values', function () {
    assert.equal(logValue('x'.repeat(300), 10), `"${'x'.repeat(9)}…"`);
  });

  it('never yields a line break, and a quoted value reads back as the (cut) text (property)', function () {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const value = logValue(text, 10_000);
        assert.doesNotMatch(value, LINE_BREAKS);
        assert.doesNotMatch(escapeControl(text), LINE_BREAKS);
        if (value.startsWith('"')) {
          assert.equal(JSON.parse(value), text);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
