// One results view: a webview over one results file. It holds the file's index, answers the
// webview's requests for rows, keeps up while a run appends to the file (in this window or
// another), and turns the webview's actions into editors, the clipboard and runs. Opening a file
// runs nothing; its text reaches the webview only as plain data, shown as text.
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isResultsFileError } from '../runs/resultsFileError';
import { TEST_FILE_FORMAT } from '../runs/checksMember';
import { variantLabel } from '../runs/variants';
import { isKeyboardReport } from '../shared/keyboardReport';
import type { Logger } from '../shared/logger';
import { showInformation, showError } from '../shared/notify';
import { userMessage } from '../shared/userMessage';
import type { FollowedKeyboard, ViewKeyboard } from '../shared/viewKeyboard';
import { inertMessage } from './inertMessage';
import { indexCounts } from './resultsFigures';
import type { RunHeader } from '../runs/resultsFormat';
import { ResultsIndex } from './resultsIndex';
import { HeldRows, keepsPlaces, type RowState } from './heldRows';
import { orderRows } from './resultsQuery';
import { cellResult, rowsContaining, viewRows } from './resultsRows';
import type { CellAddress, HostMessage, VerdictsView, ViewMessage, ViewQuery, ViewStatus } from './resultsViewProtocol';
import { resultTextUri } from './resultTextProvider';
import { ResultsVerdicts, type ResultsVerdictsDeps } from './resultsVerdicts';
import type { ResultsWritten } from './liveResults';
import type { WebviewLoad, WebviewLoads } from './webviewLoads';

/** What a results view needs of the lab: whether a run writes the file now, and the runs it can start. */
export interface ResultsRuns {
  isRunning(resultsPath: string): boolean;
  /** Fires with a results file's path when a run of this window appended to it, started or ended. */
  readonly onDidChange: vscode.Event<string>;
  /** Fires with the lines a run of this window wrote to a results file, once they are in it. */
  readonly onDidWrite: vscode.Event<ResultsWritten>;
  rerunFailed(results: vscode.Uri): Promise<void>;
  resume(results: vscode.Uri): Promise<void>;
  export(results: vscode.Uri, format: 'csv' | 'markdown'): Promise<void>;
}

export interface ResultsPanelDeps {
  readonly extensionUri: vscode.Uri;
  /** Where the webview's loading is followed (for the tests). */
  readonly loads: WebviewLoads;
  readonly runs: ResultsRuns;
  readonly logger: Logger;
  /** Where open views keep their index, so an opened cell's text is read without indexing again. */
  readonly openIndexes: Map<string, ResultsIndex>;
  readonly verdicts: ResultsVerdictsDeps;
  /** Where the webview's keyboard is followed, so a command waits for it to come back (viewKeyboard.ts). */
  readonly keyboard: ViewKeyboard;
}

const DEFAULT_QUERY: ViewQuery = { sort: { by: 'row' }, descending: false, filter: '', onlyDifferent: false, onlyFailures: false };
/** While a run appends, the view catches up at most this often (each catch-up sends new counts, and the rows in view that changed). */
const UPDATE_EVERY_MS = 1_000;
const MAX_SHOWN_PROBLEMS = 20;
/** The most rows one request is answered with (the webview asks a page of 60 at a time). */
const MAX_ROWS_A_REQUEST = 200;
/**
 * A big file's first screen is shown from its first bytes; the rest is read in slices, the event
 * loop free between them (a 55 MB file of 100,000 results took 600 ms of it in one go), and the
 * view learns of the rows read so far at most every READING_UPDATE_EVERY_MS.
 */
const FIRST_BYTES = 256 * 1024;
const SLICE_BYTES = 128 * 1024;
/** A slice also ends after this long: on a busy machine 128 KiB took up to 60 ms of the extension host. */
const SLICE_MS = 8;
const READING_UPDATE_EVERY_MS = 1_000;
/**
 * The file is read from the moment the view is made, while its webview loads; past this many
 * bytes the reading waits for the webview (a bigger file's read took the core it loads on).
 */
const BEFORE_VIEW_BYTES = 8 * 1024 * 1024;

