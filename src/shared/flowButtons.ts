// The multi-step input's own title-bar buttons, each with a keybinding: VS Code's quick input
// does not put title-bar buttons in its Tab order, so without one a keyboard user cannot reach them.
import type * as vscode from 'vscode';

export type FlowButtonId = 'insertMode' | 'editInEditor';

export interface FlowButton extends vscode.QuickInputButton {
  readonly id: FlowButtonId;
}

/** The keys as package.json binds them, for the tooltip (the same on every platform). */
const KEYS: Record<FlowButtonId, string> = {
  insertMode: 'Ctrl+Alt+M',
  editInEditor: 'Ctrl+Alt+E',
};

export function flowButton(id: FlowButtonId, iconPath: vscode.ThemeIcon, tooltip: string): FlowButton {
  return { id, iconPath, tooltip: `${tooltip} (${KEYS[id]})` };
}

export function isFlowButton(button: vscode.QuickInputButton): button is FlowButton {
  return typeof (button as Partial<FlowButton>).id === 'string';
}
