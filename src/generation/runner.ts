// The one pipeline every generate call goes through (Generate, Compare Variants, Repeat Last,
// Retry, the gist_generate language model tool): the calls under one cancellable progress
// notification, the status bar spinner, one log line per call, the last call id, the failure
// notification and its buttons, the history and the outcome event. The caller decides only where
// the results go; Insert Again uses the same `insert`. A tool shows its calls itself (`shownBy`).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { describeError } from '../client/describe';
import { GistError, isGistError } from '../client/errors';
import type { GistClient } from '../client/gistClient';
import { logValue } from '../shared/oneLine';
import type { ConnectionSettings, GenerateRequest, GenerationResult } from '../client/types';
import { FEEDBACK_DELAY_MS } from '../shared/limits';
import { labelText } from '../shared/inertText';
import { showInformation, withNotificationProgress } from '../shared/notify';
import { userMessage, type UserMessage } from '../shared/userMessage';
import type { Logger } from '../shared/logger';
import { redactValues } from '../shared/redact';
import type { ExtensionState } from '../shared/state';
import { formatCallLine } from './callLogLine';
import type { ErrorAction } from './errorActions';
import { notifyFailure } from './errorNotifier';
import type { InsertMode } from './insertMode';
import type { InsertionOutcome, InsertionTarget } from './insertionTarget';

export type InsertionKind = InsertionOutcome['kind'];

/** What happened to one call: published to other extensions and kept in the history. */
export interface CallOutcome {
  readonly request: GenerateRequest;
  /** The gist's label as shown to the user (the id when it has none). */
  readonly label: string;
  readonly result?: GenerationResult | undefined;
  readonly error?: GistError | undefined;
  /** Where the content went: the editor, a new document (Compare Variants' too) or the clipboard. */
  readonly insertion?: InsertionKind | undefined;
  readonly durationMs: number;
  /** The name of the profile (service and key) the call went to. */
  readonly profile?: string | undefined;
}

/** An outcome with what only the tests see: the failure notification's buttons and what "Retry" runs. */
export interface TestedCallOutcome extends CallOutcome {
  readonly actions?: readonly ErrorAction[] | undefined;
  readonly retry?: (() => Thenable<unknown>) | undefined;
}

/** One call, settled. */
export interface Settled {
  readonly request: GenerateRequest;
  readonly result?: GenerationResult | undefined;
  readonly error?: GistError | undefined;
  readonly durationMs: number;
}

export interface Job {
  readonly connection: ConnectionSettings;
  /** The gist's label as shown to the user. */
  readonly label: string;
  /** One request (Generate), or one per variant of the same gist (Compare Variants), sent together. */
  readonly requests: readonly GenerateRequest[];
  /** Puts the results where they go once every call has settled; says, per call, where it went. */
  readonly place: (settled: readonly Settled[]) => Promise<ReadonlyArray<InsertionKind | undefined>>;
  /** What "Retry" runs: the failed requests again, without prompting. */
  readonly retry: (failed: readonly GenerateRequest[]) => Thenable<unknown>;
  /**
   * Who shows the calls: the runner (a progress notification with Cancel, a notification for the
   * failures), or the caller (a language model tool: the chat shows the progress, the model is told
   * what failed). The spinner, the log, the history and the outcome event are the same either way.
   */
  readonly shownBy?: 'runner' | 'caller' | undefined;
  /** Cancels the calls too (a tool's token); when the caller shows them, the only way to. */
  readonly token?: vscode.CancellationToken | undefined;
}

/** Where finished calls are kept (the "Gist Calls" history). */
export interface CallRecorder {
  record(outcome: CallOutcome): Promise<void>;
}

export class GenerationRunner implements vscode.Disposable {
  private readonly finished = new vscode.EventEmitter<TestedCallOutcome>();
  /** Fires after every call, successful or not, once its content has been placed. */
  readonly onDidFinish = this.finished.event;

  constructor(
    private readonly client: GistClient,
    private readonly state: ExtensionState,
    private readonly history: CallRecorder,
    private readonly logger: Logger,
  ) {}

