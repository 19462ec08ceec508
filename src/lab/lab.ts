// The variant lab, as the extension shows it: "Run over Data…", the runs of this window, the
// results view of `.gistrun.jsonl` files, Resume, Rerun Failed and Export. Its engine, data
// readers and results format are pure (src/runs, src/dataset) and shared with the command line.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GistCatalog } from '../catalog/gistCatalog';
import type { GistClient } from '../client/gistClient';
import type { ConnectionSettings } from '../client/types';
import { formatOfPath } from '../dataset/dataFormat';
import { RESULTS_SUFFIX } from '../runs/resultsFormat';
import type { Logger } from '../shared/logger';
import type { ViewKeyboard } from '../shared/viewKeyboard';
import { LabRuns } from './labRuns';
import { exportResults, type ExportFormat } from './resultsExport';
import { ResultsEditorProvider, RESULTS_VIEW_TYPE } from './resultsEditor';
import { ResultsIndex } from './resultsIndex';
import type { ResultsRuns } from './resultsPanel';
import type { VerdictsView } from './resultsViewProtocol';
import { RESULT_TEXT_SCHEME, ResultTextProvider } from './resultTextProvider';
import { runOverDataFlow, type LabRequest } from './runOverDataFlow';
import { parseLabRunArgs, type LabRunArgs } from './labRunArgs';
import { WebviewLoads } from './webviewLoads';
import { matchColumns, type ValueSource } from '../dataset/columnMapping';
import { isDataFileError } from '../dataset/dataFileError';
import { scanDataFile, type DataScan } from '../dataset/dataScan';
import { recordOf } from '../shared/keyedRecord';
import { resultsPathFor } from '../runs/resultsFormat';
import { userMessage } from '../shared/userMessage';
import { pickThen } from '../shared/pickThen';
import { showError, showInformation } from '../shared/notify';
import { writeWholeFile } from '../shared/wholeFile';
import { refusedInRestrictedMode } from './restrictedModeRefusal';
import { CommandIds, type CommandTable } from '../shared/commandIds';
import { settings } from '../shared/settings';
import { reviewerName } from './reviewerName';
import type { ComparisonPanel } from './comparisonPanel';
import { pickOtherRun, RunComparisons, type ComparisonOutcome } from './runComparisons';

export interface LabDeps {
  readonly extensionUri: vscode.Uri;
  readonly version: string;
  readonly client: GistClient;
  readonly catalog: GistCatalog;
  readonly logger: Logger;
  /** `next` with the window's connection, after the key flow when there is no key (its input held until `next` ends); undefined when the user gave up. */
  signedInThen<R>(next: (connection: ConnectionSettings) => Thenable<R> | R): Promise<R | undefined>;
  /** The window's profile and its service's host, for the summary ("to profile Staging at gists.acme.com"). */
  destination(): { readonly profile: string; readonly host: string };
  recentGists(): readonly string[];
  labSettings(): { readonly concurrency: number; readonly maxRetries: number };
  setStatus(status: { readonly done: number; readonly total: number; readonly runs: number } | undefined): void;
  /** The signed-in user's name from /v1/me (the service's text), if the window is signed in. */
  signedInUserName(): string | undefined;
  /** Where the webviews' keyboard is followed (viewKeyboard.ts). */
  readonly keyboard: ViewKeyboard;
}

/** What `gist.lab.runOverData` returns: where the results are and how the run ended. */
export interface LabRunSummary {
  readonly resultsFile: string;
  readonly end: 'finished' | 'cancelled' | 'stopped';
  /** Why it stopped: `authentication`, `configuration`, `badRow`, `dataFile`, `sink`. */
  readonly reason: string | undefined;
  readonly done: number;
  readonly failures: number;
  /**
   * Milliseconds from Run until the results file was closed: the data file's scan, which the
   * summary step makes before Run is pressed (and these arguments make before the run), not counted.
   */
  readonly runMs: number;
}

