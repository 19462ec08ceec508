// What a test file writes reaches the Test Explorer and the Problems panel only as inert text
// (audit of the text surfaces): a description "$(pass-filled) x" showed a green check as its
// label, a file name holding ESC went into the test output's terminal, a key quoted by a problem
// carried U+202E into the Problems panel. Labels render `$(icon)`, so it is escaped there.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { fileItemLabel, outputFileName, problemMessage, testItemLabel, variantItemLabel } from '../../../src/checks/testExplorerText';
import { isInvisible } from '../../../src/shared/invisibles';

const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom('$(pass-filled)', '$(', '\\$(bug)', '[x](command:y)', '\u202e', '\u200b', '\u200f', '\u061c', '\u{e0041}', '\ufeff', '\u001b[2J', '\u0085', '\u2028', '\n', '\t', 'a', ' ', '😀'),
      fc.string({ unit: 'binary', maxLength: 3 }),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** Fails on the first character that would not show as itself, or on a line break. */
function assertInert(shown: string): void {
  let previous: string | undefined;
  for (const char of shown) {
    assert.ok(!isInvisible(char, previous) && !/[\n\r\t]/.test(char), `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()} shown as it is in ${JSON.stringify(shown)}`);
    previous = char;
  }
}

/** Every `$(` is escaped, so VS Code draws no icon. */
function assertNoIcon(shown: string): void {
  assert.doesNotMatch(shown, /(^|[^\\])\$\(/, `an icon in ${JSON.stringify(shown)}`);
}

const test = (description: string): { description: string; index: number; range: { file: 'testFile'; start: { line: number; character: number }; end: { line: number; character: number } } } => ({
  description,
  index: 0,
  range: { file: 'testFile', start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
});

describe('test file text in the Test Explorer and the Problems panel', function () {
  it('a description, a variant slug or a file name is a label without icons, links or invisible characters (property)', function () {
    fc.assert(
      fc.property(hostile, (text) => {
        for (const label of [testItemLabel(test(text), 1), variantItemLabel(text), fileItemLabel(text)]) {
          assertInert(label);
          assertNoIcon(label);
          assert.doesNotMatch(label, /\]\(/);
        }
      }),
      { numRuns: 2000 },
    );
    assert.equal(testItemLabel(test('$(pass-filled) x'), 1), '\\$(pass-filled) x');
    assert.equal(variantItemLabel(null), 'Automatic');
    assert.equal(fileItemLabel('checks/a.gisttest.json'), 'checks/a.gisttest.json');
  });

  it('a problem in the Problems panel and a file name in the test output show every character, on one line, capped (property)', function () {
    fc.assert(
      fc.property(hostile, (text) => {
        for (const shown of [problemMessage(`"${text}" is not a field of a test.`), outputFileName(text)]) {
          assertInert(shown);
          // eslint-disable-next-line no-control-regex
          assert.doesNotMatch(shown, /[\u0000-\u001f\u007f-\u009f]/);
        }
      }),
      { numRuns: 2000 },
    );
    assert.equal(problemMessage('"a\u202eb" is not a field of a test.'), '"a⟨U+202E⟩b" is not a field of a test.');
    assert.ok(problemMessage('x'.repeat(5000)).length <= 1000);
  });
});
