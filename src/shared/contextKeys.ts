// Context keys for `when` clauses, so commands show only where they can work.
import * as vscode from 'vscode';
import type { ExtensionState } from './state';

export function bindContextKeys(state: ExtensionState): vscode.Disposable {
  let signedIn: boolean | undefined;
  let hasLastCallId: boolean | undefined;
  const apply = (): void => {
    const snapshot = state.current;
    const nowSignedIn = snapshot.status.kind === 'signedIn';
    const nowHasLastCallId = snapshot.lastCallId !== undefined;
    if (nowSignedIn !== signedIn) {
      signedIn = nowSignedIn;
      void vscode.commands.executeCommand('setContext', 'gist.signedIn', nowSignedIn);
    }
    if (nowHasLastCallId !== hasLastCallId) {
      hasLastCallId = nowHasLastCallId;
      void vscode.commands.executeCommand('setContext', 'gist.hasLastCallId', nowHasLastCallId);
    }
  };
  apply();
  return state.onDidChange(apply);
}
