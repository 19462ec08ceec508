// The runs of this window: each under one cancellable progress notification (done/total,
// failures, calls per second, time left), shown in the status bar too, its results file opened in
// the results view as it fills, and one message at the end that says how it went and what to do.
// Starting, resuming, rerunning failed cells and exporting all come through here.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GistClient } from '../client/gistClient';
import type { ConnectionSettings } from '../client/types';
import { isDataFileError } from '../dataset/dataFileError';
import { isLabSetupError } from '../runs/labSetupError';
import { resumeLabRun, startLabRun, type LabRunOptions, type LabRunResult } from '../runs/labRun';
import type { RunProgress } from '../runs/progressMeter';
import { isResultsFileError } from '../runs/resultsFileError';
import { planResume, resumeCalls } from '../runs/resumePlan';
import { MAX_RUN_CALLS } from '../shared/limits';
import { readResultsHeader } from '../runs/resultsReader';
import { dataPathOf } from '../runs/resultsFormat';
import { resolvesInsideFolder } from '../shared/insideFolder';
import { TEST_FILE_FORMAT } from '../runs/checksMember';
import { CommandIds } from '../shared/commandIds';
import type { Logger } from '../shared/logger';
import { humanDuration } from '../shared/duration';
import type { LabRequest } from './runOverDataFlow';
import { RESULTS_VIEW_TYPE } from './resultsEditor';
import { openBesideUnfocused } from '../shared/besideUnfocused';
import { LiveResults, type ResultsWritten } from './liveResults';
import { resultsFileChoice } from './resultsFileChoice';
import { refusedInRestrictedMode } from './restrictedModeRefusal';
import { userMessage } from '../shared/userMessage';
import { askModal, showError, showInformation, showWarning, withNotificationProgress } from '../shared/notify';

export interface LabRunsDeps {
  readonly client: GistClient;
  /** `next` with the window's connection, after the key flow when there is no key (its input held until `next` ends); undefined when the user gave up. */
  signedInThen<R>(next: (connection: ConnectionSettings) => Thenable<R> | R): Promise<R | undefined>;
  /** The calls per run at most (`gist.lab.concurrency`) and retries per call (`gist.lab.maxRetries`). */
  labSettings(): { readonly concurrency: number; readonly maxRetries: number };
  /** The window's profile and its service's host, for the question before a resume. */
  destination(): { readonly profile: string; readonly host: string };
  readonly logger: Logger;
  readonly version: string;
  /** What the status bar shows of the runs under way (undefined when none). */
  setStatus(status: { readonly done: number; readonly total: number; readonly runs: number } | undefined): void;
}

/** The status bar follows a run at most this often: a status bar change is a message to the workbench, and edits made meanwhile wait for it. */
const STATUS_EVERY_MS = 1000;

interface ActiveRun {
  readonly abort: AbortController;
  progress: RunProgress | undefined;
}

export class LabRuns implements vscode.Disposable {
  private readonly active = new Map<string, ActiveRun>();
  private readonly changed = new vscode.EventEmitter<string>();
  readonly onDidChange = this.changed.event;
  private readonly written = new vscode.EventEmitter<ResultsWritten>();
  /** Each write of a run's lines to its results file, once it is in the file: the views of that file take them without reading them back. */
  readonly onDidWrite = this.written.event;
  private statusShownAt = 0;

  constructor(private readonly deps: LabRunsDeps) {}

  dispose(): void {
    for (const run of this.active.values()) run.abort.abort();
    this.changed.dispose();
    this.written.dispose();
  }

  /** Cancel on every run of this window, as its notification's button does. */
  cancelAll(): void {
    for (const run of this.active.values()) run.abort.abort();
  }

  isRunning(resultsPath: string): boolean {
    return this.active.has(resultsPath);
  }

