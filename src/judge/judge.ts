// "Judge with a Language Model…" (`gist.lab.judge`) on a results file: a chat model the user picks
// judges the pairs a person would review, each twice with the sides swapped, after the user agreed
// to where the outputs go. Votes go to the judge's own votes file (src/judge/judgeVotesFile.ts),
// which the verdict panel counts apart from people's. No model is called before the consent, and
// never without the user running the command. The pure parts (plan, prompt, answer, run) are in
// this folder beside it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { resultsFileOf } from '../lab/lab';
import { RESULTS_VIEW_TYPE } from '../lab/resultsEditor';
import { ResultsIndex } from '../lab/resultsIndex';
import { chatModelAsker } from '../languageModels/askChatModel';
import { availableChatModels, chatModelById, sayNoChatModels } from '../languageModels/chatModels';
import type { ModelFailure, ModelFailureKind } from '../languageModels/modelFailure';
import { reviewSeed, scheduleReview } from '../review/pairScheduler';
import { isResultsFileError } from '../runs/resultsFileError';
import { CommandIds, type CommandTable } from '../shared/commandIds';
import type { Logger } from '../shared/logger';
import { plainText } from '../shared/inertText';
import { OpeningInput } from '../shared/multiStepInput';
import { InputHold } from '../shared/inputHold';
import { logValue } from '../shared/oneLine';
import { showError, showInformation, showWarning, withNotificationProgress } from '../shared/notify';
import type { FileLock } from '../shared/fileLock';
import { isVotesFileError, lockVotesFile } from '../review/votesFileAppend';
import { WorkspaceStateKeys } from '../shared/storageKeys';
import { userMessage, type UserMessage } from '../shared/userMessage';
import { judgeAgreement, type Agreement } from './judgeAgreement';
import { MAX_ANSWER_CHARS } from './judgeAnswer';
import { parseJudgeArgs, type JudgeArgs } from './judgeArgs';
import { judgeCells, PairReader, type JudgeCells } from './judgeCells';
import { askJudgeConsent } from './judgeConsent';
import { consentCounts, type JudgeConsentDialog } from './judgeConsentQuestion';
import { judgeFlow, judgeFlowTitle, type JudgeFlowChoice } from './judgeFlow';
import { DEFAULT_JUDGE_INSTRUCTION } from './judgeInstruction';
import { JudgeInstructionViewer } from './judgeInstructionViewer';
import { rememberInstruction } from './judgeResume';
import { judgementsOf, planJudging } from './judgePlan';
import { runJudging, type JudgeRunResult } from './judgeRun';
import { JudgeVotesFile } from './judgeVotesFile';

/** What `gist.lab.judge` returns: how the run ended, and the judge's agreement with itself over the whole file. */
export interface JudgeSummary {
  readonly votesFile: string;
  readonly model: string;
  /** `declined`: the user did not agree; `nothing`: every pair was judged already. */
  readonly end: 'finished' | 'cancelled' | 'stopped' | 'declined' | 'nothing';
  readonly reason?: ModelFailureKind;
  /** Judgements this run set out to ask, answered, and failed. */
  readonly requests: number;
  readonly judged: number;
  readonly failures: number;
  /** Over every pair of the file: judged both ways, agreeing, disagreeing (ties), judged one way only. */
  readonly pairs: Agreement & { readonly total: number };
}

export interface JudgeDeps {
  readonly logger: Logger;
  /** Workspace state: the instruction the user left last. */
  readonly workspaceState: vscode.Memento;
}

const JUSTIFICATION = (): string => vscode.l10n.t('Gist Generate asks the model to judge which of two outputs of your gist is better, as you asked with “Judge with a Language Model…”.');

export class Judge implements vscode.Disposable {
  /** This feature's part of the command table (src/commands.ts). */
  commands() {
    return {
      [CommandIds.labJudge]: (target: unknown) => this.judge(target),
    } satisfies CommandTable;
  }

