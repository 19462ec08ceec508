// How an insert mode is shown: in the gist step's button ("Insert at cursor ▸") and its picker.
import * as vscode from 'vscode';
import type { InsertMode } from './insertMode';

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
