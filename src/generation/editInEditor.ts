// "Edit in Editor…": a long or multi-line value is edited in a temporary untitled editor. Its
// text is taken when the editor is closed, or with "Use Text" (editor title button, Ctrl+Enter).
import * as vscode from 'vscode';
import { labelText } from '../shared/inertText';
import { valueEditorTitle } from './valueEditorTitle';
import { ContextKeys, setContextKey } from '../shared/contextKeys';

let counter = 0;
/** The open value editors: document URI → take its text now. */
const pending = new Map<string, () => Promise<void>>();

function updateContext(): void {
  setContextKey(ContextKeys.editedValueDocuments, [...pending.keys()]);
}

function isOpenInAnyTab(uri: vscode.Uri): boolean {
  const target = uri.toString();
  return vscode.window.tabGroups.all.some((group) =>
    group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === target),
  );
}

/** "Use Text": takes the value editor's text (the given one, or the active one) and closes it. */
export async function useEditedText(uri?: unknown): Promise<boolean> {
  const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
  const take = target === undefined ? undefined : pending.get(target.toString());
  if (take === undefined) {
    return false;
  }
  await take();
  return true;
}

/** Resolves with the edited text; never loses what was typed, however the editor goes away. */
export async function editInEditor(name: string, initial: string, language?: string): Promise<string> {
  counter += 1;
  // A named untitled document, so the tab says which value it holds (the catalog's name, as plain text).
  const uri = vscode.Uri.from({ scheme: 'untitled', path: valueEditorTitle(name, counter) });
  const document = await vscode.workspace.openTextDocument(uri);
  if (language !== undefined) {
    await vscode.languages.setTextDocumentLanguage(document, language);
  }
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  if (initial !== '') {
    await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), initial));
  }
  let text = document.getText();
  return new Promise<string>((resolve) => {
    const subscriptions: vscode.Disposable[] = [];
    let done = false;
    const finish = (taken: string): void => {
      if (done) {
        return;
      }
      done = true;
      pending.delete(uri.toString());
      updateContext();
      for (const subscription of subscriptions) {
        subscription.dispose();
      }
      resolve(taken);
    };
    pending.set(uri.toString(), async () => {
      // Taken as it is (even empty), before the temporary editor closes without a save prompt.
      finish(document.getText());
      await vscode.window.showTextDocument(document, { preview: false });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });
    updateContext();
    subscriptions.push(
      vscode.window.setStatusBarMessage(vscode.l10n.t('$(check) Editing “{0}”: press Use Text (Ctrl+Enter) or close the editor to use its text', labelText(name, 100))),
      vscode.workspace.onDidChangeTextDocument((event) => {
        // Closing with "Don't Save" first reverts the untitled document to empty; that is not the
        // user's edit, so the last text they wrote is kept.
        if (event.document.uri.toString() === uri.toString() && event.document.getText() !== '') {
          text = event.document.getText();
        }
      }),
      vscode.workspace.onDidCloseTextDocument((closed) => {
        if (closed.uri.toString() === uri.toString()) {
          finish(text);
        }
      }),
      // The tab can go before the document does (it is kept while dirty); the tab is what the user sees.
      vscode.window.tabGroups.onDidChangeTabs(() => {
        if (!isOpenInAnyTab(uri)) {
          finish(text);
        }
      }),
    );
  });
}
