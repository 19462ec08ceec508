// Which of the lab's webviews are loading their page: from when one is shown (its page is loaded
// anew each time, none keeping its context while hidden) until its script says it is ready. The
// tests close or hide no webview while it loads: in VS Code 1.100's web workbench every webview
// registers a service worker of its own, and one whose page goes while a file of it is on the way
// keeps the next webview's worker from taking over until that request times out, 30 s later.
import type * as vscode from 'vscode';

/** What is followed of a webview panel: whether it is shown, and when that changes. */
export type ShownPanel = Pick<vscode.WebviewPanel, 'visible' | 'onDidChangeViewState'>;

/** One panel's part: `ready` when its script said so, `dispose` with the panel. */
export interface WebviewLoad extends vscode.Disposable {
  ready(): void;
  /** True while its page is shown and its script has said it is ready (hidden, the page is gone). */
  readonly isReady: boolean;
}

export class WebviewLoads {
  private readonly loading = new Set<ShownPanel>();
  private discardedLoading = 0;

  /** How many followed webviews are shown and not ready yet, and how many were closed or hidden so (their page discarded). */
  get counts(): { readonly loading: number; readonly discardedWhileLoading: number } {
    return { loading: this.loading.size, discardedWhileLoading: this.discardedLoading };
  }

  /** Follows `panel`, whose page was just set. */
  follow(panel: ShownPanel): WebviewLoad {
    let visible = panel.visible;
    if (visible) this.loading.add(panel);
    const subscription = panel.onDidChangeViewState(() => {
      // Only a change of visibility counts: a shown panel that becomes active loads nothing again.
      if (panel.visible === visible) return;
      visible = panel.visible;
      if (visible) this.loading.add(panel);
      else if (this.loading.delete(panel)) this.discardedLoading++;
    });
    const loading = this.loading;
    return {
      ready: () => this.loading.delete(panel),
      get isReady() {
        return visible && !loading.has(panel);
      },
      dispose: () => {
        subscription.dispose();
        if (this.loading.delete(panel)) this.discardedLoading++;
      },
    };
  }
}
