// Runs one generate call under a cancellable progress notification, logs it, and hands the
// content to its insertion target. Failures are shown, logged and never insert anything.
import * as vscode from 'vscode';
import { CommandIds } from '../shared/commandIds';
import { describeError } from '../client/describe';
import { GistError, isGistError } from '../client/errors';
import { logValue } from '../client/oneLine';
import type { GistClient } from '../client/gistClient';
import type { ConnectionSettings, GenerateRequest, GenerationResult } from '../client/types';
import { formatCallLine } from './callLogLine';
import type { ErrorAction } from './errorActions';
import type { InsertMode } from './insertMode';
import { notifyError } from './errorNotifier';
import type { InsertionOutcome, InsertionTarget, NewDocumentReason } from './insertionTarget';
import type { Logger } from '../shared/logger';
import type { ExtensionState } from '../shared/state';

/** What happened to one call; published for the history view and for tests. */
export interface CallOutcome {
  readonly request: GenerateRequest;
  /** The gist's label as shown to the user (the id when it has none). */
  readonly label: string;
  readonly result?: GenerationResult | undefined;
  readonly error?: GistError | undefined;
  readonly insertion?: InsertionOutcome['kind'] | undefined;
  readonly durationMs: number;
  /** The buttons the failure notification offered. */
  readonly actions?: readonly ErrorAction[] | undefined;
  /** What "Retry" runs: the same request again, without prompting. */
  readonly retry?: (() => Thenable<unknown>) | undefined;
}

export class GenerationRunner implements vscode.Disposable {
  private readonly finished = new vscode.EventEmitter<CallOutcome>();
  readonly onDidFinish = this.finished.event;

  constructor(
    private readonly client: GistClient,
    private readonly state: ExtensionState,
    private readonly logger: Logger,
  ) {}

  async run(
    connection: ConnectionSettings,
    request: GenerateRequest,
    target: InsertionTarget,
    label: string,
    mode: InsertMode,
  ): Promise<GenerationResult | undefined> {
    const started = performance.now();
    const endGeneration = this.state.beginGeneration();
    this.logger.trace(`generate ${logValue(request.gistId)} values=${JSON.stringify(request.values)}`);
    let result: GenerationResult;
    try {
      result = await this.callWithProgress(connection, request, label);
    } catch (caught) {
      const error = isGistError(caught) ? caught : new GistError('service', vscode.l10n.t('Unexpected error: {0}', String(caught)), 'openLog', { cause: caught });
      this.logFailure(request, error, performance.now() - started);
      endGeneration();
      // The same gist, variant and values again: the command's argument form skips the prompts.
      const retry = (): Thenable<unknown> => vscode.commands.executeCommand<unknown>(CommandIds.generate, { ...request });
      const actions = error.kind === 'cancelled' ? undefined : notifyError(error, { retry });
      this.finished.fire({ request, label, error, durationMs: performance.now() - started, actions, retry: actions?.includes('retry') === true ? retry : undefined });
      return undefined;
    }
    endGeneration();
    this.state.setLastCallId(result.id);
    const durationMs = performance.now() - started;
    this.logger.info(
      formatCallLine({ gistId: request.gistId, variant: request.variant, callId: result.id, outcome: 'ok', durationMs, contentLength: result.content.length }),
    );
    this.logger.trace(`content of ${logValue(result.id)}: ${JSON.stringify(result.content)}`);
    const insertion = await target.insert(result.content, mode);
    if (insertion.kind === 'newDocument' && insertion.reason !== 'requested') {
      this.tellAboutNewDocument(insertion.reason);
    } else if (insertion.kind === 'clipboard') {
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Generated text copied to the clipboard (call {0})', result.id), 5000);
    }
    this.finished.fire({ request, label, result, insertion: insertion.kind, durationMs });
    return result;
  }

  private callWithProgress(connection: ConnectionSettings, request: GenerateRequest, label: string): Thenable<GenerationResult> {
    return vscode.window.withProgress<GenerationResult>(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Generating “{0}”…', label), cancellable: true },
      (_progress, token) => {
        const abort = new AbortController();
        const cancellation = token.onCancellationRequested(() => abort.abort());
        return this.client.generate(connection, request, abort.signal).finally(() => {
          cancellation.dispose();
        });
      },
    );
  }

  private logFailure(request: GenerateRequest, error: GistError, durationMs: number): void {
    const line = formatCallLine({
      gistId: request.gistId,
      variant: request.variant,
      callId: error.callId,
      outcome: error.kind,
      durationMs,
      detail: describeError(error),
    });
    if (error.kind === 'cancelled') {
      this.logger.info(line);
    } else {
      this.logger.error(line);
    }
  }

  private tellAboutNewDocument(reason: Exclude<NewDocumentReason, 'requested'>): void {
    const message =
      reason === 'noEditor'
        ? vscode.l10n.t('No editor was open, so the generated text opened in a new document.')
        : reason === 'closed'
          ? vscode.l10n.t('The document was closed during the call, so the generated text opened in a new document.')
          : vscode.l10n.t('The editor could not take the text, so it opened in a new document.');
    void vscode.window.showInformationMessage(message);
  }

  dispose(): void {
    this.finished.dispose();
  }
}
