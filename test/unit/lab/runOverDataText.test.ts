// Run over Data's steps show catalog labels, a data file's column names, variable names and file
// names (audit of the text surfaces): they went into quick pick rows, titles and placeholders as
// they were, so a column named "$(check) email" drew an icon and a U+202E mirrored the row.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { recordOf } from '../../../src/shared/keyedRecord';
import type { ValueSource } from '../../../src/dataset/columnMapping';
import { columnLabel, dataFileLabel, mappingSummary, placeholderPart, resultsFileName, titlePart, typedVariantLabel, variantRow, variantsSummary } from '../../../src/lab/runOverDataText';
import { isInvisible } from '../../../src/shared/invisibles';

const hostile = fc
  .array(fc.oneof(fc.constantFrom('$(check)', '$(', '\\$(x)', '[x](command:y)', '\u202e', '\u200b', '\u2066', '\u{e0041}', '\ufeff', '\u001b', '\n', '\t', 'a', ' ', '😀'), fc.string({ unit: 'binary', maxLength: 3 })), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(''));

/** One line, no character that shows nothing or reorders it, no link. */
function assertInert(shown: string): void {
  let previous: string | undefined;
  for (const char of shown) {
    assert.ok(!isInvisible(char, previous) && !/[\n\r\t]/.test(char), `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()} in ${JSON.stringify(shown)}`);
    previous = char;
  }
  assert.doesNotMatch(shown, /\]\(/, `a link in ${JSON.stringify(shown)}`);
}

/** No `$(` other than the extension's own icon at the start. */
function assertNoIcon(shown: string, ownIcon = ''): void {
  assert.ok(shown.startsWith(ownIcon), shown);
  assert.doesNotMatch(shown.slice(ownIcon.length), /(^|[^\\])\$\(/, `an icon in ${JSON.stringify(shown)}`);
}

describe('Run over Data: outside text in its steps', function () {
  it('rows and placeholders (which render icons) show no icon, link or invisible character of a label, slug, column or file name (property)', function () {
    fc.assert(
      fc.property(hostile, hostile, fc.option(hostile, { nil: undefined }), (text, slug, label) => {
        const row = variantRow(slug, label);
        for (const shown of [row.label, row.description ?? '', columnLabel(text), placeholderPart(text), resultsFileName(`/data/${text.replace(/\//g, '_')}.gistrun.jsonl`)]) {
          assertInert(shown);
          assertNoIcon(shown);
        }
        for (const [shown, icon] of [[typedVariantLabel(text), '$(add) '], [dataFileLabel(text), '$(file) ']] as const) {
          assertInert(shown);
          assertNoIcon(shown, icon);
        }
        assertInert(titlePart(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('the summary’s variants and values show no icon, link or invisible character (property)', function () {
    fc.assert(
      fc.property(fc.array(fc.option(hostile, { nil: null }), { maxLength: 4 }), fc.array(fc.tuple(hostile, hostile, fc.boolean()), { maxLength: 4 }), (variants, pairs) => {
        const mapping = recordOf<ValueSource>(pairs.map(([variable, value, isColumn]) => [variable, isColumn ? { column: value } : { constant: value }]));
        for (const shown of [variantsSummary(variants), mappingSummary(mapping)]) {
          assertInert(shown);
          assertNoIcon(shown);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('shows ordinary names as they are', function () {
    assert.deepEqual(variantRow('formal', 'Formal tone'), { label: 'Formal tone', description: 'formal' });
    assert.deepEqual(variantRow('formal', undefined), { label: 'formal', description: undefined });
    assert.equal(variantsSummary(['formal', null]), 'formal, Automatic');
    assert.equal(mappingSummary(recordOf<ValueSource>([['name', { column: 'Name' }], ['tone', { constant: 'warm' }]])), 'name ← Name · tone = “warm”');
    assert.equal(dataFileLabel('data/cases.csv'), '$(file) data/cases.csv');
    assert.equal(titlePart('Welcome email'), 'Welcome email');
  });
});
