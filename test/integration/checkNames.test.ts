// A test file's names in the real Test Explorer and Problems panel: a description "$(pass-filled)
// …" drew a green check as its label, a slug drew its icon, the file's name went in as it is, and a
// key quoted by a problem carried its U+202E into the Problems panel. VS Code receives them inert:
// `$(` escaped in labels, invisible characters as ⟨U+XXXX⟩.
import { strict as assert } from 'node:assert';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { extensionApi, type TestedApi } from './support';

const FILE = JSON.stringify({
  gist: 'echo',
  variants: ['$(bug)v\u200b'],
  tests: [
    { description: '$(pass-filled) passes\u202e', vars: { text: 'x' }, assert: [{ type: 'contains', value: 'x' }] },
    { description: 'broken', 'k\u202e': 1, vars: { text: 'x' }, assert: [{ type: 'contains', value: 'x' }] },
  ],
});

describe('Checks: a test file’s names in the Test Explorer', function () {
  this.timeout(60_000);
  let api: TestedApi;
  let folder: string;
  let uri: vscode.Uri;

  before(async function () {
    api = await extensionApi();
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(workspace);
    folder = path.join(workspace, 'check-names-it');
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, '$(flame) names\u200f.gisttest.json');
    writeFileSync(file, FILE);
    uri = vscode.Uri.file(file);
    await api.testing.checks.discover(true);
  });

  after(async function () {
    rmSync(folder, { recursive: true, force: true });
    await api.testing.checks.discover(true);
  });

  it('labels the file, its tests and variants without icons or invisible characters, and the problem in the Problems panel shows its key', async function () {
    const fileItem = api.testing.checks.controller.items.get(uri.toString());
    assert.ok(fileItem, 'the test file is in the Test Explorer');
    assert.equal(fileItem.label, 'check-names-it/\\$(flame) names⟨U+200F⟩.gisttest.json');
    const labels: string[] = [];
    const tests: vscode.TestItem[] = [];
    fileItem.children.forEach((test) => tests.push(test));
    for (const test of tests) {
      await api.testing.checks.controller.resolveHandler?.(test);
      const variants: string[] = [];
      test.children.forEach((variant) => variants.push(variant.label));
      labels.push(`${test.label} › ${variants.join(', ')}`);
    }
    assert.deepEqual(labels.sort(), ['\\$(pass-filled) passes⟨U+202E⟩ › \\$(bug)v⟨U+200B⟩', 'broken › '].sort());
    const messages = vscode.languages.getDiagnostics(uri).map((diagnostic) => diagnostic.message);
    assert.equal(messages.length, 1, messages.join('\n'));
    assert.match(messages[0] ?? '', /^"k⟨U\+202E⟩" is not a field of a test\./);
  });
});