  /** Runs the job's calls; every failure is shown and logged, nothing throws. One `Settled` per request, in order. */
  async run(job: Job): Promise<Settled[]> {
    const settled = await this.callAll(job);
    let placed: ReadonlyArray<InsertionKind | undefined>;
    try {
      placed = await job.place(settled);
    } finally {
      // Only once the text is in: the tooltip and global state change with it, and the workbench
      // handled those messages ahead of an edit sent after them (~2 ms slower for 1 KB, npm run bench).
      for (const one of settled) {
        if (one.result !== undefined) {
          this.state.setLastCallId(one.result.id);
        }
      }
    }
    // A cancelled call is not a failure to report.
    const failures = settled.flatMap((one) => (one.error !== undefined && one.error.kind !== 'cancelled' ? [{ request: one.request, error: one.error }] : []));
    const retry = (): Thenable<unknown> => job.retry(failures.map((failure) => failure.request));
    const succeeded = settled.filter((one) => one.result !== undefined).length;
    const actions = job.shownBy === 'caller' ? undefined : this.notify(job, failures, succeeded, retry);
    for (const [index, one] of settled.entries()) {
      const offered = failures.some((failure) => failure.request === one.request) ? actions : undefined;
      // What is kept and handed out holds no key, even one typed into a value; Retry sends what was typed.
      const outcome: TestedCallOutcome = withoutKeys(
        {
          request: one.request,
          label: job.label,
          result: one.result,
          error: one.error,
          insertion: placed[index],
          durationMs: one.durationMs,
          profile: job.connection.profile,
          actions: offered,
          retry: offered?.includes('retry') === true ? retry : undefined,
        },
        (text) => this.logger.redact(text),
      );
      void this.history.record(outcome);
      this.finished.fire(outcome);
    }
    return settled;
  }

  /** Puts generated text into its target, telling the user when it went somewhere else. */
  async insert(target: InsertionTarget, content: string, mode: InsertMode, callId?: string): Promise<InsertionKind> {
    const insertion = await target.insert(content, mode);
    const elsewhere = whereItWent(insertion);
    if (elsewhere !== undefined) {
      this.logger.info(elsewhere);
      void showInformation(elsewhere);
    } else if (insertion.kind === 'clipboard' && callId !== undefined) {
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Generated text copied to the clipboard (call {0})', labelText(callId, 100)), 5000);
    }
    return insertion.kind;
  }

  /**
   * Every call of the job at once. Calls still running after FEEDBACK_DELAY_MS get a cancellable
   * progress notification (Compare Variants': one step per variant done); faster ones none. A job
   * whose caller shows its own progress (a language model tool) gets none, and its token cancels.
   */
  private callAll(job: Job): Promise<Settled[]> {
    const count = job.requests.length;
    const abort = new AbortController();
    const cancellations: vscode.Disposable[] = [];
    const cancelOn = (token: vscode.CancellationToken | undefined): void => {
      if (token?.isCancellationRequested === true) {
        abort.abort();
      } else if (token !== undefined) {
        cancellations.push(token.onCancellationRequested(() => abort.abort()));
      }
    };
    cancelOn(job.token);
    const done: Array<string | undefined> = [];
    let reportDone: ((variant: string | undefined) => void) | undefined;
    const all = Promise.all(
      job.requests.map(async (request) => {
        const settled = await this.call(job.connection, request, abort.signal);
        done.push(request.variant);
        reportDone?.(request.variant);
        return settled;
      }),
    );
    const timer =
      job.shownBy === 'caller'
        ? undefined
        : setTimeout(() => {
            const title = count === 1 ? userMessage(vscode.l10n.t('Generating “{0}”…'), job.label) : userMessage(vscode.l10n.t('Comparing {0} variants of “{1}”…'), count, job.label);
            void withNotificationProgress(title, (progress, token) => {
              cancelOn(token);
              if (count > 1) {
                reportDone = (variant) => progress.report({ increment: 100 / count, message: variant === undefined ? undefined : userMessage('{0}', variant) });
                for (const variant of done) {
                  reportDone(variant);
                }
              }
              return all;
            });
          }, FEEDBACK_DELAY_MS);
    return all.finally(() => {
      clearTimeout(timer);
      for (const cancellation of cancellations) {
        cancellation.dispose();
      }
    });
  }

