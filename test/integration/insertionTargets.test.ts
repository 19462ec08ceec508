// Which editor Generate's text goes into, in a real VS Code: an editor that the workbench switched
// away before this extension host heard of it still gets its text (npm run bench's scale section
// lost three so).
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { closeAllEditors, generate, nextOutcome, openEditor, resetForTest, signedInApi, type TestedApi } from './support';

describe('Where generated text goes: a document the user can edit and keep', function () {
  let api: TestedApi;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(resetForTest);

  after(async function () {
    api.testing.editorView(undefined);
    await closeAllEditors();
  });

  /** Generates `text` and returns how the call's outcome says it was placed. */
  async function generateText(text: string): Promise<string | undefined> {
    const outcome = nextOutcome(api);
    await generate({ gistId: 'echo', variant: 'plain', values: { text } });
    return (await outcome).insertion;
  }

  it('an editor switched away before this extension host heard of it: the text still goes into its document, not a new one (issue 23 C10)', async function () {
    // Two documents in one group: showing the second replaces the first's editor in the workbench.
    const first = await openEditor('first');
    const second = await openEditor('second');
    // The interleaving of npm run bench's scale section, held still: this extension host still
    // believes the first editor is active and visible, while the workbench shows the second (VS
    // Code tells the extension host a moment later). Its TextEditor is the real, replaced one.
    api.testing.editorView({ activeTextEditor: first, visibleTextEditors: [first] });
    try {
      assert.equal(await generateText('for the first '), 'inserted');
    } finally {
      api.testing.editorView(undefined);
    }
    assert.equal(first.document.getText(), 'for the first first');
    assert.equal(second.document.getText(), 'second');
    assert.ok(!vscode.workspace.textDocuments.some((document) => document !== first.document && document.getText().includes('for the first')), 'no new document holds it');
  });
});
