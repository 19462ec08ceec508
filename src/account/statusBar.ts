// Renders the one status bar item from the extension state.
import * as vscode from 'vscode';
import { CommandIds } from '../shared/commandIds';
import { FEEDBACK_DELAY_MS } from '../shared/limits';
import type { AccountSnapshot } from '../shared/accountStatus';
import { statusView, type StatusView } from './statusView';
import type { ExtensionState } from '../shared/state';

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('gist.account', vscode.StatusBarAlignment.Right, 100);
  private readonly subscription: vscode.Disposable;
  private view: StatusView | undefined;
  /** Set while generations have been running for FEEDBACK_DELAY_MS. */
  private spinning = false;
  private spinnerTimer: ReturnType<typeof setTimeout> | undefined;
  private firstRender: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly state: ExtensionState) {
    this.item.name = vscode.l10n.t('Gist Generate Account');
    this.subscription = state.onDidChange((snapshot) => this.show(snapshot));
    // The first render reads the profiles from the settings: just after activate(), not on its path.
    this.firstRender = setTimeout(() => this.show(state.current), 0);
  }

  /** What the item shows now, for tests. */
  get current(): StatusView {
    return this.view ?? this.render(this.state.current);
  }

  private show(snapshot: AccountSnapshot): void {
    clearTimeout(this.firstRender);
    if (snapshot.generating === 0) {
      clearTimeout(this.spinnerTimer);
      this.spinnerTimer = undefined;
      this.spinning = false;
    } else if (!this.spinning) {
      this.spinnerTimer ??= setTimeout(() => {
        this.spinnerTimer = undefined;
        this.spinning = true;
        this.show(this.state.current);
      }, FEEDBACK_DELAY_MS);
    }
    this.apply(this.render(snapshot));
    if (this.firstRender !== undefined) {
      this.firstRender = undefined;
      this.item.show();
    }
  }

  /** The view of `snapshot`, without the spinner until the generations have run for FEEDBACK_DELAY_MS. */
  private render(snapshot: AccountSnapshot): StatusView {
    const shown = this.spinning || snapshot.generating === 0 ? snapshot : { ...snapshot, generating: 0 };
    return statusView(shown, { setApiKey: CommandIds.setApiKey, menu: CommandIds.statusBarMenu, diagnose: CommandIds.diagnoseConnection }, (message, ...args) =>
      vscode.l10n.t(message, ...args),
    );
  }

  /** Puts the view on the item; an unchanged view is not sent to the workbench again. */
  private apply(view: StatusView): void {
    if (this.view !== undefined && JSON.stringify(this.view) === JSON.stringify(view)) {
      return;
    }
    this.view = view;
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
  }

  dispose(): void {
    clearTimeout(this.spinnerTimer);
    clearTimeout(this.firstRender);
    this.subscription.dispose();
    this.item.dispose();
  }
}
