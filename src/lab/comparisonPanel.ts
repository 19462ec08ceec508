// "Compare with an Earlier Run…": a webview panel over two results files of one gist and one data
// file, a table row per compared cell (both outputs' start and what changed), the filter "Only
// regressions", Enter on a row opens VS Code's diff of the two outputs (read-only documents of the
// `gist-result` scheme), and each run's verdict panel side by side, worked out in the verdicts'
// worker. A snapshot of both files as they were when it was opened. Their text reaches the webview
// only as inert plain data, shown as text.
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isKeyboardReport } from '../shared/keyboardReport';
import type { Logger } from '../shared/logger';
import { showError } from '../shared/notify';
import { userMessage } from '../shared/userMessage';
import type { FollowedKeyboard, ViewKeyboard } from '../shared/viewKeyboard';
import { cellPreviews, type OpenedComparison } from './comparisonFiles';
import { runNameInTab, variantInTab } from './comparisonText';
import type { ComparedRunView, ComparisonCellView, ComparisonHostMessage, ComparisonViewMessage } from './comparisonProtocol';
import { inertMessage } from './inertMessage';
import type { ResultsIndex } from './resultsIndex';
import type { VerdictsView } from './resultsViewProtocol';
import { resultTextUri } from './resultTextProvider';
import { comparedCells, REGRESSIONS, type ComparedCell, type ChangeCounts } from './runComparison';
import { verdictCells, verdictVariants } from './verdictCells';
import { VerdictsComputer } from './verdictsComputer';
import { readVotesFiles } from './votesFiles';
import type { WebviewLoad, WebviewLoads } from './webviewLoads';

export const COMPARISON_VIEW_TYPE = 'gist.runComparison';
/** Cells the table holds at most; the filter narrows them first. */
export const MAX_SHOWN_CELLS = 2_000;

export interface ComparisonPanelDeps {
  readonly extensionUri: vscode.Uri;
  /** Where the webview's loading is followed (for the tests). */
  readonly loads: WebviewLoads;
  /** The built verdicts worker (dist/verdictsWorker.js). */
  readonly workerFile: string;
  readonly logger: Logger;
  /** Where the webview's keyboard is followed, so a command waits for it to come back (viewKeyboard.ts). */
  readonly keyboard: ViewKeyboard;
}

/** What the comparison shows now, as the tests read it (every string as the webview got it). */
export interface ComparisonState {
  readonly earlier: string;
  readonly later: string;
  readonly total: ChangeCounts;
  readonly variants: ReadonlyArray<{ readonly label: string; readonly counts: ChangeCounts }>;
  readonly onlyRegressions: boolean;
  /** Cells matching the filter (the table shows at most MAX_SHOWN_CELLS of them). */
  readonly matching: number;
  readonly shownCells: readonly ComparisonCellView[];
  readonly verdicts: { readonly earlier?: VerdictsView; readonly later?: VerdictsView };
}