export class Lab implements vscode.Disposable {
  /** This feature's part of the command table (src/commands.ts): each command id bound to its verb. */
  commands() {
    return {
      [CommandIds.labRunOverData]: (target: unknown) => this.runOverData(target),
      [CommandIds.labResume]: (target: unknown) => this.resume(target),
      [CommandIds.labRerunFailed]: (target: unknown) => this.rerunFailed(target),
      [CommandIds.labExport]: (target: unknown, format: unknown) => this.export(target, format),
      [CommandIds.labReview]: (target: unknown) => this.review(target),
      [CommandIds.labCompareRuns]: (target: unknown, other: unknown) => this.compareRuns(target, other),
    } satisfies CommandTable;
  }

  readonly runs: LabRuns;
  private readonly editor: ResultsEditorProvider;
  private readonly comparisons: RunComparisons;
  private readonly webviewLoads = new WebviewLoads();

  constructor(private readonly deps: LabDeps) {
    const runs = new LabRuns(deps);
    this.runs = runs;
    const views: ResultsRuns = {
      isRunning: (file) => runs.isRunning(file),
      onDidChange: runs.onDidChange,
      onDidWrite: runs.onDidWrite,
      resume: (file) => runs.resume(file),
      rerunFailed: (file) => runs.rerunFailed(file),
      export: async (file, format) => void (await this.export(file, format)),
    };
    this.editor = new ResultsEditorProvider({
      extensionUri: deps.extensionUri,
      loads: this.webviewLoads,
      keyboard: deps.keyboard,
      runs: views,
      logger: deps.logger,
      verdicts: {
        workerFile: vscode.Uri.joinPath(deps.extensionUri, 'dist', 'verdictsWorker.js').fsPath,
        reviewerName: () => this.reviewerName(),
        staysBlind: () => settings.reviewStaysBlind(),
        logger: deps.logger,
      },
    });
    this.comparisons = new RunComparisons({ extensionUri: deps.extensionUri, loads: this.webviewLoads, keyboard: deps.keyboard, workerFile: vscode.Uri.joinPath(deps.extensionUri, 'dist', 'verdictsWorker.js').fsPath, logger: deps.logger });
  }

  /**
   * Whose votes a blind review writes: gist.review.reviewer, else the signed-in user's name; with
   * neither, the user is asked once and the name is kept in their user settings.
   */
  private async reviewerName(): Promise<string | undefined> {
    const known = reviewerName(settings.reviewer(), this.deps.signedInUserName());
    if (known !== undefined) return known;
    const typed = await vscode.window.showInputBox({
      title: vscode.l10n.t('Your Name for Reviews'),
      prompt: vscode.l10n.t('It goes into each vote and names your votes file beside the results. Kept in your user settings (gist.review.reviewer).'),
      ignoreFocusOut: true,
      validateInput: (value) => (reviewerName(value) === undefined ? vscode.l10n.t('Type a name.') : undefined),
    });
    const name = reviewerName(typed);
    if (name !== undefined) await vscode.workspace.getConfiguration('gist').update('review.reviewer', name, vscode.ConfigurationTarget.Global);
    return name;
  }

  /** For tests: the verdict panel the open results view of `file` shows. */
  shownVerdicts(file: string): VerdictsView | undefined {
    return this.editor.shownVerdicts(file);
  }

  /** For tests, which close no webview while it loads (webviewLoads.ts): how many of the lab's do. */
  webviewsLoading(): WebviewLoads['counts'] {
    return this.webviewLoads.counts;
  }

  /** For the bench: when the open results view of `file` first sent its header, rows and verdicts. */
  resultsViewTimings(file: string): ReturnType<ResultsEditorProvider['timings']> {
    return this.editor.timings(file);
  }

  /** The custom editor and the scheme of opened cells; nothing is read until a file is opened. */
  register(): vscode.Disposable[] {
    return [
      vscode.window.registerCustomEditorProvider(RESULTS_VIEW_TYPE, this.editor, { webviewOptions: { retainContextWhenHidden: false }, supportsMultipleEditorsPerDocument: true }),
      vscode.workspace.registerTextDocumentContentProvider(RESULT_TEXT_SCHEME, new ResultTextProvider((file) => this.editor.openIndexes.get(file))),
    ];
  }

  dispose(): void {
    this.runs.dispose();
    this.editor.dispose();
    this.comparisons.dispose();
  }

  /** For tests: the comparison view opened last, if it is still open. */
  get comparison(): ComparisonPanel | undefined {
    return this.comparisons.latest;
  }

