import { strict as assert } from 'node:assert';
import type { CatalogVariable } from '../../../src/catalog/catalog';
import { consentDecision, consentSignature, editorFilledValues, previewOf } from '../../../src/catalog/editorValueConsent';

const variables: CatalogVariable[] = [
  { name: 'code', default: '${selection}' },
  { name: 'note', default: 'from ${clipboard} in ${languageId}' },
  { name: 'when', default: '${date} in ${workspaceFolderName}' },
  { name: 'typed' },
];
const values = { code: 'const a = 1;', note: 'from secret in ts', when: '2026-11-23 in repo', typed: 'hello' };

describe('consent for editor values sent to a workspace gist', () => {
  it('asks for a workspace gist, listing each value a private placeholder filled', () => {
    const decision = consentDecision({ origin: 'workspace', variables }, values, undefined, undefined);
    assert.equal(decision.kind, 'ask');
    assert.deepEqual(decision.kind === 'ask' ? decision.filled : [], [
      { name: 'code', placeholders: ['selection'], preview: 'const a = 1;', length: 12, shortened: false, invisible: 0 },
      { name: 'note', placeholders: ['clipboard'], preview: 'from secret in ts', length: 17, shortened: false, invisible: 0 },
    ]);
  });

  it('never asks for the user’s own gists or an id outside the catalog', () => {
    assert.deepEqual(consentDecision({ origin: 'user', variables }, values, undefined, undefined), { kind: 'send' });
    assert.deepEqual(consentDecision(undefined, values, undefined, undefined), { kind: 'send' });
  });

  it('does not ask when nothing private was filled: no such default, an empty value, or the caller passed it', () => {
    const harmless: CatalogVariable[] = [{ name: 'when', default: '${date}' }, { name: 'lang', default: '${languageId}' }, { name: 'typed' }];
    assert.deepEqual(consentDecision({ origin: 'workspace', variables: harmless }, { when: 'd', lang: 'ts', typed: 'x' }, undefined, undefined), { kind: 'send' });
    const onlyCode = [{ name: 'code', default: '${selection}' }];
    assert.deepEqual(consentDecision({ origin: 'workspace', variables: onlyCode }, { code: '' }, undefined, undefined), { kind: 'send' });
    assert.deepEqual(consentDecision({ origin: 'workspace', variables: onlyCode }, { code: 'given' }, { code: 'given' }, undefined), { kind: 'send' });
  });

  it('"Always" holds while the gist reads the same placeholders, and asks again when the repository changes them', () => {
    const always = consentSignature(variables);
    assert.deepEqual(consentDecision({ origin: 'workspace', variables }, values, undefined, always), { kind: 'send' });
    const widened = [...variables, { name: 'path', default: '${relativeFile}' }];
    assert.equal(consentDecision({ origin: 'workspace', variables: widened }, { ...values, path: '/home/me/secret.txt' }, undefined, always).kind, 'ask');
  });

  it('ignores inherited names: a variable called constructor is not "filled" by Object.prototype', () => {
    const filled = editorFilledValues([{ name: 'constructor', default: '${selection}' }], {});
    assert.deepEqual(filled, []);
  });

  it('previews a value on one short line, controls and direction overrides shown as ⟨U+XXXX⟩', () => {
    assert.equal(previewOf('a\nb\r\nc'), 'a ⏎ b ⏎ c');
    assert.equal(previewOf('x\u202Eevil\u0007'), 'x⟨U+202E⟩evil⟨U+0007⟩');
    assert.equal(previewOf('y'.repeat(100), 10), `${'y'.repeat(9)}…`);
    assert.equal([...previewOf('😀'.repeat(100), 10)].length, 10);
  });
});