export class ResultsPanel implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private index: ResultsIndex | undefined;
  private query: ViewQuery = DEFAULT_QUERY;
  private order: number[] = [];
  /** Bumped with each new order; the webview drops what it holds and `rows` answers of an older one. */
  private generation = 0;
  /** The rows the webview holds in this generation, so a row it holds as it is now is not read and sent again. */
  private readonly held = new HeldRows();
  /**
   * Bumped with each status and open: an answer says the round its rows' stamps were taken in, and
   * the webview counts a place as current only from an answer of its latest round (an answer begun
   * before a status and posted after it is of rows as they were before that status's results).
   */
  private round = 0;
  private textMatches: ReadonlySet<number> | undefined;
  private filterAbort: AbortController | undefined;
  private updateTimer: NodeJS.Timeout | undefined;
  /** Whether the index took lines from this window's run since the last update (they were not read, so catchUp does not count them). */
  private fedSinceUpdate = false;
  /** The header the webview shows: a file replaced by a new run's has a header of its own (its variants may differ). */
  private shownHeader: RunHeader | undefined;
  private updating: Promise<void> = Promise.resolve();
  private readonly filePath: string;
  private readonly verdicts: ResultsVerdicts;
  /** Review… was asked for: the review starts once the file is read and the webview shows it. */
  private reviewOnLoad = false;
  /** The index has the file's first part and reads the rest. */
  private reading = false;
  private disposed = false;
  /**
   * The webview's requests for rows, answered one after the other: the answers reach it in the order
   * it asked (a late answer with older rows would otherwise stay, held as current), and the rest of
   * a big file's reading waits for the rows on screen.
   */
  private servingRows: Promise<unknown> = Promise.resolve();
  /** The webview said it is ready and got the header (or the reason the file cannot be shown). */
  private opened = false;
  /** Why the file cannot be shown, when it cannot. */
  private failure: string | undefined;
  /** Settles when the first read of the file got its first slice (or failed). */
  private readonly firstSlice: Promise<void>;
  private firstSliceRead: () => void = () => undefined;
  /** Settles when the webview first got the header. */
  private readonly viewOpened: Promise<void>;
  private viewIsOpen: () => void = () => undefined;
  private readonly pageLoad: WebviewLoad;
  private readonly keyboard: FollowedKeyboard;

  constructor(
    private readonly uri: vscode.Uri,
    private readonly panel: vscode.WebviewPanel,
    private readonly deps: ResultsPanelDeps,
  ) {
    this.filePath = uri.fsPath;
    this.verdicts = new ResultsVerdicts(this.filePath, () => this.index, (message) => this.post(message), deps.verdicts);
    const webview = panel.webview;
    webview.options = { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(deps.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(deps.extensionUri, 'media', 'lab')] };
    webview.html = this.html();
    this.pageLoad = deps.loads.follow(panel);
    this.keyboard = deps.keyboard.follow(panel);
    this.firstSlice = new Promise((resolve) => {
      this.firstSliceRead = resolve;
    });
    this.viewOpened = new Promise((resolve) => {
      this.viewIsOpen = resolve;
    });
    void this.serialized(() => this.read()).catch((error: unknown) => this.reportFailure(error));
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(this.filePath)), path.basename(this.filePath)));
    this.disposables.push(
      watcher,
      watcher.onDidChange(() => this.updateSoon()),
      watcher.onDidCreate(() => this.updateSoon()),
      deps.runs.onDidChange((changed) => {
        if (changed === this.filePath) this.updateSoon();
      }),
      deps.runs.onDidWrite((written) => {
        // A run of this window wrote these lines: taken as they are, unless the index is reading (it reads them then).
        if (written.path === this.filePath && this.index?.feed(written.start, written.lines) === true) {
          this.fedSinceUpdate = true;
          this.updateSoon();
        }
      }),
      webview.onDidReceiveMessage((message: ViewMessage) => void this.onMessage(message).catch((error: unknown) => this.reportFailure(error))),
      panel.onDidDispose(() => this.dispose()),
      this.pageLoad,
      this.keyboard,
    );
  }

  /** The results file this view shows. */
  get path(): string {
    return this.filePath;
  }

  /** Gist: Review Results Blind…: shows the view and starts the review (once the file is read). */
  async review(): Promise<void> {
    // Shown without taking focus while the reviewer's name may be asked: the view's focus reaches
    // its frame a moment later and took the keyboard from the name's input box. The pane takes it after.
    this.panel.reveal(undefined, true);
    this.reviewOnLoad = true;
    await this.startReviewOnLoad();
    if (!this.disposed) this.panel.reveal(undefined, false);
  }

  dispose(): void {
    this.disposed = true;
    // A read waiting for the webview ends.
    this.viewIsOpen();
    this.verdicts.dispose();
    clearTimeout(this.updateTimer);
    this.filterAbort?.abort();
    if (this.deps.openIndexes.get(this.filePath) === this.index) this.deps.openIndexes.delete(this.filePath);
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }

  /** The verdict panel last sent to the webview (tests read it). */
  shownVerdicts: VerdictsView | undefined;
  /** When the view was made and when it first sent the file's header, rows and verdicts (performance.now(); the bench reads them). */
  readonly timings: { readonly created: number; open?: number; rows?: number; verdicts?: number } = { created: performance.now() };

  private post(message: HostMessage): void {
    // Every text of a message comes from a file someone else may have written: inert on the way out.
    const inert = inertMessage(message);
    if (inert.type === 'verdicts') this.shownVerdicts = inert.verdicts;
    if ((inert.type === 'open' || inert.type === 'rows' || inert.type === 'verdicts') && this.timings[inert.type] === undefined) this.timings[inert.type] = performance.now();
    void this.panel.webview.postMessage(inert);
  }

  private html(): string {
    const webview = this.panel.webview;
    const nonce = randomBytes(16).toString('base64');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'webview', 'resultsView.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'lab', 'resultsView.css'));
    // No inline script or style, nothing from outside the extension: the file's text can only ever be text.
    const csp = [`default-src 'none'`, `style-src ${webview.cspSource}`, `script-src 'nonce-${nonce}'`, `img-src ${webview.cspSource}`, `font-src ${webview.cspSource}`].join('; ');
    return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><meta name="viewport" content="width=device-width, initial-scale=1.0"><link rel="stylesheet" href="${style.toString()}"><title>Results</title></head><body><script nonce="${nonce}" src="${script.toString()}"></script></body></html>`;
  }

  private async onMessage(message: ViewMessage): Promise<void> {
    if (await this.verdicts.onMessage(message)) return;
    switch (message.type) {
      case 'keyboard':
        if (isKeyboardReport(message)) this.keyboard.report(message);
        return;
      case 'ready':
        this.pageLoad.ready();
        await this.webviewReady();
        return;
      case 'rows':
        await this.sendRows(message.request, message.start, message.count);
        return;
      case 'query':
        await this.applyQuery(message.query);
        return;
      case 'openCell':
        await this.openCell(message.cell);
        return;
      case 'compare':
        await this.compare(message.cells[0], message.cells[1]);
        return;
      case 'copyCallId':
        await this.copyCallId(message.cell);
        return;
      case 'rerunFailed':
        await this.deps.runs.rerunFailed(this.uri);
        return;
      case 'resume':
        await this.deps.runs.resume(this.uri);
        return;
      case 'export':
        await this.deps.runs.export(this.uri, message.format);
        return;
      case 'judge':
        await vscode.commands.executeCommand('gist.lab.judge', this.uri);
        return;
      default:
        return;
    }
  }

  /** Every read of the index, one after the other: the first read, catching up with appends. */
  private serialized(body: () => Promise<void>): Promise<void> {
    const run = this.updating.then(body);
    this.updating = run.catch(() => undefined);
    return run;
  }

  /**
   * Reads the file into the index: its first slice (then the header goes to the webview, if it is
   * ready), then the rest. Begun when the view is made, so the read overlaps the webview's loading.
   */
  private async read(): Promise<void> {
    let index: ResultsIndex;
    try {
      index = await ResultsIndex.open(this.filePath, undefined, FIRST_BYTES, SLICE_MS);
      // The first screen's bytes, in slices of time as the rest.
      while (index.more && index.bytesRead < FIRST_BYTES && !this.disposed) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        await index.catchUp(undefined, FIRST_BYTES - index.bytesRead, SLICE_MS);
      }
    } catch (error) {
      this.index = undefined;
      this.failure = isResultsFileError(error) ? error.message : vscode.l10n.t('The results file cannot be read: {0}', error instanceof Error ? error.message : String(error));
      if (this.opened) this.post({ type: 'failed', message: this.failure });
      this.firstSliceRead();
      return;
    }
    this.failure = undefined;
    this.index = index;
    this.reading = index.more;
    this.deps.openIndexes.set(this.filePath, index);
    this.order = orderRows(index, this.query, undefined);
    this.firstSliceRead();
    if (this.opened) this.postOpen(index);
    if (this.reading) await this.readRest(index);
    if (this.disposed) return;
    this.verdicts.resultsChanged();
    await this.startReviewOnLoad();
  }

  /**
   * Starts the review asked for once the whole file is read and the webview shows it: the name
   * the review may ask for is not asked while the webview loads (it would take the focus back).
   */
  private async startReviewOnLoad(): Promise<void> {
    if (!this.reviewOnLoad || this.index === undefined || this.reading || !this.opened) return;
    this.reviewOnLoad = false;
    await this.verdicts.startReview();
  }

  /** The webview (re)loaded: it gets the header and the first rows' count once the first slice is read. */
  private async webviewReady(): Promise<void> {
    await this.firstSlice;
    this.opened = true;
    this.viewIsOpen();
    if (this.index !== undefined) this.postOpen(this.index);
    else if (this.failure !== undefined) this.post({ type: 'failed', message: this.failure });
    await this.startReviewOnLoad();
  }

  /** The header and a new order: for a webview (re)loaded or a file replaced, which hold none of these rows. */
  private postOpen(index: ResultsIndex): void {
    const { header } = index;
    this.shownHeader = header;
    this.generation += 1;
    this.round += 1;
    this.held.clear();
    this.post({
      type: 'open',
      generation: this.generation,
      round: this.round,
      header: {
        gist: header.gist,
        variants: header.variants.map((variant) => variantLabel(variant)),
        samples: header.samples,
        dataPath: header.data.path,
        profile: header.profile ?? vscode.l10n.t('(none)'),
        host: header.host,
        startedAt: header.startedAt,
        checks: header.extensions.checks !== undefined,
      },
      query: this.query,
      status: this.status(),
    });
    this.verdicts.viewOpened();
  }

  /** The rest of a big file, a slice at a time: the first screen is up already. */
  private async readRest(index: ResultsIndex): Promise<void> {
    try {
      let published = performance.now();
      while (index.more && !this.disposed) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        // The rows on screen first: each of their lines is a read of its own, and a slice between two reads delayed the first screen by hundreds of milliseconds.
        await this.servingRows;
        if (!this.opened && index.bytesRead >= BEFORE_VIEW_BYTES) await this.viewOpened;
        await index.catchUp(undefined, SLICE_BYTES, SLICE_MS);
        if (index.more && performance.now() - published >= READING_UPDATE_EVERY_MS) {
          this.publishOrder();
          published = performance.now();
        }
      }
    } finally {
      this.reading = false;
    }
    if (!this.disposed) this.publishOrder();
  }

  private status(): ViewStatus {
    const index = this.index;
    if (index === undefined) {
      return { shownRows: 0, totalRows: 0, missingCells: 0, failedCells: 0, failedChecks: 0, running: false, reading: false, resumable: false, problems: [], figures: [] };
    }
    const counts = indexCounts(index);
    const running = this.deps.runs.isRunning(this.filePath);
    const more = index.problemTotal - index.problems.length;
    // A check run's results are made by the Test Explorer or gist-check: it is run again there, not resumed here.
    const checkRun = index.header.data.format === TEST_FILE_FORMAT;
    return {
      shownRows: this.order.length,
      totalRows: index.rows.size,
      missingCells: counts.missingCells,
      failedCells: counts.failedCells,
      failedChecks: counts.failedChecks,
      running,
      reading: this.reading,
      resumable: !checkRun && !running && !this.reading && counts.missingCells > 0,
      ...(checkRun ? { rerunElsewhere: vscode.l10n.t('These are the results of a check run: run the checks again from the Testing view (Test: Rerun Failed Tests).') } : {}),
      problems: [...index.problems.slice(0, MAX_SHOWN_PROBLEMS), ...(more > 0 ? [vscode.l10n.t('… and {0} more lines that could not be read.', more)] : [])],
      figures: counts.figures,
    };
  }

  private publishOrder(): void {
    if (this.index === undefined || !this.opened) return;
    const order = orderRows(this.index, this.query, this.textMatches);
    // A run's new results mostly add rows after those shown: the same generation, and the webview keeps what it holds.
    if (!keepsPlaces(this.order, order)) {
      this.generation += 1;
      this.held.clear();
    }
    this.order = order;
    this.round += 1;
    this.post({ type: 'status', generation: this.generation, round: this.round, status: this.status() });
  }

  private sendRows(request: number, start: number, count: number): Promise<void> {
    const answer = this.servingRows.then(() => this.answerRows(request, start, count));
    this.servingRows = answer.catch(() => undefined);
    return answer;
  }

  private async answerRows(request: number, start: number, count: number): Promise<void> {
    const index = this.index;
    if (index === undefined) return;
    const { generation, round } = this;
    // Each row's stamp before its lines are read: a line taken meanwhile makes the next request read it again.
    const states: RowState[] = this.order.slice(start, start + Math.min(count, MAX_ROWS_A_REQUEST)).map((row) => ({ row, stamp: index.rows.get(row)?.stamp ?? -1 }));
    const read = await viewRows(index, this.held.toRead(start, states).map((state) => state.row));
    // A new order meanwhile: the webview drops this answer, so it holds none of it.
    if (generation !== this.generation || this.disposed) return;
    this.post({ type: 'rows', request, generation, round, start, rows: this.held.answer(start, states, new Map(read.map((row) => [row.row, row]))) });
  }

  private async applyQuery(query: ViewQuery): Promise<void> {
    const filterChanged = query.filter !== this.query.filter;
    this.query = query;
    if (filterChanged) {
      this.filterAbort?.abort();
      const abort = new AbortController();
      this.filterAbort = abort;
      const needle = query.filter.trim();
      try {
        this.textMatches = needle === '' ? undefined : await rowsContaining(this.filePath, needle, abort.signal);
      } catch (error) {
        if (abort.signal.aborted) return;
        throw error;
      }
    }
    this.publishOrder();
  }

  /** A run appended (or the file changed on disk): read what is new, at most every UPDATE_EVERY_MS. */
  private updateSoon(): void {
    if (this.updateTimer !== undefined) return;
    this.updateTimer = setTimeout(() => {
      this.updateTimer = undefined;
      void this.serialized(() => this.update()).catch((error: unknown) => this.reportFailure(error));
    }, UPDATE_EVERY_MS);
  }

  private async update(): Promise<void> {
    if (this.index === undefined) {
      await this.read();
      return;
    }
    // What a run appended in a second (12,000 lines at full speed), in slices as the first read;
    // none when this window's run told the index of each of its writes.
    let changed = this.fedSinceUpdate;
    this.fedSinceUpdate = false;
    changed = (await this.index.catchUp(undefined, Number.POSITIVE_INFINITY, SLICE_MS)) || changed;
    while (this.index.more && !this.disposed) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      changed = (await this.index.catchUp(undefined, Number.POSITIVE_INFINITY, SLICE_MS)) || changed;
    }
    if (this.query.filter.trim() !== '') {
      this.textMatches = await rowsContaining(this.filePath, this.query.filter.trim());
    }
    if (this.opened && this.index.header !== this.shownHeader) {
      // The file was replaced (a new run of the same name): its header, columns and rows anew, and
      // its figures at once (the last file's would otherwise stay until the run's writes pause).
      this.order = orderRows(this.index, this.query, this.textMatches);
      this.postOpen(this.index);
      this.verdicts.resultsChanged();
    } else {
      this.publishOrder();
      if (changed) this.verdicts.resultsAppended();
    }
  }

  private cellRow(cell: CellAddress): number | undefined {
    return this.order[cell.index];
  }

  private cellUri(cell: CellAddress): vscode.Uri | undefined {
    const row = this.cellRow(cell);
    const header = this.index?.header;
    if (row === undefined || header === undefined) return undefined;
    return resultTextUri(this.uri, header.gist, variantLabel(header.variants[cell.variant] ?? null), row, cell.variant);
  }

  private async openCell(cell: CellAddress): Promise<void> {
    const uri = this.cellUri(cell);
    if (uri !== undefined) {
      await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    }
  }

  private async compare(left: CellAddress, right: CellAddress): Promise<void> {
    const [a, b] = [this.cellUri(left), this.cellUri(right)];
    if (a === undefined || b === undefined) return;
    await vscode.commands.executeCommand('vscode.diff', a, b, `${path.posix.basename(a.path)} ↔ ${path.posix.basename(b.path)}`, { preview: false });
  }

  private async copyCallId(cell: CellAddress): Promise<void> {
    const row = this.cellRow(cell);
    if (row === undefined || this.index === undefined) return;
    const result = await cellResult(this.index, row, cell.variant);
    if (result?.callId === null || result?.callId === undefined) {
      void showInformation(userMessage(vscode.l10n.t('That cell has no call id (the call did not reach the service).')));
      return;
    }
    await vscode.env.clipboard.writeText(result.callId);
    void showInformation(userMessage(vscode.l10n.t('Copied the call id {0}.'), result.callId));
  }

  private reportFailure(error: unknown): void {
    this.deps.logger.error(`Results view of ${this.filePath}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    const openLog = vscode.l10n.t('Open Log');
    void showError(userMessage(vscode.l10n.t('The results view could not do that: {0}'), error instanceof Error ? error.message : String(error)), openLog).then((choice) =>
      choice === openLog ? this.deps.logger.show() : undefined,
    );
  }
}
