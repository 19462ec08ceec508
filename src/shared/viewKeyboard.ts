// A command run from the Command Palette over one of the extension's webviews: VS Code closes the
// palette and hands the view the keyboard back, to its outer frame at once and to the page inside
// 50 ms later, through a message (the workbench's webview focus delayer). An input or a modal the
// command shows in between loses the keyboard to the view as soon as it is shown: what the user
// types goes to the view, and the input closes. So every command first waits until such a view has
// the keyboard back, which the view reports (webview/keyboardReport.ts).
//
// A view is waited for only when it lost the keyboard right after a key pressed in it (the
// palette's shortcut) and is still the active editor; one left with the mouse is not. Bounded: a
// view left by a key for another part (Ctrl+` to the terminal) never gets it back, and the first
// command after that waits once, MAX_WAIT_MS. Pure: `vscode` only as types.
import type * as vscode from 'vscode';
import type { KeyboardReport } from './keyboardReport';

/** What is followed of a webview panel: whether it is the active editor, and when that changes. */
export type KeyboardPanel = Pick<vscode.WebviewPanel, 'active' | 'onDidChangeViewState'>;

/** One panel's part: its webview's reports go to `report`; disposed with the panel. */
export interface FollowedKeyboard extends vscode.Disposable {
  report(report: KeyboardReport): void;
}

const MAX_WAIT_MS = 1000;

interface FollowedView {
  readonly panel: KeyboardPanel;
  /** Lost the keyboard to a key pressed in it and has not had it back (nor been waited for in vain). */
  awaitsKeyboard: boolean;
  /** Waits to end when the view has the keyboard back or is gone. */
  readonly waits: Set<() => void>;
}

export class ViewKeyboard {
  private readonly views = new Set<FollowedView>();

  constructor(private readonly maxWaitMs = MAX_WAIT_MS) {}

  follow(panel: KeyboardPanel): FollowedKeyboard {
    const view: FollowedView = { panel, awaitsKeyboard: false, waits: new Set() };
    this.views.add(view);
    const endWaits = (): void => {
      for (const end of [...view.waits]) end();
    };
    return {
      report: (report) => {
        view.awaitsKeyboard = !report.focused && report.afterKey;
        if (report.focused) endWaits();
      },
      dispose: () => {
        this.views.delete(view);
        view.awaitsKeyboard = false;
        endWaits();
      },
    };
  }

  /**
   * Undefined when no view of the active editor is about to get the keyboard back: run at once.
   * Else a promise that resolves when it has it, stops being the active editor, or is gone, and at
   * the latest after maxWaitMs.
   */
  returning(): Promise<void> | undefined {
    const view = [...this.views].find((candidate) => candidate.awaitsKeyboard && candidate.panel.active);
    if (view === undefined) return undefined;
    return new Promise<void>((resolve) => {
      const end = (): void => {
        clearTimeout(timer);
        subscription.dispose();
        view.waits.delete(end);
        resolve();
      };
      const timer = setTimeout(() => {
        // It went elsewhere for good: the next command does not wait for it again.
        view.awaitsKeyboard = false;
        end();
      }, this.maxWaitMs);
      const subscription = view.panel.onDidChangeViewState(() => {
        if (!view.panel.active) end();
      });
      view.waits.add(end);
    });
  }

  /** Runs `handler` once no view is about to get the keyboard back (see returning). */
  whenSettled<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R | Promise<R> {
    return (...args: A) => {
      const returning = this.returning();
      return returning === undefined ? handler(...args) : returning.then(() => handler(...args));
    };
  }
}
