// "Edit in Editor…": a long or multi-line value is edited in a temporary untitled editor. Its
// text is taken when the editor is closed or when the user presses "Use Text".
import * as vscode from 'vscode';

let counter = 0;

function isOpenInAnyTab(uri: vscode.Uri): boolean {
  const target = uri.toString();
  return vscode.window.tabGroups.all.some((group) =>
    group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === target),
  );
}

/** Resolves with the edited text; never loses what was typed, however the editor goes away. */
export async function editInEditor(name: string, initial: string, language?: string): Promise<string> {
  counter += 1;
  // A named untitled document, so the tab says which value it holds.
  const uri = vscode.Uri.from({ scheme: 'untitled', path: `${name.replace(/[\\/:]/g, '_')} (${counter})` });
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
      for (const subscription of subscriptions) {
        subscription.dispose();
      }
      resolve(taken);
    };
    subscriptions.push(
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
    const useText = vscode.l10n.t('Use Text');
    void Promise.resolve(
      vscode.window.showInformationMessage(vscode.l10n.t('Edit the value of “{0}”, then close the editor or press Use Text.', name), useText),
    ).then(async (choice) => {
      if (choice !== useText || !isOpenInAnyTab(uri)) {
        return;
      }
      // Taken as it is (even empty), before the temporary editor closes without a save prompt.
      const taken = document.getText();
      finish(taken);
      await vscode.window.showTextDocument(document, { preview: false });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });
  });
}
