// The lab's commands that send a workspace's data with the user's key are not available in
// Restricted Mode: one refusal, saying why, with the way to trust the folder.
import * as vscode from 'vscode';
import { showWarning } from '../shared/notify';
import type { UserMessage } from '../shared/userMessage';

/** True (after saying `why`, with Manage Workspace Trust) when the workspace is not trusted. */
export async function refusedInRestrictedMode(why: UserMessage): Promise<boolean> {
  if (vscode.workspace.isTrusted) return false;
  const manage = vscode.l10n.t('Manage Workspace Trust');
  const choice = await showWarning(why, manage);
  if (choice === manage) await vscode.commands.executeCommand('workbench.trust.manage');
  return true;
}
