import { strict as assert } from 'node:assert';
import { formatDate, placeholdersIn, placeholdersNeeded, planVariables, resolveTemplate } from '../../../src/catalog/editorTemplate';

describe('editor templates', () => {
  it('fills every known placeholder with the text around it', () => {
    const result = resolveTemplate('${fileName}:${lineText} (${languageId}) in ${workspaceFolderName}/${relativeFile} on ${date}', {
      fileName: 'a.ts',
      lineText: 'let x = 1;',
      languageId: 'typescript',
      workspaceFolderName: 'ws',
      relativeFile: 'src/a.ts',
      date: '2026-11-23',
    });
    assert.equal(result.value, 'a.ts:let x = 1; (typescript) in ws/src/a.ts on 2026-11-23');
    assert.equal(result.complete, true);
  });

  it('is incomplete when a placeholder has no value, and keeps the rest', () => {
    const result = resolveTemplate('Fix: ${selection}', { selection: '' });
    assert.equal(result.value, 'Fix: ');
    assert.equal(result.complete, false);
    assert.equal(result.usesPlaceholders, true);
  });

  it('leaves unknown placeholders and plain text alone', () => {
    const result = resolveTemplate('cost ${price} and $selection', { selection: 'x' });
    assert.equal(result.value, 'cost ${price} and $selection');
    assert.equal(result.usesPlaceholders, false);
    assert.equal(result.complete, false);
  });

  it('keeps multi-line and dollar-laden values as they are', () => {
    const result = resolveTemplate('<${clipboard}>', { clipboard: 'a\n$1 $& ${selection}' });
    assert.equal(result.value, '<a\n$1 $& ${selection}>');
    assert.equal(result.complete, true);
  });

  it('lists the placeholders used, once each', () => {
    assert.deepEqual(placeholdersIn('${selection} ${date} ${selection} ${nope}'), ['selection', 'date']);
    assert.deepEqual(placeholdersNeeded([{ name: 'a', default: '${clipboard}' }, { name: 'b' }, { name: 'c', default: '${clipboard}${lineText}' }]), [
      'clipboard',
      'lineText',
    ]);
  });

  it('fills resolved defaults and asks for the rest with the best prefill', () => {
    const plan = planVariables(
      [
        { name: 'code', default: '${selection}' },
        { name: 'title', default: 'About ${selection}' },
        { name: 'note', default: 'Fix: ${clipboard}' },
        { name: 'plain', default: 'hello' },
        { name: 'remembered', default: '${lineText}' },
        { name: 'none' },
      ],
      { selection: 'x()', clipboard: '', lineText: '' },
      { remembered: 'last time', plain: 'older' },
    );
    assert.deepEqual(plan, [
      { name: 'code', kind: 'filled', value: 'x()' },
      { name: 'title', kind: 'filled', value: 'About x()' },
      { name: 'note', kind: 'ask', prefill: 'Fix: ' },
      { name: 'plain', kind: 'ask', prefill: 'older' },
      { name: 'remembered', kind: 'ask', prefill: 'last time' },
      { name: 'none', kind: 'ask', prefill: '' },
    ]);
  });

  it('formats the date as YYYY-MM-DD in local time', () => {
    assert.equal(formatDate(new Date(2026, 0, 5, 23, 59)), '2026-01-05');
  });
});