  private consent: JudgeConsentDialog = askJudgeConsent;
  private readonly instructionViewer = new JudgeInstructionViewer();
  /** The runs under way, by votes file: one judge writes one file at a time. */
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly deps: JudgeDeps) {}

  /** Integration tests answer the consent (a modal the extension host cannot click); Test mode only. */
  answerConsentForTest(dialog: JudgeConsentDialog | undefined): void {
    this.consent = dialog ?? askJudgeConsent;
  }

  /** What Cancel on the progress notification does, for every run under way. */
  cancelAll(): void {
    for (const controller of this.running.values()) controller.abort();
  }

  dispose(): void {
    this.cancelAll();
    this.instructionViewer.dispose();
  }

  /** `gist.lab.judge`: on a results file (a Uri, `{resultsFile, model?, instruction?}`, the active view's, or one picked). */
  async judge(target?: unknown): Promise<JudgeSummary | undefined> {
    let args: JudgeArgs = {};
    if (target !== undefined && !(target instanceof vscode.Uri)) {
      const parsed = parseJudgeArgs(target);
      if (!parsed.ok) {
        void showError(userMessage(vscode.l10n.t('Judge with a Language Model was given arguments it cannot use: {0}.'), parsed.reason));
        return undefined;
      }
      args = parsed.args;
    }
    const results = args.resultsFile !== undefined ? vscode.Uri.file(args.resultsFile) : await resultsFileOf(target);
    if (results === undefined) return undefined;
    if (results.scheme !== 'file') {
      void showError(userMessage(vscode.l10n.t('{0} is not a file on disk: the judge reads results files from disk only.'), results.toString()));
      return undefined;
    }
    // Asked from the palette, the flow's input shows before the file is read (see OpeningInput).
    const opening = args.model === undefined || args.instruction === undefined ? new OpeningInput(judgeFlowTitle(), vscode.l10n.t('Reading {0}…', plainText(path.basename(results.fsPath), 100))) : undefined;
    let choice: JudgeFlowChoice | undefined;
    let loaded: Awaited<ReturnType<Judge['load']>>;
    // The flow's last input stays on screen until the consent is up: see InputHold.
    const hold = new InputHold();
    const opened = new Map<string, JudgeVotesFile>();
    const votesOf = async (chosen: vscode.LanguageModelChat): Promise<JudgeVotesFile | string> => {
      const known = opened.get(chosen.name);
      if (known !== undefined) return known;
      const file = await JudgeVotesFile.open(results.fsPath, chosen.name);
      if (!file.ok) return file.problem;
      opened.set(chosen.name, file.file);
      return file.file;
    };
    try {
      loaded = await this.load(results.fsPath);
      if (loaded === undefined || opening?.cancelled() === true) return undefined;
      if (scheduleReview(loaded.run.cells, { seed: 0, variants: loaded.run.variants }).length === 0) {
        void showInformation(userMessage(vscode.l10n.t('{0} has nothing to judge: a pair is two variants’ successful outputs of the same row that differ, and this run has none.'), path.basename(results.fsPath)));
        return undefined;
      }
      const models = await this.models(args, results);
      if (models === undefined || opening?.cancelled() === true) return undefined;
      choice = await judgeFlow({
        models: models.models,
        ...(models.given === undefined ? {} : { model: models.given }),
        ...(args.instruction === undefined ? {} : { instruction: args.instruction }),
        lastInstruction: this.deps.workspaceState.get<string>(WorkspaceStateKeys.judgeInstruction) ?? DEFAULT_JUDGE_INSTRUCTION,
        rememberedInstructions: this.deps.workspaceState.get<string[]>(WorkspaceStateKeys.judgeInstructionsAgreed) ?? [],
        keepInstruction: (instruction) => void this.deps.workspaceState.update(WorkspaceStateKeys.judgeInstruction, instruction),
        resumes: async (chosen) => {
          const votes = await votesOf(chosen);
          return typeof votes === 'string' || votes.existing === undefined ? undefined : { votesFile: path.basename(votes.path), instruction: votes.existing.instruction ?? '' };
        },
        showInstruction: (instruction, votesFile) => this.instructionViewer.show(instruction, votesFile),
        opening,
        hold,
      });
    } finally {
      opening?.dispose();
    }
    try {
      if (choice === undefined) return undefined;
      const { index, run } = loaded;
      const votes = await votesOf(choice.model);
      if (typeof votes === 'string') {
        void showError(userMessage('{0}', votes));
        return undefined;
      }
      // The user's instruction, or the file's as they read it whole: never one the user has not seen.
      return await this.judgeWith(results, index, run, choice.model, votes, choice.instruction, hold);
    } finally {
      hold.release();
    }
  }

  /** The results file's index and cells, or undefined after saying why it cannot be judged. */
  private async load(resultsPath: string): Promise<{ index: ResultsIndex; run: JudgeCells } | undefined> {
    try {
      const index = await ResultsIndex.open(resultsPath);
      return { index, run: await judgeCells(index) };
    } catch (error) {
      const reason = isResultsFileError(error) ? error.message : error instanceof Error ? error.message : String(error);
      void showError(userMessage(vscode.l10n.t('{0} cannot be judged: {1}'), path.basename(resultsPath), reason));
      return undefined;
    }
  }

  /** The models to pick from (or the one the arguments name), or undefined after saying there is none. */
  private async models(args: JudgeArgs, results: vscode.Uri): Promise<{ models: vscode.LanguageModelChat[]; given?: vscode.LanguageModelChat } | undefined> {
    if (args.model !== undefined) {
      const model = await chatModelById(args.model.id, args.model.vendor);
      if (model !== undefined) return { models: [model], given: model };
      const pick = vscode.l10n.t('Pick Another Model');
      void Promise.resolve(showError(userMessage(vscode.l10n.t('The language model {0} is not available now: its extension may be disabled or signed out.'), args.model.id), pick)).then((choice) =>
        choice === pick ? this.judge(results) : undefined,
      );
      return undefined;
    }
    const models = await availableChatModels();
    if (models.length === 0) {
      // Not awaited: the flow's opening input closes now, not once the warning is answered.
      void sayNoChatModels(vscode.l10n.t('judging'));
      return undefined;
    }
    return { models };
  }

  /**
   * Judges under the votes file's lock, held until the run ends: a judge of another window writing
   * the same file is said, not joined. The file is read again once the lock is held, as another
   * window may have judged meanwhile.
   */
  private async judgeWith(results: vscode.Uri, index: ResultsIndex, run: JudgeCells, model: vscode.LanguageModelChat, opened: JudgeVotesFile, instruction: string, hold: InputHold): Promise<JudgeSummary | undefined> {
    if (this.running.has(opened.path)) {
      void showInformation(userMessage(vscode.l10n.t('“{0}” is judging {1} already.'), model.name, path.basename(results.fsPath)));
      return undefined;
    }
    let lock: FileLock;
    try {
      lock = await lockVotesFile(opened.path);
    } catch (error) {
      if (!isVotesFileError(error)) throw error;
      void showWarning(userMessage('{0}', error.message));
      return undefined;
    }
    try {
      const reread = await JudgeVotesFile.open(results.fsPath, model.name);
      if (!reread.ok) {
        void showError(userMessage('{0}', reread.problem));
        return undefined;
      }
      if (reread.file.existing !== undefined && (reread.file.existing.instruction ?? '') !== instruction) {
        void showWarning(userMessage(vscode.l10n.t('{0} was started meanwhile with another instruction for the judge (in another window?). Judge again to read that file’s instruction whole and go on with it.'), path.basename(opened.path)));
        return undefined;
      }
      return await this.judgeHolding(results, index, run, model, reread.file, instruction, lock, hold);
    } finally {
      await lock.release();
    }
  }

  private async judgeHolding(results: vscode.Uri, index: ResultsIndex, run: JudgeCells, model: vscode.LanguageModelChat, votes: JudgeVotesFile, instruction: string, lock: FileLock, hold: InputHold): Promise<JudgeSummary | undefined> {
    const resultsName = path.basename(results.fsPath);
    const votesName = path.basename(votes.path);
    const schedule = scheduleReview(run.cells, { seed: reviewSeed(resultsName, model.name), variants: run.variants });
    const plan = planJudging(schedule, votes.actions);
    const summaryOf = (end: JudgeSummary['end'], outcome: JudgeRunResult | undefined, agreement: Agreement): JudgeSummary => ({
      votesFile: votes.path,
      model: model.name,
      end,
      ...(outcome?.stop === undefined ? {} : { reason: outcome.stop.kind }),
      requests: outcome?.total ?? 0,
      judged: outcome?.judged ?? 0,
      failures: outcome?.failures ?? 0,
      pairs: { ...agreement, total: schedule.length },
    });
    if (votes.problems.length > 0) {
      this.deps.logger.warn(`${votesName}: ${votes.problems.length} lines were skipped (first: line ${votes.problems[0]?.line}: ${votes.problems[0]?.message}).`);
    }
    if (plan.pending.length === 0) {
      const agreement = judgeAgreement(schedule, votes.actions);
      this.offerResults(results, userMessage(vscode.l10n.t('“{0}” has judged all {1} pairs of {2} already: its two judgements agree on {3} and disagree on {4} (counted as ties).'), model.name, schedule.length, resultsName, agreement.agreed, agreement.disagreed));
      return summaryOf('nothing', undefined, agreement);
    }
    const pairs = await this.consent({
      model: { name: model.name, vendor: model.vendor, family: model.family, id: model.id },
      resultsFile: resultsName,
      votesFile: votesName,
      gist: index.header.gist,
      instruction,
      resumed: votes.resumed,
      totalPairs: plan.totalPairs,
      judgedPairs: plan.judgedPairs,
      ...consentCounts(plan.pending),
    });
    hold.release();
    this.deps.logger.info(`Judge ${logValue(model.name)} (${logValue(model.vendor)}) on ${logValue(resultsName)}: ${pairs === undefined ? 'the user declined; nothing sent' : `the user agreed to ${pairs} of ${plan.pending.length} pending pairs`}.`);
    if (pairs === undefined) {
      return summaryOf('declined', undefined, judgeAgreement(schedule, votes.actions));
    }
    const remembered = this.deps.workspaceState.get<string[]>(WorkspaceStateKeys.judgeInstructionsAgreed) ?? [];
    void this.deps.workspaceState.update(WorkspaceStateKeys.judgeInstructionsAgreed, rememberInstruction(Array.isArray(remembered) ? remembered.filter((digest) => typeof digest === 'string') : [], instruction));
    const outcome = await this.run(results, index, run, model, votes, instruction, judgementsOf(plan.pending, pairs), lock);
    const reread = await JudgeVotesFile.open(results.fsPath, model.name);
    const agreement = judgeAgreement(schedule, reread.ok ? reread.file.actions : votes.actions);
    this.deps.logger.info(`Judge ${logValue(model.name)} on ${logValue(resultsName)}: ${outcome.end}, ${outcome.judged} judged, ${outcome.failures} failed, ${outcome.changed} left (cells changed) of ${outcome.total}; pairs judged both ways ${agreement.complete} (agree ${agreement.agreed}, disagree ${agreement.disagreed}), one way ${agreement.incomplete}.`);
    this.report(results, model, votesName, outcome, agreement, pairs);
    return summaryOf(outcome.end, outcome, agreement);
  }

  private async run(results: vscode.Uri, index: ResultsIndex, run: JudgeCells, model: vscode.LanguageModelChat, votes: JudgeVotesFile, instruction: string, judgements: ReturnType<typeof judgementsOf>, lock: FileLock): Promise<JudgeRunResult> {
    const controller = new AbortController();
    this.running.set(votes.path, controller);
    const reader = await PairReader.open(index, run.variants);
    try {
      const title = userMessage(vscode.l10n.t('Judging {0} with “{1}”'), path.basename(results.fsPath), model.name);
      return await withNotificationProgress(title, async (progress, token) => {
        const cancel = token.onCancellationRequested(() => controller.abort());
        let reported = 0;
        try {
          return await runJudging({
            judgements,
            gist: index.header.gist,
            instruction,
            reviewer: model.name,
            ask: chatModelAsker(model, { justification: JUSTIFICATION(), maxAnswerChars: MAX_ANSWER_CHARS }),
            texts: (judgement) => reader.texts(judgement.pair),
            record: votes.writer(instruction, lock),
            signal: controller.signal,
            wait: waitFor,
            progress: (done, failures) => {
              const increment = ((done - reported) / judgements.length) * 100;
              reported = done;
              progress.report({
                increment,
                message: failures === 0 ? userMessage(vscode.l10n.t('{0} of {1} judgements'), done, judgements.length) : userMessage(vscode.l10n.t('{0} of {1} judgements, {2} failed'), done, judgements.length, failures),
              });
            },
            log: (line) => this.deps.logger.warn(line),
          });
        } finally {
          cancel.dispose();
        }
      });
    } finally {
      this.running.delete(votes.path);
      await reader.close();
    }
  }

  /** The message at the end of a run: what happened, and a button for what to do next. */
  private report(results: vscode.Uri, model: vscode.LanguageModelChat, votesName: string, outcome: JudgeRunResult, agreement: Agreement, pairs: number): void {
    const resume = vscode.l10n.t('Resume Judging');
    const again = vscode.l10n.t('Judge Again');
    const another = vscode.l10n.t('Pick Another Model');
    const showLog = vscode.l10n.t('Show Log');
    const act = (choice: string | undefined): void => {
      if (choice === resume || choice === again) void this.judge({ resultsFile: results.fsPath, model: { id: model.id, vendor: model.vendor } });
      else if (choice === another) void this.judge(results);
      else if (choice === showLog) this.deps.logger.show();
    };
    const tally = userMessage(vscode.l10n.t('Of the pairs judged both ways, {0} agree and {1} disagree (counted as ties); {2} judgements this run are in {3}.'), agreement.agreed, agreement.disagreed, outcome.judged, votesName);
    if (outcome.end === 'finished') {
      if (outcome.failures === 0) {
        this.offerResults(results, userMessage(vscode.l10n.t('“{0}” judged {1} pairs. {2}'), model.name, pairs, tally));
      } else {
        void Promise.resolve(showWarning(userMessage(vscode.l10n.t('“{0}” judged {1} pairs, and {2} judgements failed (the answer was not a verdict, or the request failed: see the log); judging again asks only those. {3}'), model.name, pairs, outcome.failures, tally), again, showLog)).then(act);
      }
      return;
    }
    if (outcome.end === 'cancelled') {
      void Promise.resolve(showInformation(userMessage(vscode.l10n.t('Judging cancelled. {0} Judging again with “{1}” asks only the rest.'), tally, model.name), resume)).then(act);
      return;
    }
    const stop = outcome.stop as ModelFailure;
    switch (stop.kind) {
      case 'noPermission':
        void Promise.resolve(showError(userMessage(vscode.l10n.t('Gist Generate may not use “{0}” ({1}). Allow it when VS Code asks, or under Manage Language Model Access in the Accounts menu, then try again. {2}'), model.name, stop.message, tally), again)).then(act);
        return;
      case 'blocked':
        void Promise.resolve(showWarning(userMessage(vscode.l10n.t('“{0}” is not taking requests from Gist Generate now: a rate limit or quota ({1}). Resume later, or pick another model. {2}'), model.name, stop.message, tally), resume, another)).then(act);
        return;
      case 'notFound':
        void Promise.resolve(showError(userMessage(vscode.l10n.t('“{0}” is no longer available ({1}): pick another model. {2}'), model.name, stop.message, tally), another)).then(act);
        return;
      default:
        void Promise.resolve(showError(userMessage(vscode.l10n.t('Judging stopped: {0}. {1}'), stop.message, tally), showLog, resume)).then(act);
    }
  }

  /** A message with "Open Results", which opens the results view (its verdict panel shows the judge's figures). */
  private offerResults(results: vscode.Uri, message: UserMessage): void {
    const open = vscode.l10n.t('Open Results');
    void Promise.resolve(showInformation(message, open)).then((choice) => (choice === open ? vscode.commands.executeCommand('vscode.openWith', results, RESULTS_VIEW_TYPE) : undefined));
  }
}

/** Resolves after `ms`, or as soon as `signal` aborts. */
function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
