// A flow's last quick input kept on screen, busy, after the flow ended, until the UI that follows
// it is up. When a quick input closes over a webview editor (the results view), VS Code gives the
// view its focus again 50 ms later, through a message to its frame: a modal or an input shown in
// that moment loses the keyboard to the view, and Enter goes there. Held, the input never closes
// in between: the next quick input replaces it on screen, and a modal dialog opens over it and
// hands the keyboard back to it when answered.
import type * as vscode from 'vscode';

export class InputHold implements vscode.Disposable {
  private held: vscode.QuickInput | undefined;

  /** Keeps `input` on screen, busy, instead of disposing it; the hold disposes it on release. */
  keep(input: vscode.QuickInput): void {
    this.release();
    input.busy = true;
    input.ignoreFocusOut = true;
    this.held = input;
  }

  /** Closes the held input (one already replaced on screen by another input closes unseen). */
  release(): void {
    const held = this.held;
    this.held = undefined;
    held?.dispose();
  }

  dispose(): void {
    this.release();
  }
}
