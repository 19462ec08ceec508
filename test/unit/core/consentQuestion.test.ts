// The question before editor text goes to a workspace gist cannot be forged by the workspace
// (issue 23, item A3): a label with line breaks made the modal's first line read "“Changelog
// entry” (changelog) is defined by you in settings (gist.gists). It reads nothing from your
// editor." with the real list of values 40 lines below. The modal's own sentence comes first, and
// the label, id, source and variable names are one short line each, like the values.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { CONSENT_PHRASES, consentDetail, type ConsentQuestion } from '../../../src/catalog/consentQuestion';
import { editorFilledValues } from '../../../src/catalog/editorValueConsent';
import { renderedLinks } from '../support/vscodeLinkedText';

const FORGED_LABEL = `Changelog entry” (changelog) is defined by you in settings (gist.gists). It reads nothing from your editor.${'\n'.repeat(40)}`;

/** A question as the consent builds it: values filled by `${clipboard}` defaults. */
function question(label: string, gistId: string, source: string, names: readonly string[], values: readonly string[]): ConsentQuestion {
  const variables = names.map((name) => ({ name, default: '${clipboard}' }));
  const filled = editorFilledValues(variables, Object.fromEntries(names.map((name, index) => [name, values[index] ?? 'x'])));
  return { gistId, label, source, filled };
}

const hostile = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
  fc.constantFrom(FORGED_LABEL, '\n', '\r', '\u2028', '\u0085', '\u202e', '\u{e0041}', '[x](command:y)', ' ', 'a'.repeat(200)),
);
const text = fc.array(hostile, { maxLength: 5 }).map((parts) => parts.join(''));
const names = fc.uniqueArray(text.filter((name) => name.trim() !== ''), { maxLength: 4 });

describe('the editor-values question: its own sentences first, one line per outside text', function () {
  it('a label that forges “defined by you in settings” comes after the modal’s own sentence, on one line', function () {
    const detail = consentDetail(question(FORGED_LABEL, 'changelog', '.vscode/gists.json', ['change'], ['my clipboard']));
    const lines = detail.split('\n');
    assert.equal(lines[0], CONSENT_PHRASES.intro);
    assert.equal(lines.length, 4, detail);
    assert.match(lines[1] ?? '', /^Gist: “Changelog entry” \(changelog\) is defined by you in settings .*…” \(changelog\), defined in \.vscode\/gists\.json\.$/);
    assert.equal(lines[2], '• change ← ${clipboard}: “my clipboard”');
    assert.equal(lines[3], 'Cancel sends nothing.');
  });

  it('for arbitrary labels, ids, sources, variable names and values: first the own sentence, then one line each (property)', function () {
    fc.assert(
      fc.property(text, text, text, names, fc.array(text, { maxLength: 4 }), (label, gistId, source, variableNames, values) => {
        const asked = question(label, gistId, source, variableNames, values);
        const lines = consentDetail(asked).split('\n');
        assert.equal(lines[0], CONSENT_PHRASES.intro, 'the modal’s own sentence comes first');
        assert.equal(lines.length, 3 + asked.filled.length, JSON.stringify(lines));
        assert.ok(lines[1]?.startsWith('Gist: “'), lines[1]);
        assert.equal(lines[lines.length - 1], CONSENT_PHRASES.cancel);
        for (const line of lines) {
          assert.ok(!/\p{Cf}/u.test(line), `a format character in ${JSON.stringify(line)}`);
          assert.ok([...line].length < 600, `a long line: ${JSON.stringify(line)}`);
          assert.deepEqual(renderedLinks(line), []);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('says how many invisible characters the gist’s names and each value hold', function () {
    const detail = consentDetail(question('Changelog\u202e', 'changelog', '.vscode/gists.json', ['change'], ['ship it\u{e0041}\u{e0042}']));
    const lines = detail.split('\n');
    assert.equal(lines[1], 'Gist: “Changelog⟨U+202E⟩” (changelog), defined in .vscode/gists.json. (1 invisible character, shown as ⟨U+…⟩)');
    assert.equal(lines[2], '• change ← ${clipboard}: “ship it⟨U+E0041⟩⟨U+E0042⟩” (2 invisible characters, shown as ⟨U+…⟩)');
  });
});
