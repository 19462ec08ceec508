// Variables filled from the editor: `${selection}`, `${fileName}`, … in catalog defaults, the
// prompt only for what is left empty, and "Edit in Editor…", in a real VS Code.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { editInEditor, useEditedText } from '../../src/generation/editInEditor';
import { at, closeAllEditors, extensionApi, generate, openEditor, service, signIn, waitFor, type TestedApi } from './support';

/**
 * The user's own gist.gists (they win over the fixture workspace's entries with the same id), so
 * nothing asks before editor text is sent (a workspace gist would: workspaceGistConsent.test.ts).
 */
async function setCatalog(gists: unknown[] | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('gist').update('gists', gists, vscode.ConfigurationTarget.Global);
}

function echoWithDefault(text: string, extra: unknown[] = []): unknown[] {
  return [{ id: 'echo', label: 'Echo', variant: 'plain', variables: [{ name: 'text', default: text }, ...extra] }];
}

async function accept(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
}

describe('Variables filled from the editor', function () {
  let api: TestedApi;

  before(async function () {
    api = await extensionApi();
    await signIn(api);
  });

  beforeEach(async function () {
    await service().clearFaults();
    await service().clearCalls();
    await closeAllEditors();
  });

  after(async function () {
    await setCatalog(undefined);
    await closeAllEditors();
  });

  it('resolves selection, file name, language and line text without asking', async function () {
    await setCatalog(echoWithDefault('[${fileName}|${languageId}|${lineText}|${selection}]'));
    const editor = await openEditor('first line\nthe second line', 'markdown');
    at(editor, [15, 21]);
    const result = await generate({ gistId: 'echo' });
    assert.ok(result);
    assert.match(result.content, /^\[Untitled-\d+\|markdown\|the second line\|second\]$/);
    const [call] = await service().calls();
    assert.deepEqual(call?.body, { values: { text: result.content } });
  });

  it('resolves the clipboard, the relative file, the folder and the date', async function () {
    await setCatalog(echoWithDefault('${clipboard} @ ${workspaceFolderName}/${relativeFile} on ${date}'));
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the fixture workspace is open');
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'notes.txt'));
    await vscode.window.showTextDocument(document, { preview: false });
    await vscode.env.clipboard.writeText('copied text');
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor);
    at(editor, editor.document.getText().length);
    const before = document.getText();
    const result = await generate({ gistId: 'echo' });
    assert.ok(result);
    assert.match(result.content, new RegExp(`^copied text @ ${folder.name}/notes\\.txt on \\d{4}-\\d{2}-\\d{2}$`));
    assert.equal(document.getText(), before + result.content);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('keeps values given as arguments over the defaults', async function () {
    await setCatalog(echoWithDefault('${selection}'));
    const editor = await openEditor('abc');
    at(editor, [0, 3]);
    const result = await generate({ gistId: 'echo', values: { text: 'given' } });
    assert.equal(result?.content, 'given');
  });

  it('asks only for what is left empty, prefilled with the resolved text', async function () {
    await setCatalog([
      {
        id: 'welcome-email',
        label: 'Welcome (editor test)',
        variant: 'short',
        variables: [
          { name: 'name', default: '${selection}' },
          { name: 'product', default: 'Engine for ${selection}${clipboard}' },
        ],
      },
    ]);
    await vscode.env.clipboard.writeText('');
    const editor = await openEditor('Ada');
    at(editor, [0, 3]);
    const pending = vscode.commands.executeCommand<{ id: string; content: string } | undefined>('gist.generate');
    // The gist picker, then the one input box (the clipboard was empty, so "product" is asked).
    await waitFor(
      'the call',
      async () => {
        await accept();
        return (await service().calls()).length > 0;
      },
      15_000,
    );
    const result = await pending;
    assert.ok(result);
    const [call] = await service().calls();
    assert.deepEqual(call?.body, { values: { name: 'Ada', product: 'Engine for Ada' } });
    assert.equal(result.content, 'Welcome to Engine for Ada, Ada.');
  });

  it('"Edit in Editor…" takes the text of the temporary editor when it is closed', async function () {
    const pending = editInEditor('product', 'line one');
    const editor = await waitFor('the temporary editor', () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.isUntitled === true && active.document.getText() === 'line one' ? active : undefined;
    });
    assert.match(editor.document.uri.path, /^product/);
    await editor.edit((builder) => builder.insert(editor.document.positionAt(8), '\nline two'));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    assert.equal(await pending, 'line one\nline two');
  });

  it('"Use Text" takes the text as it is and closes the temporary editor', async function () {
    const pending = editInEditor('note', '');
    const editor = await waitFor('the temporary editor', () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.path.startsWith('note') === true ? active : undefined;
    });
    await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), 'a\nb'));
    // This module's copy of the value editors (the bundled extension keeps its own; the e2e
    // scenario presses the real button). The active editor is the one taken.
    assert.equal(await useEditedText(), true);
    assert.equal(await pending, 'a\nb');
    await waitFor('the editor to close', () =>
      vscode.window.tabGroups.all.every((group) => group.tabs.every((tab) => !(tab.input instanceof vscode.TabInputText) || tab.input.uri.toString() !== editor.document.uri.toString())),
    );
    assert.equal(await useEditedText(editor.document.uri), false, 'nothing left to take');
    assert.ok((await vscode.commands.getCommands(true)).includes('gist.useEditedText'));
  });
});
