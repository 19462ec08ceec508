// The insert mode for one call, changed from the gist picker's button ("Insert at cursor ▸").
import * as vscode from 'vscode';
import { INSERT_MODES, type InsertMode } from '../core/insertMode';

export function insertModeLabel(mode: InsertMode): string {
  switch (mode) {
    case 'cursor':
      return vscode.l10n.t('Insert at cursor');
    case 'replaceSelection':
      return vscode.l10n.t('Replace selection (or line)');
    case 'newDocument':
      return vscode.l10n.t('Open in a new document');
    case 'appendToEnd':
      return vscode.l10n.t('Append to the end of the document');
    case 'clipboard':
      return vscode.l10n.t('Copy to the clipboard');
  }
}

const ICONS: Record<InsertMode, string> = {
  cursor: 'insert',
  replaceSelection: 'replace',
  newDocument: 'new-file',
  appendToEnd: 'fold-down',
  clipboard: 'copy',
};

export function insertModeIcon(mode: InsertMode): vscode.ThemeIcon {
  return new vscode.ThemeIcon(ICONS[mode]);
}

/** Undefined when the user pressed Escape (the mode stays as it was). */
export async function pickInsertMode(current: InsertMode): Promise<InsertMode | undefined> {
  const items = INSERT_MODES.map((mode) => ({
    label: `$(${ICONS[mode]}) ${insertModeLabel(mode)}`,
    description: mode === current ? vscode.l10n.t('current') : undefined,
    mode,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Where the generated text goes (this call only)'),
    placeHolder: vscode.l10n.t('Change the default with the gist.insertMode setting'),
  });
  return picked?.mode;
}
