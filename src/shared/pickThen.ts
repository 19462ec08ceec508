// A quick pick whose choice leads on to more UI: a save or open dialog (in the browser, VS Code's
// own dialog is a quick input too) or another command's input. When a quick input closes, VS Code
// hands focus back to the editor; when that editor is a webview (the results view), it focuses it
// again 50 ms later through a message to its frame, and an input shown in that moment loses the
// keyboard to the view: what the user types goes there. So the pick stays on screen, busy, while
// `then` runs: the next input replaces it directly, as MultiStepInput's steps replace each other.
import * as vscode from 'vscode';

export interface PickThenOptions {
  readonly title: string;
  readonly placeholder: string;
  readonly matchOnDescription?: boolean;
}

/**
 * Shows `items` (a promise of them shows the pick at once, busy until they come); on Enter, runs
 * `then` with the chosen item while the pick stays on screen, and resolves with what it returns.
 * Undefined when the user closed the pick.
 */
export function pickThen<T extends vscode.QuickPickItem, R>(items: readonly T[] | Thenable<readonly T[]>, options: PickThenOptions, then: (picked: T) => Thenable<R> | R): Promise<R | undefined> {
  const picker = vscode.window.createQuickPick<T>();
  picker.title = options.title;
  picker.placeholder = options.placeholder;
  picker.matchOnDescription = options.matchOnDescription ?? false;
  const subscriptions: vscode.Disposable[] = [];
  const done = (): void => {
    for (const subscription of subscriptions) subscription.dispose();
    picker.dispose();
  };
  return new Promise<R | undefined>((resolve, reject) => {
    let chosen = false;
    subscriptions.push(
      picker.onDidAccept(() => {
        const item = picker.selectedItems[0] ?? picker.activeItems[0];
        if (item === undefined || chosen) return;
        chosen = true;
        picker.busy = true;
        // A desktop dialog takes the window's focus: the pick waits behind it.
        picker.ignoreFocusOut = true;
        Promise.resolve()
          .then(() => then(item))
          .then(resolve, reject)
          .finally(done);
      }),
      picker.onDidHide(() => {
        // Replaced on screen by what `then` shows, or closed by the user before a choice.
        if (chosen) return;
        resolve(undefined);
        done();
      }),
    );
    if (Array.isArray(items)) {
      picker.items = items as readonly T[];
    } else {
      picker.busy = true;
      Promise.resolve(items).then(
        (loaded) => {
          picker.items = loaded;
          picker.busy = false;
        },
        (error: unknown) => {
          reject(error instanceof Error ? error : new Error(String(error)));
          done();
        },
      );
    }
    picker.show();
  });
}
