// The results view as the custom editor of `*.gistrun.jsonl` files (package.json
// `customEditors`): a read-only document per file and a ResultsPanel per editor. "Reopen With… →
// Text Editor" always shows the file as the text it is.
import * as vscode from 'vscode';
import type { ResultsIndex } from './resultsIndex';
import { ResultsPanel, type ResultsRuns } from './resultsPanel';
import type { ResultsVerdictsDeps } from './resultsVerdicts';
import type { VerdictsView } from './resultsViewProtocol';
import type { Logger } from '../shared/logger';
import type { ViewKeyboard } from '../shared/viewKeyboard';
import type { WebviewLoads } from './webviewLoads';

export const RESULTS_VIEW_TYPE = 'gist.results';

export class ResultsEditorProvider implements vscode.CustomReadonlyEditorProvider, vscode.Disposable {
  /** The index each open view holds, by path, so an opened cell's text is read without indexing again. */
  readonly openIndexes = new Map<string, ResultsIndex>();
  private readonly panels = new Set<ResultsPanel>();
  /** Files a review was asked for whose view is still being opened. */
  private readonly reviewOnOpen = new Set<string>();

  constructor(private readonly deps: { readonly extensionUri: vscode.Uri; readonly loads: WebviewLoads; readonly runs: ResultsRuns; readonly logger: Logger; readonly verdicts: ResultsVerdictsDeps; readonly keyboard: ViewKeyboard }) {}

  openCustomDocument(uri: vscode.Uri): vscode.CustomDocument {
    return { uri, dispose: () => undefined };
  }

  resolveCustomEditor(document: vscode.CustomDocument, panel: vscode.WebviewPanel): void {
    const view = new ResultsPanel(document.uri, panel, { ...this.deps, openIndexes: this.openIndexes });
    this.panels.add(view);
    panel.onDidDispose(() => this.panels.delete(view));
    if (this.reviewOnOpen.delete(document.uri.fsPath)) void view.review();
  }

  shownVerdicts(file: string): VerdictsView | undefined {
    return this.panelOf(file)?.shownVerdicts;
  }

  /** Milliseconds from the view's making to its first header, rows and verdicts sent, for the bench. */
  timings(file: string): { readonly openMs?: number; readonly rowsMs?: number; readonly verdictsMs?: number } | undefined {
    const timings = this.panelOf(file)?.timings;
    if (timings === undefined) return undefined;
    const since = (at: number | undefined): number | undefined => (at === undefined ? undefined : at - timings.created);
    return { openMs: since(timings.open), rowsMs: since(timings.rows), verdictsMs: since(timings.verdicts) };
  }

  private panelOf(file: string): ResultsPanel | undefined {
    return [...this.panels].find((panel) => panel.path === file);
  }

  /** Opens the results view of `uri` (or shows the open one) in blind review. */
  async review(uri: vscode.Uri): Promise<void> {
    const open = [...this.panels].find((panel) => panel.path === uri.fsPath);
    if (open !== undefined) {
      await open.review();
      return;
    }
    this.reviewOnOpen.add(uri.fsPath);
    await vscode.commands.executeCommand('vscode.openWith', uri, RESULTS_VIEW_TYPE);
  }

  dispose(): void {
    for (const panel of this.panels) panel.dispose();
    this.panels.clear();
  }
}