  /**
   * A new run, as the flow asked for it. When its results file's name turned out taken (made
   * meanwhile, or another window writes it), the message offers Save As…, which runs the same
   * request under another name: none of the flow's answers is asked again.
   */
  async start(request: LabRequest, connection: ConnectionSettings): Promise<LabRunResult | undefined> {
    const { concurrency, maxRetries } = this.deps.labSettings();
    const saveAs = (resultsPath: string, overwrite: boolean): void => void this.start({ ...request, resultsPath, overwrite }, connection);
    return this.track(request.resultsPath, request.gist.label, path.basename(request.dataPath), saveAs, (options) =>
      startLabRun(
        {
          gistId: request.gist.id,
          variants: request.variants,
          samples: request.samples,
          dataPath: request.dataPath,
          dataFormat: request.format,
          variables: request.variables,
          mapping: request.mapping,
          resultsPath: request.resultsPath,
          overwrite: request.overwrite,
          scan: request.scan,
        },
        { ...options, concurrency, maxRetries, onBadRow: request.onBadRow, service: { client: this.deps.client, connection } },
      ),
    );
  }

  resume(results: vscode.Uri): Promise<void> {
    return this.again(results, false);
  }

  rerunFailed(results: vscode.Uri): Promise<void> {
    return this.again(results, true);
  }

  /** Resume (the missing cells) or Rerun Failed (those and the failed ones) of a results file. */
  private async again(results: vscode.Uri, rerunFailed: boolean): Promise<void> {
    // A results file is workspace content: its header names the gist, the variants and a data file to send.
    if (
      await refusedInRestrictedMode(
        userMessage(vscode.l10n.t('Resume and Rerun Failed are not available in Restricted Mode: they would send a data file of a folder you have not trusted to your service, with your key. Trust the folder to use them.')),
      )
    ) {
      return;
    }
    const resultsPath = results.fsPath;
    if (this.active.has(resultsPath)) {
      void showInformation(userMessage(vscode.l10n.t('A run is writing this results file already; wait for it, or cancel it in its notification.')));
      return;
    }
    const header = await readResultsHeader(resultsPath).catch(() => undefined);
    if (header?.data.format === TEST_FILE_FORMAT) {
      void showInformation(userMessage(vscode.l10n.t('These are the results of a check run: run the checks again from the Testing view (Test: Rerun Failed Tests).')));
      return;
    }
    if (header !== undefined && !(await this.dataInsideWorkspace(results, dataPathOf(resultsPath, header)))) {
      // A results file is workspace content: its header may name any file, which a resume would read and send.
      const runOverData = vscode.l10n.t('Run over Data…');
      void Promise.resolve(
        showError(userMessage(vscode.l10n.t('The data file of this run ({0}) is outside the workspace: a resume reads data only inside it. Start a new run on data in the workspace.'), header.data.path), runOverData),
      ).then((choice) => (choice === runOverData ? vscode.commands.executeCommand(CommandIds.labRunOverData) : undefined));
      return;
    }
    const plan = await planResume(resultsPath, { rerunFailed });
    switch (plan.kind) {
      case 'complete':
        void showInformation(userMessage(rerunFailed ? vscode.l10n.t('No cell of this run failed: there is nothing to run again.') : vscode.l10n.t('Every cell of this run has its result: there is nothing to resume.')));
        return;
      case 'dataChanged': {
        const newRun = vscode.l10n.t('Start a New Run');
        const choice = await showWarning(
          userMessage(vscode.l10n.t('The data file {0} changed since this run started (its SHA-256 differs), so resuming would mix two data sets. Start a new run on the data as it is now.'), plan.header.data.path),
          newRun,
        );
        if (choice === newRun) await vscode.commands.executeCommand(CommandIds.labRunOverData, vscode.Uri.file(plan.dataPath));
        return;
      }
      case 'dataUnreadable':
        void showError(userMessage(vscode.l10n.t('The data file of this run cannot be read ({0}). Put it back at {1}, relative to the results file, then resume.'), plan.error.message, plan.header.data.path));
        return;
      case 'resume':
        break;
    }
    // The header says how many cells there are: a results file from a repository may ask for any number.
    const calls = resumeCalls(plan);
    if (calls > MAX_RUN_CALLS) {
      void showError(userMessage(vscode.l10n.t('This run would go on with {0} calls; a run makes at most {1}. Start a new run with fewer rows, variants or samples.'), calls.toLocaleString(), MAX_RUN_CALLS.toLocaleString()));
      return;
    }
    const { concurrency, maxRetries } = this.deps.labSettings();
    const go = calls === 1 ? vscode.l10n.t('Run 1 Call') : vscode.l10n.t('Run {0} Calls', calls.toLocaleString());
    // Asked while the key's input (when the key was asked for) is still on screen: see InputHold.
    const connection = await this.deps.signedInThen(async (signedIn) => {
      // Calls cost: say how many, of what, to where, before any is made, as Run over Data's summary does.
      const { profile, host } = this.deps.destination();
      const choice = await askModal(
        rerunFailed ? userMessage(vscode.l10n.t('Rerun the failed and missing cells of {0}?'), path.basename(resultsPath)) : userMessage(vscode.l10n.t('Resume {0}?'), path.basename(resultsPath)),
        calls === 1
          ? userMessage(vscode.l10n.t('1 call of the gist {0} over {1}, to profile {2} at {3}.'), plan.header.gist, path.basename(plan.dataPath), profile, host)
          : userMessage(vscode.l10n.t('{0} calls of the gist {1} over {2}, up to {3} at a time, to profile {4} at {5}.'), calls.toLocaleString(), plan.header.gist, path.basename(plan.dataPath), concurrency, profile, host),
        go,
      );
      return choice === go ? signedIn : undefined;
    });
    if (connection === undefined) return;
    await this.track(resultsPath, plan.header.gist, path.basename(plan.dataPath), undefined, (options) =>
      resumeLabRun(plan, { ...options, concurrency, maxRetries, service: { client: this.deps.client, connection } }),
    );
  }

