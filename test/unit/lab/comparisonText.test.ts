// The names of results files (any file of the workspace) and the variants they hold, in "Compare
// with an Earlier Run" (audit of the text surfaces): the pick of the other run, the comparison's
// tab and a diff's title showed them as they were, icons and invisible characters included.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { runNameInPickTitle, runNameInTab, runRow, variantInTab } from '../../../src/lab/comparisonText';
import { isInvisible } from '../../../src/shared/invisibles';

const hostile = fc
  .array(fc.oneof(fc.constantFrom('$(bug)', '$(', '\\$(x)', '/', '\\', '../', '[x](command:y)', '\u202e', '\u200b', '\u{e0041}', '\u001b', '\n', 'a', ' '), fc.string({ unit: 'binary', maxLength: 3 })), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(''));

describe('Compare with an Earlier Run: results file names and variants', function () {
  it('in the pick of the other run, the comparison’s tab and a diff’s title, show no icon, link or invisible character (property)', function () {
    fc.assert(
      fc.property(hostile, hostile, (name, variant) => {
        const file = `/work/${name.replace(/\//g, '_')}.gistrun.jsonl`;
        const row = runRow(file, name);
        for (const shown of [row.label, row.description, runNameInTab(file), variantInTab(variant)]) {
          assertInert(shown);
          assert.doesNotMatch(shown, /(^|[^\\])\$\(/, `an icon in ${JSON.stringify(shown)}`);
        }
        assertInert(runNameInPickTitle(file));
      }),
      { numRuns: 2000 },
    );
    assert.deepEqual(runRow('/w/runs/monday.gistrun.jsonl', 'runs'), { label: 'monday.gistrun.jsonl', description: 'runs' });
  });
});

function assertInert(shown: string): void {
  let previous: string | undefined;
  for (const char of shown) {
    assert.ok(!isInvisible(char, previous) && char !== '\n', `U+${(char.codePointAt(0) ?? 0).toString(16)} in ${JSON.stringify(shown)}`);
    previous = char;
  }
  assert.doesNotMatch(shown, /\]\(/);
}
