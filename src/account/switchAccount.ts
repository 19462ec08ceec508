// The quick pick behind "Gist: Switch Account…": every profile with whom it is signed in as, then
// "Add Profile…", "Edit Profiles in Settings" and, when there are any, "Remove Unused API Keys…".
import * as vscode from 'vscode';
import { labelText } from '../shared/inertText';
import type { AccountStatus } from '../shared/accountStatus';
import type { Profile } from './profileList';

export type AccountChoice = { readonly kind: 'profile'; readonly profile: Profile } | { readonly kind: 'add' } | { readonly kind: 'edit' } | { readonly kind: 'removeUnused' };

export interface ProfileRow {
  readonly profile: Profile;
  readonly status: AccountStatus;
  /** The profile this window uses. */
  readonly active: boolean;
}

interface Item extends vscode.QuickPickItem {
  readonly choice?: AccountChoice;
}

function statusText(status: AccountStatus): string {
  switch (status.kind) {
    case 'signedIn':
      return `$(account) ${labelText(status.user.name, 100)}`;
    case 'signedOut':
      return vscode.l10n.t('Not signed in');
    case 'checking':
      return vscode.l10n.t('Checking…');
    case 'error':
      return `$(warning) ${labelText(status.message, 120)}`;
  }
}

/** What was picked, and `close`, to call once whatever follows it is on screen (or when nothing follows). */
export interface PickedAccount {
  readonly choice: AccountChoice | undefined;
  readonly close: () => void;
}

/**
 * Shows the accounts. Once one is picked the list stays on screen, busy, until the next input
 * replaces it (the key of a profile not signed in, the steps of "Add Profile…") or `close` is
 * called: so keyboard focus never falls back to the editor between the two.
 */
export function pickAccount(rows: readonly ProfileRow[], title: string, unusedKeys = 0): Promise<PickedAccount> {
  const profileItems: Item[] = rows.map(({ profile, status, active }) => ({
    label: active ? `$(check) ${labelText(profile.name)}` : labelText(profile.name),
    description: profile.baseUrl === '' ? vscode.l10n.t('no service URL yet') : labelText(profile.baseUrl),
    detail: active ? `${statusText(status)} · ${vscode.l10n.t('this window')}` : statusText(status),
    choice: { kind: 'profile', profile },
  }));
  const items: Item[] = [
    ...profileItems,
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: `$(add) ${vscode.l10n.t('Add Profile…')}`, detail: vscode.l10n.t('Another service, or another account on one'), choice: { kind: 'add' } },
    { label: `$(settings-gear) ${vscode.l10n.t('Edit Profiles in Settings')}`, choice: { kind: 'edit' } },
    ...(unusedKeys === 0
      ? []
      : [
          {
            label: `$(trash) ${vscode.l10n.t('Remove Unused API Keys…')}`,
            detail: unusedKeys === 1 ? vscode.l10n.t('1 stored key is never sent: its profile is gone, or names another service now') : vscode.l10n.t('{0} stored keys are never sent: their profile is gone, or names another service now', unusedKeys),
            choice: { kind: 'removeUnused' } as const,
          },
        ]),
  ];
  const picker = vscode.window.createQuickPick<Item>();
  picker.title = title;
  picker.placeholder = vscode.l10n.t('The account this window uses for gist calls');
  picker.matchOnDescription = true;
  picker.ignoreFocusOut = true;
  picker.items = items;
  const active = profileItems[rows.findIndex((row) => row.active)];
  if (active !== undefined) {
    picker.activeItems = [active];
  }
  const close = (): void => picker.dispose();
  return new Promise<PickedAccount>((resolve) => {
    picker.onDidAccept(() => {
      const choice = picker.activeItems[0]?.choice;
      if (choice !== undefined) {
        picker.busy = true;
        resolve({ choice, close });
      }
    });
    // Escape, or the next input taking its place.
    picker.onDidHide(() => {
      resolve({ choice: undefined, close });
      picker.dispose();
    });
    picker.show();
  });
}
