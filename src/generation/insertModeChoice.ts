// The insert mode for one call: how a mode is shown in the gist step's button ("Insert at cursor ▸"), and its picker.
import * as vscode from 'vscode';
import type { MultiStepInput } from '../shared/multiStepInput';
import { INSERT_MODES, type InsertMode } from './insertMode';

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

/** The insert mode for this call, picked inside the flow, so focus stays in a quick input. */
export async function askInsertMode(input: MultiStepInput, totalSteps: number, current: InsertMode | undefined): Promise<InsertMode | undefined> {
  if (current === undefined) {
    return undefined;
  }
  const items = INSERT_MODES.map((mode) => ({
    label: `$(${insertModeIcon(mode).id}) ${insertModeLabel(mode)}`,
    description: mode === current ? vscode.l10n.t('current') : undefined,
    mode,
  }));
  const picked = await input.showQuickPick({
    title: vscode.l10n.t('Where the generated text goes (this call only)'),
    totalSteps,
    placeholder: vscode.l10n.t('Change the default with the gist.insertMode setting'),
    items,
    activeItem: items.find((item) => item.mode === current),
  });
  return picked.kind === 'item' ? picked.item.mode : current;
}
