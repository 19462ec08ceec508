// Gathers the facts `${selection}`, `${fileName}`, … refer to. Taken when the command is invoked
// (the pickers move focus away from the editor); the clipboard is read only when a default uses it.
import * as vscode from 'vscode';
import { formatDate, type EditorFacts, type EditorPlaceholder } from '../catalog/editorTemplate';

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

export class EditorSnapshot {
  private constructor(private readonly facts: EditorFacts) {}

  static capture(editor: vscode.TextEditor | undefined): EditorSnapshot {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (editor === undefined) {
      return new EditorSnapshot({ workspaceFolderName: folders[0]?.name ?? '', date: formatDate(new Date()) });
    }
    const { document, selection } = editor;
    const folder = vscode.workspace.getWorkspaceFolder(document.uri) ?? folders[0];
    return new EditorSnapshot({
      selection: document.getText(selection),
      fileName: baseName(document.uri.path),
      relativeFile: document.isUntitled ? baseName(document.uri.path) : vscode.workspace.asRelativePath(document.uri, false),
      languageId: document.languageId,
      lineText: document.lineAt(selection.active.line).text,
      workspaceFolderName: folder?.name ?? '',
      date: formatDate(new Date()),
    });
  }

  /** The facts the given placeholders need; reads the clipboard only if asked for. */
  async resolve(needed: readonly EditorPlaceholder[]): Promise<EditorFacts> {
    if (!needed.includes('clipboard')) {
      return this.facts;
    }
    let clipboard = '';
    try {
      clipboard = await vscode.env.clipboard.readText();
    } catch {
      // A clipboard that cannot be read counts as empty: the variable is then asked for.
    }
    return { ...this.facts, clipboard };
  }
}