  /**
   * "Gist: Run over Data…", on a data file (a Uri from the Explorer or the editor title) or the
   * active editor's; with `{gistId, variants, dataFile, …}` (labRunArgs.ts) it asks nothing but the
   * key, and returns how the run ended.
   */
  async runOverData(target?: unknown): Promise<LabRunSummary | undefined> {
    if (await refusedInRestrictedMode(userMessage(vscode.l10n.t('Run over Data is not available in Restricted Mode: it would send a data file of a folder you have not trusted to your service, with your key. Trust the folder to use it.')))) {
      return;
    }
    const given = parseLabRunArgs(target);
    if (given !== undefined && !given.ok) {
      void showError(userMessage(vscode.l10n.t('Run over Data was given arguments it cannot use: {0}'), given.reason));
      return undefined;
    }
    const asked = await this.deps.signedInThen(async (connection) => {
      const request = given !== undefined ? await this.requestOf(given.args) : await runOverDataFlow({
        catalog: await this.deps.catalog.entries(),
        recentGists: this.deps.recentGists(),
        dataFile: dataFileOf(target),
        destination: this.deps.destination(),
        concurrency: this.deps.labSettings().concurrency,
        exists: (file) => Promise.resolve(existsSync(file)),
      });
      return request === undefined ? undefined : { request, connection };
    });
    if (asked === undefined) return undefined;
    const ranFrom = performance.now();
    const result = await this.runs.start(asked.request, asked.connection);
    return result === undefined
      ? undefined
      : { resultsFile: result.resultsPath, end: result.end, reason: result.reason?.kind, done: result.progress.done, failures: result.progress.failures, runMs: performance.now() - ranFrom };
  }

  /** The run the arguments ask for: the catalog's variables (else the data file's columns), matched to columns by name. */
  private async requestOf(args: LabRunArgs): Promise<LabRequest | undefined> {
    const format = formatOfPath(args.dataFile);
    if (format === undefined) {
      void showError(userMessage(vscode.l10n.t('{0} is not a data file: use a .csv, .jsonl (or .ndjson) or .json file.'), path.basename(args.dataFile)));
      return undefined;
    }
    let scan: DataScan;
    try {
      scan = await scanDataFile(args.dataFile, format);
    } catch (error) {
      void showError(userMessage('{0}', isDataFileError(error) ? error.message : String(error)));
      return undefined;
    }
    const entry = (await this.deps.catalog.entries()).gists.find((gist) => gist.id === args.gistId);
    const variables = entry?.variables.map((variable) => variable.name) ?? [...new Set([...scan.columns, ...Object.keys(args.mapping)])];
    const proposal = matchColumns(variables, scan.columns);
    const mapping = recordOf<ValueSource>([...Object.entries(proposal.mapping), ...Object.entries(args.mapping)]);
    const unmapped = variables.filter((variable) => mapping[variable] === undefined);
    if (unmapped.length > 0) {
      void showError(userMessage(vscode.l10n.t('The data file has no column for {0}: pass a column or a constant for each in "mapping".'), unmapped.join(', ')));
      return undefined;
    }
    return {
      gist: { id: args.gistId, label: entry?.label ?? args.gistId, entry },
      variants: args.variants,
      dataPath: args.dataFile,
      format,
      variables,
      mapping,
      samples: args.samples,
      onBadRow: args.onBadRow,
      resultsPath: args.resultsFile ?? resultsPathFor(args.dataFile, args.gistId),
      overwrite: args.overwrite,
      scan,
    };
  }

  async resume(target?: unknown): Promise<void> {
    const results = await resultsFileOf(target);
    if (results !== undefined) await this.runs.resume(results);
  }

  async rerunFailed(target?: unknown): Promise<void> {
    const results = await resultsFileOf(target);
    if (results !== undefined) await this.runs.rerunFailed(results);
  }

  /** "Gist: Review Results Blind…": the results view of the file, in blind review. */
  async review(target?: unknown): Promise<void> {
    const results = await resultsFileOf(target);
    if (results !== undefined) await this.editor.review(results);
  }