  /** One call, with the spinner on while it runs, and logged. */
  private async call(connection: ConnectionSettings, request: GenerateRequest, signal: AbortSignal): Promise<Settled> {
    const started = performance.now();
    const endGeneration = this.state.beginGeneration();
    this.logger.trace(() => `generate ${logValue(request.gistId)} values=${JSON.stringify(request.values)}`);
    let result: GenerationResult;
    try {
      result = await this.client.generate(connection, request, signal);
    } catch (caught) {
      const error = isGistError(caught) ? caught : new GistError('service', vscode.l10n.t('Unexpected error: {0}', String(caught)), 'openLog', { cause: caught });
      endGeneration();
      this.logFailure(connection, request, error, performance.now() - started);
      return { request, error, durationMs: performance.now() - started };
    }
    endGeneration();
    const durationMs = performance.now() - started;
    this.logger.info(
      formatCallLine({ gistId: request.gistId, variant: request.variant, callId: result.id, outcome: 'ok', durationMs, contentLength: result.content.length, profile: connection.profile }),
    );
    this.logger.trace(() => `content of ${logValue(result.id)}: ${JSON.stringify(result.content)}`);
    return { request, result, durationMs };
  }

  private logFailure(connection: ConnectionSettings, request: GenerateRequest, error: GistError, durationMs: number): void {
    const line = formatCallLine({
      gistId: request.gistId,
      variant: request.variant,
      callId: error.callId,
      outcome: error.kind,
      durationMs,
      profile: connection.profile,
      detail: describeError(error),
    });
    if (error.kind === 'cancelled') {
      this.logger.info(line);
    } else {
      this.logger.error(line);
    }
  }

  /**
   * One notification for the job's failures, none when there are none: one call's message, or
   * every failed variant on one line. Its buttons follow the first failure's kind and remedy.
   */
  private notify(job: Job, failures: ReadonlyArray<{ request: GenerateRequest; error: GistError }>, succeeded: number, retry: () => Thenable<unknown>): ErrorAction[] | undefined {
    const [first] = failures;
    if (first === undefined) {
      return undefined;
    }
    // Errors' messages hold the service's text: outside values, whole.
    let message = userMessage('{0}', first.error.message);
    if (job.requests.length > 1) {
      const lines = failures.map(({ request, error }) => `${request.variant ?? ''}: ${error.message}`).join(' ');
      message =
        succeeded === 0
          ? userMessage(vscode.l10n.t('No variant of “{0}” could be generated. {1}'), job.label, lines)
          : userMessage(vscode.l10n.t('{0} of {1} variants failed; the others are open. {2}'), failures.length, job.requests.length, lines);
    }
    return notifyFailure(message, first.error.kind, first.error.remedy, { retry });
  }

  dispose(): void {
    this.finished.dispose();
  }
}

/** The outcome with every known key out of its values (one function with the history and the last values), content, call id and error. */
function withoutKeys(outcome: TestedCallOutcome, redact: (text: string) => string): TestedCallOutcome {
  const { request, result, error } = outcome;
  const optional = (text: string | undefined): string | undefined => (text === undefined ? undefined : redact(text));
  return {
    ...outcome,
    request: { ...request, values: redactValues(request.values, redact) },
    result: result === undefined ? undefined : { id: redact(result.id), content: redact(result.content) },
    error:
      error === undefined
        ? undefined
        : new GistError(error.kind, redact(error.message), error.remedy, { ...error.details, serviceError: optional(error.details.serviceError), callId: optional(error.details.callId) }),
  };
}

/** The sentence that tells the user where the text went, when it is not where focus was; undefined when it is. */
function whereItWent(insertion: InsertionOutcome): UserMessage | undefined {
  if (insertion.kind === 'clipboard') {
    return undefined;
  }
  if (insertion.kind === 'inserted') {
    if (insertion.elsewhere === undefined) {
      return undefined;
    }
    const focus = insertion.elsewhere.focus;
    const name = path.posix.basename(insertion.document.uri.path);
    return focus === undefined
      ? userMessage(vscode.l10n.t('The generated text went into {0}, the last document you were in: no text editor has focus.'), name)
      : userMessage(vscode.l10n.t('The generated text went into {0}: the editor with focus ({1}) cannot take text.'), name, focus);
  }
  switch (insertion.reason) {
    case 'noEditor':
      return userMessage(vscode.l10n.t('No editor was open, so the generated text opened in a new document.'));
    case 'notEditable':
      return userMessage(vscode.l10n.t('The editor with focus ({0}) cannot take text, and no document was open: the generated text went into a new document.'), insertion.elsewhere?.focus ?? '');
    case 'closed':
      return userMessage(vscode.l10n.t('The document was closed during the call, so the generated text opened in a new document.'));
    case 'editFailed':
      return userMessage(vscode.l10n.t('The editor could not take the text, so it opened in a new document.'));
    case 'requested':
      return undefined;
  }
}
