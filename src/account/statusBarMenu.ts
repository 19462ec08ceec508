// The status bar item's click menu: the account's commands in one place.
import * as vscode from 'vscode';
import { CommandIds } from '../shared/commandIds';
import { labelText, plainText } from '../shared/inertText';
import { pickThen } from '../shared/pickThen';
import type { ExtensionState } from '../shared/state';

interface MenuItem extends vscode.QuickPickItem {
  readonly command: string;
  /** The command asks something first: the menu stays on screen until its input replaces it (see pickThen). */
  readonly asks?: true;
}

export async function showStatusBarMenu(state: ExtensionState): Promise<void> {
  const snapshot = state.current;
  const items: MenuItem[] = [
    { label: `$(sparkle) ${vscode.l10n.t('Generate at Cursor…')}`, command: CommandIds.generate, asks: true },
    { label: `$(split-horizontal) ${vscode.l10n.t('Compare Variants…')}`, command: CommandIds.compareVariants, asks: true },
  ];
  if (snapshot.lastCallId !== undefined) {
    items.push({ label: `$(copy) ${vscode.l10n.t('Copy Last Call ID')}`, description: labelText(snapshot.lastCallId, 100), command: CommandIds.copyLastCallId });
  }
  items.push(
    { label: `$(output) ${vscode.l10n.t('Show Call Log')}`, command: CommandIds.showLog },
    { label: `$(refresh) ${vscode.l10n.t('Refresh Account')}`, command: CommandIds.refreshAccount },
    // The profile in use is named only when there is a choice.
    { label: `$(arrow-swap) ${vscode.l10n.t('Switch Account…')}`, description: snapshot.profiles.length > 1 ? labelText(snapshot.profile, 100) : undefined, command: CommandIds.switchAccount, asks: true },
    { label: `$(key) ${vscode.l10n.t('Set API Key…')}`, command: CommandIds.setApiKey, asks: true },
    { label: `$(globe) ${vscode.l10n.t('Set Service URL…')}`, description: labelText(snapshot.baseUrl), command: CommandIds.setBaseUrl, asks: true },
    { label: `$(pulse) ${vscode.l10n.t('Diagnose Connection')}`, command: CommandIds.diagnoseConnection },
  );
  if (snapshot.status.kind !== 'signedOut') {
    items.push({ label: `$(sign-out) ${vscode.l10n.t('Sign Out')}`, command: CommandIds.signOut });
  }
  const title = snapshot.status.kind === 'signedIn' ? plainText(snapshot.status.user.name, 100) : vscode.l10n.t('Gist Generate');
  // A command that asks replaces the menu on screen; one that asks nothing runs once the menu is gone.
  const runAfter = await pickThen(items, { title, placeholder: vscode.l10n.t('Gist Generate') }, async (picked) => {
    if (picked.asks !== true) return picked.command;
    await vscode.commands.executeCommand(picked.command);
    return undefined;
  });
  if (runAfter !== undefined) await vscode.commands.executeCommand(runAfter);
}
