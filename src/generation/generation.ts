// The generation feature: "Gist: Generate at Cursor…", "Gist: Compare Variants…" and putting a
// call's text in again. Each command works out what to send (prompts, or arguments that skip
// them), makes sure the account is set up, asks before editor text goes to a workspace gist, and
// hands the calls to the one runner; the command decides only where the results open.
import * as vscode from 'vscode';
import type { Account } from '../account/account';
import type { GistCatalog } from '../catalog/gistCatalog';
import type { EditorValueConsent } from '../catalog/workspaceGistConsent';
import type { ConnectionSettings, GenerateRequest, GenerationResult } from '../client/types';
import type { Logger } from '../shared/logger';
import { redactValues } from '../shared/redact';
import { showError } from '../shared/notify';
import { userMessage } from '../shared/userMessage';
import type { Settings } from '../shared/settings';
import { parseCompareArgs } from './compareArgs';
import { openComparison, type CompareResult } from './compareResults';
import { EditorSnapshot } from './editorFacts';
import { parseGenerateArgs } from './generateArgs';
import type { EditorTargets } from './editorTargets';
import { insertModeOr } from './insertMode';
import type { Memory } from './memory';
import { CallRequests, type Comparison } from './requests';
import type { GenerationRunner } from './runner';
import { useEditedText } from './editInEditor';
import { MultiStepInput } from '../shared/multiStepInput';
import { CommandIds, type CommandTable } from '../shared/commandIds';

export class Generation {
  /** This feature's part of the command table (src/commands.ts): each command id bound to its verb. */
  commands() {
    return {
      [CommandIds.generate]: (args: unknown) => this.generate(args),
      [CommandIds.compareVariants]: (args: unknown) => this.compare(args),
      [CommandIds.useEditedText]: (uri: unknown) => useEditedText(uri),
      [CommandIds.flowInsertMode]: () => MultiStepInput.pressButton('insertMode'),
      [CommandIds.flowEditInEditor]: () => MultiStepInput.pressButton('editInEditor'),
    } satisfies CommandTable;
  }

  private readonly requests: CallRequests;

  constructor(
    private readonly account: Account,
    catalog: GistCatalog,
    memory: Memory,
    /** Asks before editor or clipboard text goes to a gist the workspace defined. */
    private readonly consent: EditorValueConsent,
    private readonly runner: GenerationRunner,
    private readonly settings: Settings,
    private readonly logger: Logger,
    /** Where generated text goes: the editor the command was invoked from, when it can take text. */
    private readonly targets: EditorTargets,
  ) {
    this.requests = new CallRequests(catalog, memory, logger);
  }

  /**
   * Key and service URL if missing, then gist, variant, values, call; the text goes where the
   * command was invoked. With arguments `{gistId, variant?, values?, insertMode?}` it skips the
   * prompts. Returns `{id, content}`, or undefined when nothing was generated.
   */
  async generate(args?: unknown): Promise<GenerationResult | undefined> {
    const parsed = parseGenerateArgs(args);
    if (this.refused('gist.generate', 'Gist: Generate', parsed)) {
      return undefined;
    }
    // Captured first: the text lands where the command was invoked, whatever happens meanwhile.
    const target = this.targets.capture();
    const snapshot = EditorSnapshot.capture(vscode.window.activeTextEditor);
    try {
      // The setting is this call's insert mode unless the flow or the arguments pick another.
      const insertMode = insertModeOr(this.settings.insertMode());
      // The flow's first input takes over from the key's, when the key was asked for (see InputHold).
      const asked = await this.account.signedInThen(async (connection) => {
        const prompted =
          parsed === undefined
            ? await this.requests.prompted(snapshot, insertMode)
            : { ...(await this.requests.fromArguments(parsed.request, snapshot)), insertMode: parsed.insertMode ?? insertMode };
        return prompted === undefined ? undefined : { connection, call: prompted };
      });
      if (asked === undefined) {
        return undefined;
      }
      const { connection, call } = asked;
      if (!(await this.consent.confirm(call.entry, call.request.values, parsed?.request.values))) {
        return undefined;
      }
      const [settled] = await this.runner.run({
        connection,
        label: call.label,
        requests: [call.request],
        place: async ([one]) => [one?.result === undefined ? undefined : await this.runner.insert(target, one.result.content, call.insertMode, one.result.id)],
        // The same gist, variant and values again, into the editor active then; the setting's insert mode.
        retry: ([request]) => this.generate(request === undefined ? undefined : { ...request }),
      });
      return settled?.result;
    } finally {
      target.dispose();
    }
  }

