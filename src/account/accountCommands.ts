// Small account and log commands: sign out, refresh, copy the last call id, service URL.
import * as vscode from 'vscode';
import type { Account } from './account';
import type { KeyStore } from './keyStore';
import type { Logger } from '../shared/logger';
import { promptForBaseUrl } from './baseUrlPrompt';
import type { Settings } from '../shared/settings';
import type { ExtensionState } from '../shared/state';

export async function signOut(keyStore: KeyStore, account: Account, logger: Logger): Promise<void> {
  await keyStore.delete();
  logger.info('Signed out: API key removed');
  await account.refresh();
  void vscode.window.showInformationMessage(vscode.l10n.t('Signed out of the gist service. The API key was removed.'));
}

export async function refreshAccount(account: Account): Promise<void> {
  await account.refresh();
}

export async function copyLastCallId(state: ExtensionState): Promise<string | undefined> {
  const callId = state.current.lastCallId;
  if (callId === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No gist has been generated yet, so there is no call id to copy.'));
    return undefined;
  }
  await vscode.env.clipboard.writeText(callId);
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied call id {0}', callId), 3000);
  return callId;
}

export async function setBaseUrl(settings: Settings, account: Account): Promise<string | undefined> {
  const url = await promptForBaseUrl(settings);
  if (url !== undefined) {
    await account.refresh();
  }
  return url;
}
