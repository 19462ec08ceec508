// "Gist: Remove Unused API Keys…": the keys in the keychain that no profile sends (their profile
// was removed or renamed, or names another service than the key was checked with), listed with
// why, all picked; the picked ones are removed. A key is never shown, only its profile and service.
import * as vscode from 'vscode';
import { logValue } from '../shared/oneLine';
import type { Logger } from '../shared/logger';
import type { KeyStore } from './keyStore';
import type { UnusedKey } from './storedKey';
import { labelText } from '../shared/inertText';
import { showInformation } from '../shared/notify';
import { userMessage } from '../shared/userMessage';

/** What the command returns for each key it removed (never the key). */
export interface RemovedKey {
  /** The profile it was stored for; undefined for the first profile's. */
  readonly profile: string | undefined;
  readonly reason: UnusedKey['reason'];
  /** The service it was checked with; '' when unknown. */
  readonly service: string;
}

interface Item extends vscode.QuickPickItem {
  readonly unused: UnusedKey;
}

function removeAll(args: unknown): boolean {
  return typeof args === 'object' && args !== null && 'all' in args && args.all === true;
}

function item(unused: UnusedKey): Item {
  const name = unused.profile ?? vscode.l10n.t('the profile of gist.baseUrl');
  const service = unused.boundTo.baseUrl === '' ? vscode.l10n.t('a service not known') : unused.boundTo.baseUrl;
  return {
    label: labelText(name, 100),
    description: unused.reason === 'profileGone' ? vscode.l10n.t('no profile has this name now') : vscode.l10n.t('the profile names another service now'),
    detail: vscode.l10n.t('Checked with {0}', labelText(service, 200)),
    picked: true,
    unused,
  };
}

export async function removeUnusedKeys(keyStore: KeyStore, args: unknown, logger: Logger): Promise<RemovedKey[]> {
  const unused = await keyStore.unused();
  if (unused.length === 0) {
    if (!removeAll(args)) {
      void showInformation(userMessage(vscode.l10n.t('No unused API keys are stored: every key belongs to a profile and its service.')));
    }
    return [];
  }
  let chosen: readonly UnusedKey[] = unused;
  if (!removeAll(args)) {
    const picked = await vscode.window.showQuickPick(unused.map(item), {
      title: vscode.l10n.t('Gist: Remove Unused API Keys'),
      placeHolder: vscode.l10n.t('These keys are never sent. Remove the picked ones from the system keychain.'),
      canPickMany: true,
      ignoreFocusOut: true,
    });
    if (picked === undefined || picked.length === 0) {
      return [];
    }
    chosen = picked.map((one) => one.unused);
  }
  const removed: RemovedKey[] = [];
  for (const one of chosen) {
    await keyStore.delete(one.secret);
    logger.info(`Removed the unused API key of ${one.profile === undefined ? 'the first profile' : `profile ${logValue(one.profile)}`} (${one.reason === 'profileGone' ? 'the profile is gone' : 'the profile names another service now'}), checked with ${one.boundTo.baseUrl === '' ? 'an unknown service' : logValue(one.boundTo.baseUrl)}`);
    removed.push({ profile: one.profile, reason: one.reason, service: one.boundTo.baseUrl });
  }
  if (!removeAll(args)) {
    void showInformation(userMessage(removed.length === 1 ? vscode.l10n.t('Removed 1 unused API key from the system keychain.') : vscode.l10n.t('Removed {0} unused API keys from the system keychain.'), removed.length));
  }
  return removed;
}