  /**
   * Whether a results file's data file may be read for a resume: inside the workspace folder of the
   * results file (links followed). A results file outside every workspace folder was opened from
   * disk by the user, and its data is wherever it is; a data file that does not exist is for the
   * plan to report.
   */
  private async dataInsideWorkspace(results: vscode.Uri, dataPath: string): Promise<boolean> {
    const folder = vscode.workspace.getWorkspaceFolder(results);
    if (folder === undefined) return true;
    return resolvesInsideFolder(folder.uri.fsPath, dataPath).catch(() => !existsSync(dataPath));
  }

  /** Runs `work` under the progress notification and the status bar, then says how it ended. */
  private async track(
    resultsPath: string,
    gistLabel: string,
    dataName: string,
    saveAs: ((resultsPath: string, overwrite: boolean) => void) | undefined,
    work: (options: Pick<LabRunOptions, 'signal' | 'onProgress' | 'tool' | 'resultsObserver'>) => Promise<LabRunResult>,
  ): Promise<LabRunResult | undefined> {
    const run: ActiveRun = { abort: new AbortController(), progress: undefined };
    this.active.set(resultsPath, run);
    this.publish(resultsPath);
    let opened = false;
    try {
      const result = await withNotificationProgress(userMessage(vscode.l10n.t('Running {0} over {1}'), gistLabel, dataName), async (progress, token) => {
          token.onCancellationRequested(() => run.abort.abort());
          let reported = 0;
          return work({
            signal: run.abort.signal,
            tool: { name: 'gist-generate', version: this.deps.version },
            resultsObserver: new LiveResults((start, lines) => this.written.fire({ path: resultsPath, start, lines })),
            onProgress: (now) => {
              run.progress = now;
              const share = now.total === undefined || now.total === 0 ? 0 : (now.done / now.total) * 100;
              progress.report({ message: userMessage(progressLine(now)), increment: share - reported });
              reported = share;
              this.publish(resultsPath, false);
              if (!opened && now.done > 0) {
                opened = true;
                // The results view shows the cells as they arrive.
                openBesideUnfocused(vscode.Uri.file(resultsPath), RESULTS_VIEW_TYPE);
              }
            },
          });
      });
      this.report(result, gistLabel);
      return result;
    } catch (error) {
      this.reportSetupFailure(error, resultsPath, saveAs);
      return undefined;
    } finally {
      this.active.delete(resultsPath);
      this.publish(resultsPath);
    }
  }

