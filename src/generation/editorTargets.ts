// Which editor generated text goes into, decided when a command is invoked: the active editor when
// its document can take text (textTarget.ts); otherwise the last active editor of such a document,
// while it is still open; otherwise a new document. The user is told when the text goes elsewhere.
//
// The editors are read through `view`, the window's. Tests put in its place the view an extension
// host has before it hears of a change the workbench already made (an editor switched away).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { InsertionTarget } from './insertionTarget';
import { canTakeText } from './textTarget';

/** The editors as this extension host knows them. */
export interface EditorView {
  readonly activeTextEditor: vscode.TextEditor | undefined;
  readonly visibleTextEditors: readonly vscode.TextEditor[];
}

/** True when `editor` shows the left (original) side of the active diff. */
function isLeftOfDiff(editor: vscode.TextEditor): boolean {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  const uri = editor.document.uri.toString();
  return input instanceof vscode.TabInputTextDiff && input.original.toString() === uri && input.modified.toString() !== uri;
}

function takesText(editor: vscode.TextEditor): boolean {
  const { scheme } = editor.document.uri;
  return canTakeText({ scheme, writableFileSystem: vscode.workspace.fs.isWritableFileSystem(scheme), leftOfDiff: isLeftOfDiff(editor) });
}

/** What the user calls the editor that had focus, for "the editor with focus (…) cannot take text". */
function focusName(editor: vscode.TextEditor): string {
  const { uri } = editor.document;
  if (uri.scheme === 'output') {
    return vscode.l10n.t('the Output panel');
  }
  if (isLeftOfDiff(editor)) {
    return vscode.l10n.t('the left side of a diff');
  }
  if (uri.scheme === 'search-editor') {
    return vscode.l10n.t('a search editor');
  }
  return vscode.l10n.t('{0}, read-only', path.posix.basename(uri.path) || uri.scheme);
}

export class EditorTargets implements vscode.Disposable {
  private override: EditorView | undefined;
  /** The last active editor whose document can take text. */
  private lastTaking: vscode.TextEditor | undefined;
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.remember(vscode.window.activeTextEditor);
    this.subscription = vscode.window.onDidChangeActiveTextEditor((editor) => this.remember(editor));
  }

  private get view(): EditorView {
    return this.override ?? vscode.window;
  }

  /** Captures where the text goes now, before any prompt or request. */
  capture(): InsertionTarget {
    const visible = (): readonly vscode.TextEditor[] => this.view.visibleTextEditors;
    const active = this.view.activeTextEditor;
    if (active !== undefined && takesText(active)) {
      this.lastTaking = active;
      return InsertionTarget.capture(active, visible);
    }
    const elsewhere = { focus: active === undefined ? undefined : focusName(active) };
    const last = this.lastTaking;
    if (last !== undefined && !last.document.isClosed && InsertionTarget.isShown(last.document, visible())) {
      // Its selections as they were when it was last active (a TextEditor keeps them once hidden).
      return InsertionTarget.capture(last, visible, elsewhere);
    }
    return InsertionTarget.capture(undefined, visible, active === undefined ? undefined : elsewhere);
  }

  /** Tests only: the editors as a lagging extension host sees them; undefined puts the window's back. */
  viewForTest(view: EditorView | undefined): void {
    this.override = view;
  }

  private remember(editor: vscode.TextEditor | undefined): void {
    if (editor !== undefined && takesText(editor)) {
      this.lastTaking = editor;
    }
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