  /**
   * "Gist: Compare with an Earlier Run…" on a results file (a Uri from the Explorer or the view's
   * title, else the active one): the other run is `other` (a Uri), else picked from the
   * workspace's results files, newest first, or a file dialog. Says why when the two runs cannot
   * be compared; returns what the comparison found, or why not.
   */
  async compareRuns(target?: unknown, other?: unknown): Promise<ComparisonOutcome | undefined> {
    const results = await resultsFileOf(target);
    if (results === undefined) return undefined;
    const earlier = other instanceof vscode.Uri ? other : await pickOtherRun(results);
    if (earlier === undefined) return undefined;
    return this.comparisons.open(results, earlier);
  }

  /** Export of a results file as CSV or a Markdown table, into a file the user picks. */
  async export(target?: unknown, format?: unknown): Promise<vscode.Uri | undefined> {
    const results = await resultsFileOf(target);
    if (results === undefined) return undefined;
    const formats: Array<vscode.QuickPickItem & { readonly format: ExportFormat }> = [
      { label: vscode.l10n.t('CSV'), description: vscode.l10n.t('a row per data row, a column per variant, for a spreadsheet'), format: 'csv' },
      { label: vscode.l10n.t('Markdown table'), description: vscode.l10n.t('for a pull request or a wiki (each text cut to 500 characters)'), format: 'markdown' },
    ];
    const base = results.fsPath.slice(0, -RESULTS_SUFFIX.length);
    const saveAs = async (chosen: ExportFormat): Promise<{ readonly chosen: ExportFormat; readonly target: vscode.Uri | undefined }> => ({
      chosen,
      target: await vscode.window.showSaveDialog({
        defaultUri: vscode.Uri.file(`${base}.${chosen === 'csv' ? 'csv' : 'md'}`),
        filters: chosen === 'csv' ? { CSV: ['csv'] } : { Markdown: ['md'] },
        title: vscode.l10n.t('Export Results'),
      }),
    });
    // The format's pick stays on screen until the save dialog replaces it (see pickThen).
    const answer =
      format === 'csv' || format === 'markdown' ? await saveAs(format) : await pickThen(formats, { title: vscode.l10n.t('Export Results'), placeholder: vscode.l10n.t('Export as') }, (item) => saveAs(item.format));
    if (answer?.target === undefined) return undefined;
    const { chosen, target: target_ } = answer;
    let rows: number;
    try {
      const index = await ResultsIndex.open(results.fsPath);
      // Whole or not at all: a file the user agreed to replace is kept until the export is complete.
      rows = await writeWholeFile(target_.fsPath, (append) => exportResults(index, chosen, append));
    } catch (error) {
      void showError(userMessage(vscode.l10n.t('The results could not be exported to {0} ({1}); nothing was written there. Check the folder and try again.'), path.basename(target_.fsPath), error instanceof Error ? error.message : String(error)));
      return undefined;
    }
    const open = vscode.l10n.t('Open');
    void Promise.resolve(showInformation(userMessage(vscode.l10n.t('Exported {0} rows to {1}.'), rows, path.basename(target_.fsPath)), open)).then((choice) =>
      choice === open ? vscode.window.showTextDocument(target_) : undefined,
    );
    return target_;
  }
}

/** A data file the command was given, or the active editor's when it is one. */
function dataFileOf(target: unknown): vscode.Uri | undefined {
  const uri = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
  return uri !== undefined && uri.scheme === 'file' && formatOfPath(uri.fsPath) !== undefined && !uri.fsPath.endsWith(RESULTS_SUFFIX) ? uri : undefined;
}

/** The results file a command was given, the active results view's or editor's, or one the user picks. */
export async function resultsFileOf(target: unknown): Promise<vscode.Uri | undefined> {
  if (target instanceof vscode.Uri && target.fsPath.endsWith(RESULTS_SUFFIX)) return target;
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  const active = tab instanceof vscode.TabInputCustom || tab instanceof vscode.TabInputText ? tab.uri : undefined;
  if (active !== undefined && active.fsPath.endsWith(RESULTS_SUFFIX)) return active;
  const picked = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { [vscode.l10n.t('Gist run results')]: ['jsonl'] }, openLabel: vscode.l10n.t('Use') });
  return picked?.[0];
}