  /** Tells the results views and the status bar; `now`: a run started or ended, not throttled. */
  private publish(resultsPath: string, now = true): void {
    this.changed.fire(resultsPath);
    if (!now && Date.now() - this.statusShownAt < STATUS_EVERY_MS) {
      return;
    }
    this.statusShownAt = Date.now();
    const runs = [...this.active.values()];
    this.deps.setStatus(
      runs.length === 0
        ? undefined
        : {
            runs: runs.length,
            done: runs.reduce((sum, run) => sum + (run.progress?.done ?? 0), 0),
            total: runs.reduce((sum, run) => sum + (run.progress?.total ?? 0), 0),
          },
    );
  }

  private report(result: LabRunResult, gistLabel: string): void {
    const file = vscode.Uri.file(result.resultsPath);
    const name = path.basename(result.resultsPath);
    const { done, total, failures } = result.progress;
    const openResults = vscode.l10n.t('Open Results');
    const resume = vscode.l10n.t('Resume');
    const open = (choice: string | undefined): void => {
      if (choice === openResults) void vscode.commands.executeCommand('vscode.openWith', file, RESULTS_VIEW_TYPE);
      if (choice === resume) void this.resume(file);
    };
    this.deps.logger.info(`Lab run of ${gistLabel} into ${result.resultsPath}: ${result.end}${result.reason === undefined ? '' : ` (${result.reason.kind})`}, ${done}/${total ?? '?'} calls, ${failures} failed`);
    if (result.end === 'finished') {
      void Promise.resolve(
        showInformation(
          userMessage(
            `${done === 1 ? vscode.l10n.t('{0}: 1 call done, {2} failed, in {3}. The results are in {4}.') : vscode.l10n.t('{0}: {1} calls done, {2} failed, in {3}. The results are in {4}.')}${limitedNote(result.progress)}`,
            gistLabel,
            done,
            failures,
            humanDuration(result.progress.elapsedMs / 1000),
            name,
            result.progress.overloaded,
            (result.progress.pacedPerSecond ?? 0).toFixed(1),
          ),
          openResults,
        ),
      ).then(open);
      return;
    }
    if (result.end === 'cancelled') {
      void Promise.resolve(
        showInformation(userMessage(vscode.l10n.t('Run cancelled after {0} of {1} calls; what finished is kept in {2}.'), done, total ?? '?', name), resume, openResults),
      ).then(open);
      return;
    }
    const reason = result.reason;
    if (reason?.kind === 'authentication' || reason?.kind === 'configuration') {
      const setKey = vscode.l10n.t('Set API Key');
      void Promise.resolve(showError(userMessage(done === 1 ? vscode.l10n.t('The run stopped after 1 call: {1} Then resume it.') : vscode.l10n.t('The run stopped after {0} calls: {1} Then resume it.'), done, reason.error.message), setKey, openResults)).then((choice) =>
        choice === setKey ? vscode.commands.executeCommand(CommandIds.setApiKey) : open(choice),
      );
      return;
    }
    const why =
      reason?.kind === 'badRow'
        ? vscode.l10n.t('row {0} (line {1}) of the data file cannot be sent: {2}', reason.row, reason.line, reason.message)
        : reason?.kind === 'dataFile'
          ? reason.error.message
          : vscode.l10n.t('the results file could not be written ({0})', reason?.kind === 'sink' && reason.error instanceof Error ? reason.error.message : String(reason?.kind));
    void Promise.resolve(showError(userMessage(done === 1 ? vscode.l10n.t('The run stopped after 1 call: {1}.') : vscode.l10n.t('The run stopped after {0} calls: {1}.'), done, why), resume, openResults)).then(open);
  }