export class ComparisonPanel implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly computer: VerdictsComputer;
  private onlyRegressions = false;
  private cells: readonly ComparedCell[] = [];
  private shown: readonly ComparisonCellView[] = [];
  private readonly verdicts: { earlier?: VerdictsView; later?: VerdictsView } = {};
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  /** Settles once the table and both verdict panels were first sent (each worked out, or failed). */
  private readonly loaded: Promise<void>;
  private markLoaded: () => void = () => undefined;
  private readonly pageLoad: WebviewLoad;
  private readonly keyboard: FollowedKeyboard;
  private isDisposed = false;

  private constructor(
    private opened: OpenedComparison,
    private readonly panel: vscode.WebviewPanel,
    private readonly deps: ComparisonPanelDeps,
  ) {
    this.computer = new VerdictsComputer(deps.workerFile);
    this.loaded = new Promise((resolve) => (this.markLoaded = resolve));
    const webview = panel.webview;
    webview.options = { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(deps.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(deps.extensionUri, 'media', 'lab')] };
    webview.html = this.html();
    this.pageLoad = deps.loads.follow(panel);
    this.keyboard = deps.keyboard.follow(panel);
    this.disposables.push(
      this.pageLoad,
      this.keyboard,
      webview.onDidReceiveMessage((message: ComparisonViewMessage) => void this.onMessage(message).catch((error: unknown) => this.reportFailure(error))),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  /** A panel over two opened runs, beside the active editor. */
  static show(opened: OpenedComparison, deps: ComparisonPanelDeps): ComparisonPanel {
    const panel = vscode.window.createWebviewPanel(COMPARISON_VIEW_TYPE, titleOf(opened), { viewColumn: vscode.ViewColumn.Active, preserveFocus: false }, { enableScripts: true, retainContextWhenHidden: false });
    return new ComparisonPanel(opened, panel, deps);
  }

  /**
   * The same two runs read anew, shown in this panel and brought to the front. The panel is kept,
   * not made again: closed while its page loads, a webview holds the next one's for 30 s on VS
   * Code 1.100 (see webviewLoads.ts). A page still loading shows these when it is ready.
   */
  showAgain(opened: OpenedComparison): void {
    this.opened = opened;
    this.cells = [];
    this.shown = [];
    delete this.verdicts.earlier;
    delete this.verdicts.later;
    this.panel.title = titleOf(opened);
    // A page shown and ready takes them now; a hidden one or one still loading, once it is ready.
    const ready = this.pageLoad.isReady;
    this.panel.reveal(undefined, false);
    if (ready) void this.load().catch((error: unknown) => this.reportFailure(error));
  }

  get earlierPath(): string {
    return this.opened.earlier.path;
  }

  get laterPath(): string {
    return this.opened.later.path;
  }

  /** The state the webview was last sent. */
  state(): ComparisonState {
    const { comparison } = this.opened;
    return {
      earlier: this.opened.earlier.path,
      later: this.opened.later.path,
      total: comparison.total,
      variants: comparison.variants.map((variant) => ({ label: variant.label, counts: variant.counts })),
      onlyRegressions: this.onlyRegressions,
      matching: this.cells.length,
      shownCells: this.shown,
      verdicts: { ...this.verdicts },
    };
  }

  /** Resolves once the webview was sent the table and both runs' verdicts (each worked out, or failed). */
  whenLoaded(): Promise<void> {
    return this.loaded;
  }

  reveal(): void {
    this.panel.reveal(undefined, false);
  }

  /** Closes the panel (nothing more once it is closed). */
  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.computer.dispose();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.panel.dispose();
    this.disposed.fire();
    this.disposed.dispose();
  }

  private post(message: ComparisonHostMessage): void {
    // Every text of a message comes from files someone else may have written: inert on the way out.
    void this.panel.webview.postMessage(inertMessage(message));
  }

  private html(): string {
    const webview = this.panel.webview;
    const nonce = randomBytes(16).toString('base64');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'webview', 'comparisonView.js'));
    const styles = ['resultsView.css', 'comparisonView.css'].map((name) => webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'lab', name)));
    // No inline script or style, nothing from outside the extension: the files' text can only ever be text.
    const csp = [`default-src 'none'`, `style-src ${webview.cspSource}`, `script-src 'nonce-${nonce}'`, `img-src ${webview.cspSource}`, `font-src ${webview.cspSource}`].join('; ');
    const links = styles.map((style) => `<link rel="stylesheet" href="${style.toString()}">`).join('');
    return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><meta name="viewport" content="width=device-width, initial-scale=1.0">${links}<title>Compare runs</title></head><body><script nonce="${nonce}" src="${script.toString()}"></script></body></html>`;
  }

  /** What the webview asks, and what the tests do in its place (the filter). */
  async onMessage(message: ComparisonViewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.pageLoad.ready();
        // Again whenever the webview is made again (hidden, then shown): it holds nothing of its own.
        try {
          await this.load();
        } finally {
          this.markLoaded();
        }
        return;
      case 'filter':
        this.onlyRegressions = message.onlyRegressions === true;
        await this.sendCells();
        return;
      case 'diff':
        await this.diff(message.key);
        return;
      case 'keyboard':
        if (isKeyboardReport(message)) this.keyboard.report(message);
        return;
      default:
        return;
    }
  }

  private async load(): Promise<void> {
    const opened = this.opened;
    const { earlier, later, comparison } = opened;
    this.post({
      type: 'open',
      gist: later.header.gist,
      dataPath: later.header.data.path,
      earlier: runView(earlier),
      later: runView(later),
      variants: comparison.variants.map((variant) => ({ label: variant.label, counts: variant.counts })),
      total: comparison.total,
      checksCompared: comparison.checksCompared,
    });
    await this.sendCells();
    // One worker, one run after the other: the earlier run's figures, then this one's. Shown again
    // meanwhile (showAgain), the panel loads those instead, and this load sends nothing more.
    for (const side of ['earlier', 'later'] as const) {
      if (this.opened !== opened) return;
      await this.sendVerdicts(side, opened, opened[side]);
    }
  }

  private async sendCells(): Promise<void> {
    const opened = this.opened;
    const matching = comparedCells(opened.comparison, this.onlyRegressions ? REGRESSIONS : undefined);
    const cells = matching.slice(0, MAX_SHOWN_CELLS);
    const previews = await cellPreviews(opened, cells);
    // Shown again while the previews were read: these cells are of the runs read before.
    if (this.opened !== opened) return;
    this.cells = matching;
    const variants = opened.comparison.variants;
    const shown: ComparisonCellView[] = cells.map((cell, key) => ({
      key,
      row: cell.row,
      variant: variants[cell.variant]?.label ?? '',
      change: cell.change,
      earlier: previews[key]?.earlier ?? '',
      later: previews[key]?.later ?? '',
    }));
    const message = inertMessage<ComparisonHostMessage>({ type: 'cells', onlyRegressions: this.onlyRegressions, matching: this.cells.length, cells: shown });
    this.shown = message.type === 'cells' ? message.cells : [];
    void this.panel.webview.postMessage(message);
  }

  private async sendVerdicts(side: 'earlier' | 'later', opened: OpenedComparison, index: ResultsIndex): Promise<void> {
    try {
      const votes = await readVotesFiles(index.path);
      const view = await this.computer.compute({ variants: verdictVariants(index), cells: verdictCells(index), votes: votes.files }, votes.problems, votes.counted);
      if (this.opened !== opened) return;
      const message = inertMessage<ComparisonHostMessage>({ type: 'verdicts', side, verdicts: view });
      if (message.type === 'verdicts') this.verdicts[side] = message.verdicts;
      void this.panel.webview.postMessage(message);
    } catch (error) {
      this.deps.logger.error(`Verdicts of ${index.path} (comparison): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }

  /** Enter on a row: VS Code's diff of the two outputs, the earlier run's on the left. */
  private async diff(key: number): Promise<void> {
    const cell = this.cells[key];
    const variant = cell === undefined ? undefined : this.opened.comparison.variants[cell.variant];
    if (cell === undefined || variant === undefined) return;
    const { earlier, later } = this.opened;
    const uriOf = (index: ResultsIndex, column: number | undefined): vscode.Uri =>
      // A side without the variant still opens: its document says the run has no result for it.
      column === undefined
        ? resultTextUri(vscode.Uri.file(index.path), index.header.gist, variant.label, cell.row, -1, undefined, variant.label)
        : resultTextUri(vscode.Uri.file(index.path), index.header.gist, variant.label, cell.row, column);
    const title = vscode.l10n.t('{0} · row {1}: {2} ↔ {3}', variantInTab(variant.label), cell.row, runNameInTab(earlier.path), runNameInTab(later.path));
    await vscode.commands.executeCommand('vscode.diff', uriOf(earlier, variant.earlier), uriOf(later, variant.later), title, { preview: true });
  }

  private reportFailure(error: unknown): void {
    this.deps.logger.error(`Comparison of ${this.opened.earlier.path} and ${this.opened.later.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    this.post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    void showError(userMessage(vscode.l10n.t('The comparison could not do that: {0}'), error instanceof Error ? error.message : String(error)));
  }
}

function titleOf(opened: OpenedComparison): string {
  return vscode.l10n.t('Compare: {0} ↔ {1}', runNameInTab(opened.earlier.path), runNameInTab(opened.later.path));
}

function shortName(file: string): string {
  return path.basename(file);
}

function runView(index: ResultsIndex): ComparedRunView {
  return { file: shortName(index.path), startedAt: index.header.startedAt, rows: index.rows.size, problems: index.problemTotal };
}
