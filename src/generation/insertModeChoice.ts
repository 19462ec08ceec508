// The insert mode for one call: how a mode is shown in the gist step's button ("Insert at cursor ▸"), and its picker.
import * as vscode from 'vscode';
import type { MultiStepInput } from '../shared/multiStepInput';
import { INSERT_MODES, type InsertMode } from './insertMode';
import { INSERT_MODE_FACES } from './insertModes';

export function insertModeLabel(mode: InsertMode): string {
  return INSERT_MODE_FACES[mode].label();
}

export function insertModeIcon(mode: InsertMode): vscode.ThemeIcon {
  return new vscode.ThemeIcon(INSERT_MODE_FACES[mode].icon);
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