  private reportSetupFailure(error: unknown, resultsPath: string, saveAs?: (resultsPath: string, overwrite: boolean) => void): void {
    if (saveAs !== undefined && isResultsFileError(error) && (error.kind === 'exists' || error.kind === 'busy')) {
      // A new run whose name is taken: another name keeps every answer of the flow.
      const other = vscode.l10n.t('Save As…');
      const openResults = vscode.l10n.t('Open Results');
      void Promise.resolve(showWarning(userMessage('{0}', error.message), other, openResults)).then(async (choice) => {
        if (choice === openResults) {
          await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(resultsPath), RESULTS_VIEW_TYPE, { preview: false });
        } else if (choice === other) {
          const saved = await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.file(resultsPath), filters: { [vscode.l10n.t('Gist run results')]: ['jsonl'] }, title: vscode.l10n.t('Results File') });
          if (saved === undefined) return;
          const picked = resultsFileChoice(saved.fsPath);
          // Replacing is agreed only where the dialog asked about that very file; a taken name fails again, with this message.
          saveAs(picked.resultsPath, picked.dialogAskedAboutIt && existsSync(picked.resultsPath));
        }
      });
      return;
    }
    if (isResultsFileError(error) && (error.kind === 'busy' || error.kind === 'changed')) {
      // Another window or gist-check writes the file (busy), or wrote to it while the resume was planned (changed).
      const action = error.kind === 'busy' ? vscode.l10n.t('Open Results') : vscode.l10n.t('Resume');
      void Promise.resolve(showWarning(userMessage('{0}', error.message), action)).then((choice) => {
        if (choice === undefined) return;
        if (error.kind === 'changed') void this.resume(vscode.Uri.file(resultsPath));
        else void vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(resultsPath), RESULTS_VIEW_TYPE, { preview: false });
      });
      return;
    }
    if (isLabSetupError(error) || isDataFileError(error) || isResultsFileError(error)) {
      void showError(userMessage('{0}', error.message));
      return;
    }
    this.deps.logger.error(`Lab run failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    const openLog = vscode.l10n.t('Open Log');
    void Promise.resolve(showError(userMessage(vscode.l10n.t('The run stopped unexpectedly; the log has the details.')), openLog)).then((choice) => (choice === openLog ? this.deps.logger.show() : undefined));
  }
}

/** A sentence for a finished run the service limited ({5}: refusals, {6}: the pace it allowed), or nothing. */
function limitedNote(progress: RunProgress): string {
  if (progress.overloaded === 0) return '';
  return ' ' + (progress.pacedPerSecond === undefined ? vscode.l10n.t('The service limited the run: it refused {5} calls (429 or 503), each tried again.') : vscode.l10n.t('The service limited the run to about {6} calls/s: it refused {5} calls (429 or 503), each tried again.'));
}

/** "120/720 calls · 3 failed · 8.2 calls/s · the service allows about 8.5 calls/s · about 1 min left" */
export function progressLine(progress: RunProgress): string {
  const parts = [vscode.l10n.t('{0}/{1} calls', progress.done, progress.total ?? '?')];
  if (progress.failures > 0) parts.push(vscode.l10n.t('{0} failed', progress.failures));
  parts.push(vscode.l10n.t('{0} calls/s', progress.callsPerSecond.toFixed(1)));
  if (progress.serviceLimited === true) {
    parts.push(progress.pacedPerSecond === undefined ? vscode.l10n.t('the service is limiting the run') : vscode.l10n.t('the service allows about {0} calls/s', progress.pacedPerSecond.toFixed(1)));
  }
  if (progress.pausedMs > 0) parts.push(vscode.l10n.t('paused {0} by the service', humanDuration(progress.pausedMs / 1000)));
  if (progress.secondsLeft !== undefined) parts.push(vscode.l10n.t('about {0} left', humanDuration(progress.secondsLeft)));
  return parts.join(' · ');
}
