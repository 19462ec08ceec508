// The status bar item's click menu: the account's commands in one place.
import * as vscode from 'vscode';
import { CommandIds } from '../shared/commandIds';
import { labelText, plainText } from '../shared/inertText';
import type { ExtensionState } from '../shared/state';

interface MenuItem extends vscode.QuickPickItem {
  readonly command: string;
}

export async function showStatusBarMenu(state: ExtensionState): Promise<void> {
  const snapshot = state.current;
  const items: MenuItem[] = [
    { label: `$(sparkle) ${vscode.l10n.t('Generate at Cursor…')}`, command: CommandIds.generate },
    { label: `$(split-horizontal) ${vscode.l10n.t('Compare Variants…')}`, command: CommandIds.compareVariants },
  ];
  if (snapshot.lastCallId !== undefined) {
    items.push({ label: `$(copy) ${vscode.l10n.t('Copy Last Call ID')}`, description: labelText(snapshot.lastCallId, 100), command: CommandIds.copyLastCallId });
  }
  items.push(
    { label: `$(output) ${vscode.l10n.t('Show Call Log')}`, command: CommandIds.showLog },
    { label: `$(refresh) ${vscode.l10n.t('Refresh Account')}`, command: CommandIds.refreshAccount },
    // The profile in use is named only when there is a choice.
    { label: `$(arrow-swap) ${vscode.l10n.t('Switch Account…')}`, description: snapshot.profiles.length > 1 ? labelText(snapshot.profile, 100) : undefined, command: CommandIds.switchAccount },
    { label: `$(key) ${vscode.l10n.t('Set API Key…')}`, command: CommandIds.setApiKey },
    { label: `$(globe) ${vscode.l10n.t('Set Service URL…')}`, description: labelText(snapshot.baseUrl), command: CommandIds.setBaseUrl },
    { label: `$(pulse) ${vscode.l10n.t('Diagnose Connection')}`, command: CommandIds.diagnoseConnection },
  );
  if (snapshot.status.kind !== 'signedOut') {
    items.push({ label: `$(sign-out) ${vscode.l10n.t('Sign Out')}`, command: CommandIds.signOut });
  }
  const title = snapshot.status.kind === 'signedIn' ? plainText(snapshot.status.user.name, 100) : vscode.l10n.t('Gist Generate');
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Gist Generate') });
  if (picked !== undefined) {
    await vscode.commands.executeCommand(picked.command);
  }
}
