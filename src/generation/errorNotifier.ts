// Shows a failure as one sentence with the buttons that fix it. Never awaited by the command
// that failed, so commands return at once (and tests never wait on a notification).
import * as vscode from 'vscode';
import { CommandIds } from '../shared/commandIds';
import { showError, showWarning } from '../shared/notify';
import { userMessage, type UserMessage } from '../shared/userMessage';
import type { GistError, GistErrorKind, GistRemedy } from '../client/errors';
import { errorActions, type ErrorAction } from './errorActions';

export interface NotifyOptions {
  /** Offered as "Retry" when the error's remedy is to retry. */
  readonly retry?: () => unknown;
  /** Replaces the default "Show Log" action, and `logLabel` its label (the diagnosis says "Open Log"). */
  readonly showLog?: () => unknown;
  readonly logLabel?: string;
  /** Default true: offer "Diagnose Connection" for network failures and time-outs. */
  readonly offerDiagnosis?: boolean;
}

/** The buttons `notifyFailure` shows for this failure, in order. */
function actionsFor(kind: GistErrorKind, remedy: GistRemedy, options: NotifyOptions): ErrorAction[] {
  return errorActions({ kind, remedy, canRetry: options.retry !== undefined, canDiagnose: options.offerDiagnosis ?? true });
}

function label(action: ErrorAction, options: NotifyOptions): string {
  // A table, not a switch: the type makes it name every action.
  const labels: Record<ErrorAction, string> = {
    setApiKey: vscode.l10n.t('Set API Key'),
    setBaseUrl: vscode.l10n.t('Set Service URL'),
    openSettings: vscode.l10n.t('Open Settings'),
    retry: vscode.l10n.t('Retry'),
    diagnose: vscode.l10n.t('Diagnose Connection'),
    showLog: options.logLabel ?? vscode.l10n.t('Show Log'),
  };
  return labels[action];
}

function run(action: ErrorAction, options: NotifyOptions): unknown {
  switch (action) {
    case 'setApiKey':
      return vscode.commands.executeCommand(CommandIds.setApiKey);
    case 'setBaseUrl':
      return vscode.commands.executeCommand(CommandIds.setBaseUrl);
    case 'openSettings':
      return vscode.commands.executeCommand('workbench.action.openSettings', 'gist.');
    case 'retry':
      return options.retry?.();
    case 'diagnose':
      return vscode.commands.executeCommand(CommandIds.diagnoseConnection);
    case 'showLog':
      return options.showLog !== undefined ? options.showLog() : vscode.commands.executeCommand(CommandIds.showLog);
  }
}

/** Shows `message` with the buttons for `remedy` and returns them; rate limiting is a warning, the rest errors. */
export function notifyFailure(message: UserMessage, kind: GistErrorKind, remedy: GistRemedy, options: NotifyOptions = {}): ErrorAction[] {
  const actions = actionsFor(kind, remedy, options);
  const labels = new Map(actions.map((action) => [label(action, options), action]));
  const show = kind === 'rateLimited' ? showWarning : showError;
  void Promise.resolve(show(message, ...labels.keys())).then((choice) => {
    const action = choice === undefined ? undefined : labels.get(choice);
    if (action !== undefined) {
      void run(action, options);
    }
  });
  return actions;
}

/** An error's message holds the service's text: it goes in as an outside value, whole. */
export function notifyError(error: GistError, options: NotifyOptions = {}): ErrorAction[] {
  return notifyFailure(userMessage('{0}', error.message), error.kind, error.remedy, options);
}
