// Shows a failure as one sentence with the buttons that fix it. Never awaited by the command
// that failed, so commands return at once (and tests never wait on a notification).
import * as vscode from 'vscode';
import { CommandIds } from './commandIds';
import type { GistError } from './client/errors';

export interface NotifyOptions {
  /** Offered as "Retry" when the error's remedy is to retry. */
  readonly retry?: () => unknown;
}

export function notifyError(error: GistError, options: NotifyOptions = {}): void {
  const actions = new Map<string, () => unknown>();
  switch (error.remedy) {
    case 'setApiKey':
      actions.set(vscode.l10n.t('Set API Key'), () => vscode.commands.executeCommand(CommandIds.setApiKey));
      break;
    case 'setBaseUrl':
      actions.set(vscode.l10n.t('Set Service URL'), () => vscode.commands.executeCommand(CommandIds.setBaseUrl));
      break;
    case 'openSettings':
      actions.set(vscode.l10n.t('Open Settings'), () => vscode.commands.executeCommand('workbench.action.openSettings', 'gist.'));
      break;
    case 'retry':
      if (options.retry !== undefined) {
        actions.set(vscode.l10n.t('Retry'), options.retry);
      }
      break;
    case 'openLog':
    case 'none':
      break;
  }
  actions.set(vscode.l10n.t('Show Log'), () => vscode.commands.executeCommand(CommandIds.showLog));
  const show = error.kind === 'rateLimited' ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
  void Promise.resolve(show(error.message, ...actions.keys())).then((choice) => {
    if (choice !== undefined) {
      void actions.get(choice)?.();
    }
  });
}
