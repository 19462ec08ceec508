// Which editor generated text goes into, decided when a command is invoked. The editors are read
// through `view`, which is the window's; tests put in its place the view an extension host has
// before it hears of a change the workbench already made (an editor switched away).
import * as vscode from 'vscode';
import { InsertionTarget } from './insertionTarget';

/** The editors as this extension host knows them. */
export interface EditorView {
  readonly activeTextEditor: vscode.TextEditor | undefined;
  readonly visibleTextEditors: readonly vscode.TextEditor[];
}

export class EditorTargets implements vscode.Disposable {
  private override: EditorView | undefined;

  private get view(): EditorView {
    return this.override ?? vscode.window;
  }

  /** Captures where the text goes now, before any prompt or request. */
  capture(): InsertionTarget {
    return InsertionTarget.capture(this.view.activeTextEditor, () => this.view.visibleTextEditors);
  }

  /** Tests only: the editors as a lagging extension host sees them; undefined puts the window's back. */
  viewForTest(view: EditorView | undefined): void {
    this.override = view;
  }

  dispose(): void {
    // Nothing held yet.
  }
}
