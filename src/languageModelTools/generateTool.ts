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
import type { ConnectionSettings, GenerateRequest } from '../client/types';
import { EditorSnapshot } from '../generation/editorFacts';
import type { GenerationRunner } from '../generation/runner';
import type { Logger } from '../shared/logger';
import { checkAgainstCatalog, placeholdersToResolve, planValues, type CallPlan } from './callPlan';
import { confirmationFor } from './confirmation';
import { ConfirmedCalls, sameDestination, type Destination } from './confirmedCalls';
import { parseGenerateToolInput } from './toolInput';
import { ToolNames } from './toolNames';
import { accountChanged, callFailed, declinedEditorValues, generated, notConfirmed, notConnected, planProblem, refusedInput, unexpectedFailure } from './toolReplies';
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

type Prepared = { readonly ok: true; readonly plan: CallPlan } | { readonly ok: false; readonly reply: string };

/** Where a connection sends a call, as the confirmation names it. */
function destinationOf(connection: ConnectionSettings): Destination {
  return { profile: connection.profile, baseUrl: connection.baseUrl, apiKeyHeader: connection.apiKeyHeader };
}

export class GistGenerateTool implements vscode.LanguageModelTool<unknown> {
  private readonly confirmed = new ConfirmedCalls();

  constructor(private readonly parts: GenerateToolParts) {}

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): Promise<vscode.PreparedToolInvocation> {
    const checking = { invocationMessage: vscode.l10n.t('Checking the gist call…') };
    const parsed = parseGenerateToolInput(options.input);
    if (!parsed.ok) {
      // Nothing can be sent: invoke only tells the model why, so there is nothing to confirm.
      return checking;
    }
    // Before anything is awaited: this preparation replaces what an earlier one of the same input
    // left, so the invoke after it sends what it shows, or nothing.
    const show = this.confirmed.begin(parsed.request);
    try {
      const connection = await this.parts.connection();
      const prepared = connection.ok ? await this.plan(parsed.request) : undefined;
      if (!connection.ok || prepared?.ok !== true) {
        return checking;
      }
      const destination = destinationOf(connection.connection);
      show({ plan: prepared.plan, destination });
      return confirmationFor(prepared.plan, parsed.request.values, destination);
    } catch (error) {
      this.parts.logger.error(`${ToolNames.generate}: preparing the call failed: ${String(error)}`);
      return checking;
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
    const taken = this.confirmed.take(parsed.request);
    const connection = await this.parts.connection();
    if (!connection.ok) {
      return [this.sentNothing(notConnected(connection.missing))];
    }
    if (taken === undefined) {
      // Its latest preparation showed nothing: it found a problem (which still holds, or which went
      // away meanwhile), or it was never prepared. Either way nothing is sent, not even what an
      // earlier preparation of the same input showed.
      const prepared = await this.plan(parsed.request);
      return [this.sentNothing(prepared.ok ? notConfirmed : prepared.reply)];
    }
    if (!sameDestination(taken.destination, destinationOf(connection.connection))) {
      // The window switched profiles, or the profile's service changed, after the user confirmed.
      return [this.sentNothing(accountChanged)];
    }
    const shown = taken.plan;
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

  private async plan(request: GenerateRequest): Promise<Prepared> {
    const checked = checkAgainstCatalog(request, await this.parts.catalog.entries());
    if (!checked.ok) {
      return { ok: false, reply: planProblem(checked.problem) };
    }
    const { entry, variant } = checked.value;
    // The editor as it is now (the chat does not take it away), the clipboard only if a default reads it.
    const facts = await EditorSnapshot.capture(vscode.window.activeTextEditor).resolve(placeholdersToResolve(entry, request));
    const planned = planValues(entry, variant, request, facts);
    return planned.ok ? { ok: true, plan: planned.value } : { ok: false, reply: planProblem(planned.problem) };
  }

  /** Logs a reply that sent nothing, and returns it. */
  private sentNothing(reply: string): string {
    this.parts.logger.warn(`${ToolNames.generate} sent nothing: ${reply}`);
    return reply;
  }
}
