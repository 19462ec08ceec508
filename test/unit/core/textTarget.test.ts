import { strict as assert } from 'node:assert';
import { canTakeText } from '../../../src/generation/textTarget';

describe('documents generated text may go into', () => {
  const facts = (scheme: string, writableFileSystem: boolean | undefined, leftOfDiff = false) => ({ scheme, writableFileSystem, leftOfDiff });

  it('a file on a writable file system, an untitled document, a notebook cell', () => {
    assert.ok(canTakeText(facts('file', true)));
    assert.ok(canTakeText(facts('vscode-remote', true)));
    assert.ok(canTakeText(facts('vscode-userdata', true)), 'the user settings.json');
    assert.ok(canTakeText(facts('untitled', undefined)));
    assert.ok(canTakeText(facts('vscode-notebook-cell', undefined)));
  });

  it('not the Output panel, the default settings, a search editor, a read-only file system or a document no file system holds', () => {
    assert.ok(!canTakeText(facts('output', undefined)));
    assert.ok(!canTakeText(facts('vscode', false)), 'vscode://defaultsettings');
    assert.ok(!canTakeText(facts('search-editor', undefined)));
    assert.ok(!canTakeText(facts('git', false)));
    assert.ok(!canTakeText(facts('some-extension-content', undefined)));
  });

  it('not the left side of a diff, even when its document could be edited elsewhere', () => {
    assert.ok(!canTakeText(facts('file', true, true)));
    assert.ok(!canTakeText(facts('untitled', undefined, true)));
  });
});
