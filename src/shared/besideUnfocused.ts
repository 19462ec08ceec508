// What a task opens on its own (a run's results as they arrive, a test run's saved results) opens
// beside the editor the user is in and leaves the keyboard where it is: opened in that editor's
// group, it covered the editor, and the keys typed after it went to the page's body, lost.
import * as vscode from 'vscode';

/**
 * Opens `file` in the custom editor `viewType` beside the active editor, focus left where it is.
 * A tab of that editor on `file` already open stays where the user put it; an empty group has
 * nothing to cover, so the editor opens there rather than beside it.
 */
export function openBesideUnfocused(file: vscode.Uri, viewType: string): void {
  const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs);
  if (tabs.some((tab) => tab.input instanceof vscode.TabInputCustom && tab.input.viewType === viewType && tab.input.uri.toString() === file.toString())) return;
  const viewColumn = vscode.window.tabGroups.activeTabGroup.tabs.length === 0 ? vscode.ViewColumn.Active : vscode.ViewColumn.Beside;
  void vscode.commands.executeCommand('vscode.openWith', file, viewType, { preview: false, preserveFocus: true, viewColumn });
}
