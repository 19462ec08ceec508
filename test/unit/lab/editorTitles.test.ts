// Tab titles made from a results file's gist id and variant names, or a history entry's label
// (audit of the text surfaces): the cell's tab showed them as they were written, and a past
// call's title turned an escaped `\$(x)` into `∕$(x)`, an icon again. A title is the last segment
// of a document's path: `/` and `\` are `∕` so it stays one segment, and the `\` that escapes `$(` stays.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { resultTitle } from '../../../src/generation/compareArgs';
import { valueEditorTitle } from '../../../src/generation/valueEditorTitle';
import { callTextTitle } from '../../../src/history/callTextTitle';
import { resultTextTitle } from '../../../src/lab/resultTextTitle';
import { isInvisible } from '../../../src/shared/invisibles';

const hostile = fc
  .array(fc.oneof(fc.constantFrom('$(bug)', '$(', '\\$(x)', '/', '\\', '../', '[x](command:y)', '\u202e', '\u200b', '\u{e0041}', '\u001b', '\n', 'a', ' '), fc.string({ unit: 'binary', maxLength: 3 })), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(''));

function assertTitle(title: string, ownBackslashes: number): void {
  let previous: string | undefined;
  for (const char of title) {
    assert.ok(!isInvisible(char, previous) && char !== '\n', `U+${(char.codePointAt(0) ?? 0).toString(16)} in ${JSON.stringify(title)}`);
    previous = char;
  }
  assert.ok(!title.includes('/'), `a path separator in ${JSON.stringify(title)}`);
  assert.doesNotMatch(title, /(^|[^\\])\$\(/, `an icon in ${JSON.stringify(title)}`);
  // The only backslashes are those that escape `$(`.
  assert.equal((title.match(/\\/g) ?? []).length - (title.match(/\\\$\(/g) ?? []).length, ownBackslashes, JSON.stringify(title));
  assert.doesNotMatch(title, /\]\(/);
}

describe('tab titles from outside text', function () {
  it('a cell’s title (gist id, variant name from a results file) is one inert path segment (property)', function () {
    fc.assert(
      fc.property(hostile, hostile, fc.nat(), fc.option(fc.nat(), { nil: undefined }), (gist, variant, row, sample) => {
        assertTitle(resultTextTitle(gist, variant, row, sample), 0);
      }),
      { numRuns: 2000 },
    );
    assert.equal(resultTextTitle('echo', 'formal', 3, 2), 'echo · formal · row 3 · sample 2');
    assert.equal(resultTextTitle('a/b', '$(bug)', 1), 'a∕b · \\$(bug) · row 1');
  });

  it('a past call’s title (label, variant from the history) is one inert path segment (property)', function () {
    fc.assert(
      fc.property(hostile, hostile, (label, variant) => {
        assertTitle(callTextTitle(label, variant, '14:03:12'), 0);
      }),
      { numRuns: 2000 },
    );
    assert.equal(callTextTitle('$(x) w/b', 'formal', '14:03:12'), '\\$(x) w∕b · formal · 14:03:12');
  });

  it('Compare Variants’ result documents (gist label, variant, the service’s call id) and Edit in Editor’s (a variable name) are one inert path segment (property; audit)', function () {
    fc.assert(
      fc.property(hostile, hostile, hostile, fc.nat(), (label, variant, callId, counter) => {
        assertTitle(resultTitle(label, variant, callId), 0);
        const title = valueEditorTitle(label, counter);
        assertTitle(title, 0);
        assert.ok(!title.includes(':'), 'no drive letter on Windows');
      }),
      { numRuns: 2000 },
    );
    assert.equal(resultTitle('$(warning) Welcome', 'a/b', 'call-$(check)'), '\\$(warning) Welcome · a∕b · call-\\$(check)');
    assert.equal(valueEditorTitle('$(verified) c:tone', 2), '\\$(verified) c∶tone (2)');
  });
});