  /**
   * One gist, two or more variants, the values gathered once, every variant called at once, the
   * results side by side. With arguments `{gistId, variants, values?}` it skips the prompts.
   */
  async compare(args?: unknown): Promise<CompareResult | undefined> {
    const parsed = parseCompareArgs(args);
    if (this.refused('gist.compareVariants', 'Gist: Compare Variants', parsed)) {
      return undefined;
    }
    const snapshot = EditorSnapshot.capture(vscode.window.activeTextEditor);
    const language = vscode.window.activeTextEditor?.document.languageId;
    // The flow's first input takes over from the key's, when the key was asked for (see InputHold).
    const asked = await this.account.signedInThen(async (connection) => {
      let comparison: Comparison | undefined;
      if (parsed === undefined) {
        comparison = await this.requests.promptedComparison(snapshot);
      } else {
        const { gistId, variants, values } = parsed.request;
        const { request, label, entry } = await this.requests.fromArguments({ gistId, values: values ?? {} }, snapshot);
        comparison = { gistId, label, entry, variants, values: request.values };
      }
      return comparison === undefined ? undefined : { connection, comparison };
    });
    if (asked === undefined || !(await this.consent.confirm(asked.comparison.entry, asked.comparison.values, parsed?.request.values))) {
      return undefined;
    }
    return this.runComparison(asked.connection, asked.comparison, language);
  }

  /** "Insert Again" from the history: the text at the cursor of the active editor, or a new document. */
  async insert(content: string): Promise<void> {
    const target = this.targets.capture();
    try {
      await this.runner.insert(target, content, 'cursor');
    } finally {
      target.dispose();
    }
  }

  private async runComparison(connection: ConnectionSettings, comparison: Comparison, language: string | undefined): Promise<CompareResult> {
    const { gistId, label, values } = comparison;
    let documents: ReadonlyArray<vscode.TextDocument | undefined> = [];
    const settled = await this.runner.run({
      connection,
      label,
      requests: comparison.variants.map((variant): GenerateRequest => ({ gistId, variant, values })),
      place: async (calls) => {
        documents = await openComparison(label, calls.map(({ request, result }) => ({ variant: request.variant ?? '', result })), language);
        return documents.map((document) => (document === undefined ? undefined : 'newDocument'));
      },
      retry: (failed) => this.retryComparison({ ...comparison, variants: failed.map((request) => request.variant ?? '') }, language),
    });
    const results = settled.map(({ request, result, error }, index) => ({
      variant: request.variant ?? '',
      id: result?.id ?? error?.callId,
      content: result?.content,
      error: error?.message,
      document: documents[index]?.uri.toString(),
    }));
    // Handed out to the caller: a key typed into a value is redacted, as in the history.
    return { gistId, values: redactValues(values, (text) => this.logger.redact(text)), results };
  }

  /** The failed variants again, with the same values; they open as the first ones did. */
  private async retryComparison(comparison: Comparison, language: string | undefined): Promise<CompareResult | undefined> {
    const connection = await this.account.ensureSignedIn();
    return connection === undefined ? undefined : this.runComparison(connection, comparison, language);
  }

  /** True, once logged and told, when a command was called with arguments it cannot use. */
  private refused<T extends { readonly ok: true } | { readonly ok: false; readonly reason: string }>(
    command: string,
    title: string,
    parsed: T | undefined,
  ): parsed is Extract<T, { readonly ok: false }> {
    if (parsed === undefined || parsed.ok) {
      return false;
    }
    const { reason } = parsed as { readonly reason: string };
    this.logger.error(`${command} called with invalid arguments: ${reason}`);
    void showError(userMessage(vscode.l10n.t('{0} was called with invalid arguments: {1}'), title, reason));
    return true;
  }
}
