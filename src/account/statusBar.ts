// Renders the one status bar item from the extension state.
import * as vscode from 'vscode';
import { CommandIds } from '../shared/commandIds';
import type { AccountSnapshot } from '../shared/accountStatus';
import { statusView, type StatusView } from './statusView';
import type { ExtensionState } from '../shared/state';

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('gist.account', vscode.StatusBarAlignment.Right, 100);
  private readonly subscription: vscode.Disposable;
  private view: StatusView;

  constructor(state: ExtensionState) {
    this.item.name = vscode.l10n.t('Gist Generate Account');
    this.view = this.render(state.current);
    this.subscription = state.onDidChange((snapshot) => (this.view = this.render(snapshot)));
    this.item.show();
  }

  /** What the item shows now, for tests. */
  get current(): StatusView {
    return this.view;
  }

  private render(snapshot: AccountSnapshot): StatusView {
    const view = statusView(snapshot, { setApiKey: CommandIds.setApiKey, menu: CommandIds.statusBarMenu, diagnose: CommandIds.diagnoseConnection }, (message, ...args) =>
      vscode.l10n.t(message, ...args),
    );
    // Outside text in the tooltip is escaped; only the commands of its own links may run, and
    // neither HTML nor `$(icon)` syntax is interpreted.
    const tooltip = new vscode.MarkdownString(view.tooltip, false);
    tooltip.supportHtml = false;
    tooltip.isTrusted = view.tooltipCommands.length === 0 ? false : { enabledCommands: [...view.tooltipCommands] };
    this.item.text = view.text;
    this.item.tooltip = tooltip;
    this.item.command = view.command;
    this.item.backgroundColor =
      view.background === undefined ? undefined : new vscode.ThemeColor(`statusBarItem.${view.background}Background`);
    this.item.accessibilityInformation = { label: view.text.replace(/\$\([^)]*\)\s*/g, '') };
    return view;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
