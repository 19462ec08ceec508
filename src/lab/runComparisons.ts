// The comparisons of this window: "Compare with an Earlier Run…" opens both files, says why when
// they cannot be compared, and shows a ComparisonPanel (one per pair of files: asking again shows
// the open one). And the pick of the other run: the workspace's results files, newest first, or
// any file through a dialog.
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { RESULTS_SUFFIX } from '../runs/resultsFormat';
import { showError } from '../shared/notify';
import { pickThen } from '../shared/pickThen';
import { userMessage } from '../shared/userMessage';
import { openComparison } from './comparisonFiles';
import { ComparisonPanel, type ComparisonPanelDeps } from './comparisonPanel';
import { runNameInPickTitle, runRow } from './comparisonText';
import type { ChangeCounts } from './runComparison';

/** What the command returns: the comparison's counts, or why the two files cannot be compared. */
export type ComparisonOutcome =
  | { readonly compared: true; readonly earlier: string; readonly later: string; readonly total: ChangeCounts }
  | { readonly compared: false; readonly reason: string; readonly message: string };

/** Results files the pick lists at most (the newest). */
const MAX_LISTED_RUNS = 200;

export class RunComparisons implements vscode.Disposable {
  private readonly panels = new Map<string, ComparisonPanel>();
  latest: ComparisonPanel | undefined;

  constructor(private readonly deps: ComparisonPanelDeps) {}

  async open(first: vscode.Uri, second: vscode.Uri): Promise<ComparisonOutcome> {
    const opening = await openComparison(first.fsPath, second.fsPath);
    if (!opening.ok) {
      void showError(userMessage(vscode.l10n.t('These two runs cannot be compared: {0}'), opening.refusal.message));
      return { compared: false, reason: opening.refusal.kind, message: opening.refusal.message };
    }
    const { earlier, later, comparison } = opening.opened;
    const key = `${earlier.path}\u0000${later.path}`;
    const open = this.panels.get(key);
    if (open !== undefined) {
      // Asked again: the files as they are now, in the view already open.
      open.showAgain(opening.opened);
      this.latest = open;
      return { compared: true, earlier: earlier.path, later: later.path, total: comparison.total };
    }
    const panel = ComparisonPanel.show(opening.opened, this.deps);
    this.panels.set(key, panel);
    this.latest = panel;
    panel.onDidDispose(() => {
      if (this.panels.get(key) === panel) this.panels.delete(key);
      if (this.latest === panel) this.latest = undefined;
    });
    return { compared: true, earlier: earlier.path, later: later.path, total: comparison.total };
  }

  dispose(): void {
    for (const panel of [...this.panels.values()]) panel.dispose();
    this.panels.clear();
  }
}

type RunItem = vscode.QuickPickItem & { readonly uri?: vscode.Uri };

/**
 * The other run: a results file of the workspace (newest first, not `results` itself), or one
 * picked in a dialog. The pick shows at once, busy while the files are listed, and stays on screen
 * until the dialog replaces it (see pickThen): run from the palette over the results view, a pick
 * or dialog shown as VS Code gives that webview its deferred focus lost the keyboard to the view.
 */
export async function pickOtherRun(results: vscode.Uri): Promise<vscode.Uri | undefined> {
  return pickThen(
    otherRuns(results),
    {
      title: vscode.l10n.t('Compare {0} with an Earlier Run', runNameInPickTitle(results.fsPath)),
      placeholder: vscode.l10n.t('A run of the same gist over the same data file'),
      matchOnDescription: true,
    },
    async (picked) => {
      if (picked.uri !== undefined) return picked.uri;
      const chosen = await vscode.window.showOpenDialog({
        canSelectMany: false,
        defaultUri: vscode.Uri.file(path.dirname(results.fsPath)),
        filters: { [vscode.l10n.t('Gist run results')]: ['jsonl'] },
        openLabel: vscode.l10n.t('Compare'),
      });
      return chosen?.[0];
    },
  );
}

/** The rows of the pick: the workspace's results files but `results`, newest first, then "Choose a Results File…". */
async function otherRuns(results: vscode.Uri): Promise<RunItem[]> {
  const found = await vscode.workspace.findFiles(`**/*${RESULTS_SUFFIX}`, '**/node_modules/**', MAX_LISTED_RUNS * 5);
  const dated = await Promise.all(
    found
      .filter((uri) => uri.scheme === 'file' && path.resolve(uri.fsPath) !== path.resolve(results.fsPath))
      .map(async (uri) => {
        try {
          return { uri, modified: (await stat(uri.fsPath)).mtimeMs };
        } catch {
          return undefined;
        }
      }),
  );
  const runs = dated.filter((run): run is { uri: vscode.Uri; modified: number } => run !== undefined).sort((a, b) => b.modified - a.modified).slice(0, MAX_LISTED_RUNS);
  const browse: RunItem = { label: vscode.l10n.t('$(folder-opened) Choose a Results File…'), alwaysShow: true };
  return [
    ...runs.map((run) => ({
      ...runRow(run.uri.fsPath, vscode.workspace.asRelativePath(path.dirname(run.uri.fsPath))),
      detail: vscode.l10n.t('Last written {0}', new Date(run.modified).toLocaleString()),
      uri: run.uri,
    })),
    browse,
  ];
}
