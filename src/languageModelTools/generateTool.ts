// The gist_generate language model tool: an agent or a chat request calls a gist of the catalog.
// prepareInvocation works out the call and shows it for confirmation; invoke sends what was shown,
// through the one runner (log line, history, spinner, cancellation by the tool's token), and
// returns the text and the call id. Nothing is inserted into a document, no input is opened, and
// nothing throws: every failure is a short reply the model can act on.
import * as vscode from 'vscode';
import type { ConnectionResult } from '../account/connection';
import type { GistCatalog } from '../catalog/gistCatalog';
import type { EditorValueConsent } from '../catalog/workspaceGistConsent';
import { logValue } from '../shared/oneLine';
import type { GenerateRequest } from '../client/types';
import { EditorSnapshot } from '../generation/editorFacts';
import type { GenerationRunner } from '../generation/runner';
import type { Logger } from '../shared/logger';
import { checkAgainstCatalog, placeholdersToResolve, planValues, type CallPlan } from './callPlan';
import { confirmationFor } from './confirmation';
import { ConfirmedCalls } from './confirmedCalls';
import { parseGenerateToolInput } from './toolInput';
import { ToolNames } from './toolNames';
import { callFailed, declinedEditorValues, generated, notConfirmed, notConnected, planProblem, refusedInput, unexpectedFailure } from './toolReplies';
import { textResult } from './toolResult';

export interface GenerateToolParts {
  readonly catalog: Pick<GistCatalog, 'entries'>;
  /** The connection for a call, read without prompting: a tool never opens an input. */
  readonly connection: () => Promise<ConnectionResult>;
  /** Asks before editor or clipboard text goes to a gist the workspace defined, whatever the chat confirmed. */
  readonly consent: EditorValueConsent;
  readonly runner: GenerationRunner;
  readonly logger: Logger;
}

type Prepared = { readonly ok: true; readonly input: GenerateRequest; readonly plan: CallPlan } | { readonly ok: false; readonly reply: string };

export class GistGenerateTool implements vscode.LanguageModelTool<unknown> {
  private readonly confirmed = new ConfirmedCalls();

  constructor(private readonly parts: GenerateToolParts) {}

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): Promise<vscode.PreparedToolInvocation> {
    try {
      const prepared = await this.prepare(options.input);
      if (!prepared.ok) {
        // Nothing can be sent: invoke only tells the model why, so there is nothing to confirm.
        return { invocationMessage: vscode.l10n.t('Checking the gist call…') };
      }
      this.confirmed.add(prepared.input, prepared.plan);
      return confirmationFor(prepared.plan, prepared.input.values);
    } catch (error) {
      this.parts.logger.error(`${ToolNames.generate}: preparing the call failed: ${String(error)}`);
      return { invocationMessage: vscode.l10n.t('Checking the gist call…') };
    }
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    try {
      return textResult(this.parts.logger, ...(await this.call(options.input, token)));
    } catch (error) {
      this.parts.logger.error(`${ToolNames.generate} failed unexpectedly: ${String(error)}`);
      return textResult(this.parts.logger, unexpectedFailure);
    }
  }

  /** The reply's text parts. */
  private async call(input: unknown, token: vscode.CancellationToken): Promise<string[]> {
    const parsed = parseGenerateToolInput(input);
    if (!parsed.ok) {
      return [this.sentNothing(refusedInput(parsed.reason))];
    }
    const shown = this.confirmed.take(parsed.request);
    const connection = await this.parts.connection();
    if (!connection.ok) {
      return [this.sentNothing(notConnected(connection.missing))];
    }
    if (shown === undefined) {
      // Not shown for confirmation: its preparation found a problem (which still holds, or which
      // went away meanwhile), or it was never prepared. Either way it is not sent.
      const prepared = await this.plan(parsed.request);
      return [this.sentNothing(prepared.ok ? notConfirmed : prepared.reply)];
    }
    if (!(await this.parts.consent.confirm(shown.entry, shown.request.values, parsed.request.values))) {
      return [this.sentNothing(declinedEditorValues)];
    }
    this.parts.logger.info(`${ToolNames.generate}: confirmed call of gist=${logValue(shown.request.gistId)} for a language model`);
    const [settled] = await this.parts.runner.run({
      connection: connection.connection,
      label: shown.entry.label,
      requests: [shown.request],
      // The text goes back to the model, which decides what to do with it.
      place: () => Promise.resolve([undefined]),
      // Never offered: the caller shows the failure, and the model calls again if it wants to.
      retry: () => Promise.resolve(undefined),
      shownBy: 'caller',
      token,
    });
    if (settled?.result !== undefined) {
      return [generated(shown.request.gistId, shown.request.variant, settled.result.id), settled.result.content];
    }
    const error = settled?.error;
    return [error === undefined ? unexpectedFailure : callFailed(error.kind, error.message, error.callId)];
  }

  /** The call as it would be sent, or the reply that says why it cannot be. */
  private async prepare(input: unknown): Promise<Prepared> {
    const parsed = parseGenerateToolInput(input);
    if (!parsed.ok) {
      return { ok: false, reply: refusedInput(parsed.reason) };
    }
    const connection = await this.parts.connection();
    return connection.ok ? this.plan(parsed.request) : { ok: false, reply: notConnected(connection.missing) };
  }

  private async plan(request: GenerateRequest): Promise<Prepared> {
    const checked = checkAgainstCatalog(request, await this.parts.catalog.entries());
    if (!checked.ok) {
      return { ok: false, reply: planProblem(checked.problem) };
    }
    const { entry, variant } = checked.value;
    // The editor as it is now (the chat does not take it away), the clipboard only if a default reads it.
    const facts = await EditorSnapshot.capture(vscode.window.activeTextEditor).resolve(placeholdersToResolve(entry, request));
    const planned = planValues(entry, variant, request, facts);
    return planned.ok ? { ok: true, input: request, plan: planned.value } : { ok: false, reply: planProblem(planned.problem) };
  }

  /** Logs a reply that sent nothing, and returns it. */
  private sentNothing(reply: string): string {
    this.parts.logger.warn(`${ToolNames.generate} sent nothing: ${reply}`);
    return reply;
  }
}
