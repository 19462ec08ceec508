// In Restricted Mode the workspace's gists are not offered; the gist picker says why, and the
// item opens the Workspace Trust editor, where the user can trust the folder.
import * as vscode from 'vscode';
import type { Catalog } from './catalog';

export const MANAGE_TRUST_COMMAND = 'workbench.trust.manage';

export interface NoticeItem extends vscode.QuickPickItem {
  /** Run when the item is accepted, instead of picking a gist. */
  readonly command: string;
}

export function restrictedModeNotice(catalog: Catalog): NoticeItem[] {
  if (catalog.restricted !== true) {
    return [];
  }
  return [
    {
      label: `$(shield) ${vscode.l10n.t('Workspace gists are off in Restricted Mode')}`,
      detail: vscode.l10n.t('This folder is not trusted, so its .vscode/gists.json and workspace gist.gists are not used. Select to manage Workspace Trust.'),
      alwaysShow: true,
      command: MANAGE_TRUST_COMMAND,
    },
  ];
}
