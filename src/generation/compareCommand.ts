// "Gist: Compare Variants…": one gist, two or more variants, the values gathered once, every
// variant called at once under one cancellable progress, the results side by side. Callable with
// `{gistId, variants, values}`; returns every variant's result or error.
import * as vscode from 'vscode';
import type { CallHistory } from '../history/callHistory';
import { describeError } from '../client/describe';
import { GistError, isGistError } from '../client/errors';
import type { ConnectionSettings, GenerationResult } from '../client/types';
import { formatCallLine } from './callLogLine';
import type { CatalogGist } from '../catalog/catalog';
import { parseCompareArgs, resultTitle } from './compareArgs';
import { EditorSnapshot } from './editorFacts';
import { runCompareFlow } from './generateFlow';
import { ensureConnection, flowMemory, withDefaults, type GenerateDeps } from './generateCommand';

export interface CompareDeps extends GenerateDeps {
  readonly history: CallHistory;
}

export interface VariantResult {
  readonly variant: string;
  readonly id?: string | undefined;
  readonly content?: string | undefined;
  readonly error?: string | undefined;
  /** The untitled document that shows the content. */
  readonly document?: string | undefined;
}

export interface CompareResult {
  readonly gistId: string;
  readonly values: Readonly<Record<string, string>>;
  readonly results: readonly VariantResult[];
}

interface Plan {
  readonly gistId: string;
  readonly label: string;
  /** The catalog entry, undefined for an ad-hoc gist id. */
  readonly entry: CatalogGist | undefined;
  readonly variants: readonly string[];
  readonly values: Readonly<Record<string, string>>;
}

async function promptForPlan(deps: CompareDeps, snapshot: EditorSnapshot): Promise<Plan | undefined> {
  const catalog = await deps.catalog();
  for (const problem of catalog.problems) {
    deps.logger.warn(problem);
  }
  // The same multi-step input as Generate: focus never leaves the quick input between steps.
  const prompted = await runCompareFlow(vscode.l10n.t('Compare Variants'), catalog, flowMemory(deps.memory), snapshot);
  if (prompted === undefined) {
    return undefined;
  }
  const { gist, variants, values } = prompted;
  if (prompted.typedNames !== undefined) {
    await deps.memory.rememberVariableNames(gist.id, prompted.typedNames);
  }
  // What the user typed, never what the editor or clipboard filled in (as in Generate).
  await deps.memory.rememberValues(gist.id, prompted.typed);
  return { gistId: gist.id, label: gist.label, entry: gist.entry, variants, values };
}

type Settled = { readonly variant: string; readonly result?: GenerationResult; readonly error?: GistError; readonly durationMs: number };

function callAll(deps: CompareDeps, connection: ConnectionSettings, plan: Plan): Thenable<Settled[]> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Comparing {0} variants of “{1}”…', plan.variants.length, plan.label), cancellable: true },
    (progress, token) => {
      const abort = new AbortController();
      const cancellation = token.onCancellationRequested(() => abort.abort());
      const step = 100 / plan.variants.length;
      const calls = plan.variants.map(async (variant): Promise<Settled> => {
        const started = performance.now();
        try {
          const result = await deps.client.generate(connection, { gistId: plan.gistId, variant, values: plan.values }, abort.signal);
          return { variant, result, durationMs: performance.now() - started };
        } catch (caught) {
          const error = isGistError(caught) ? caught : new GistError('service', String(caught), 'openLog', { cause: caught });
          return { variant, error, durationMs: performance.now() - started };
        } finally {
          progress.report({ increment: step, message: variant });
        }
      });
      return Promise.all(calls).finally(() => {
        cancellation.dispose();
      });
    },
  );
}

async function openResult(plan: Plan, settled: Settled, language: string | undefined): Promise<vscode.TextDocument | undefined> {
  if (settled.result === undefined) {
    return undefined;
  }
  // A named untitled document: the tab title says gist, variant and call id; the text is the content only.
  const uri = vscode.Uri.from({ scheme: 'untitled', path: resultTitle(plan.label, settled.variant, settled.result.id) });
  const document = await vscode.workspace.openTextDocument(uri);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, new vscode.Position(0, 0), settled.result.content);
  await vscode.workspace.applyEdit(edit);
  return language === undefined ? document : vscode.languages.setTextDocumentLanguage(document, language);
}

interface Shown {
  readonly document: vscode.TextDocument;
  readonly variant: string;
  readonly callId: string;
}

async function show(plan: Plan, shown: readonly Shown[]): Promise<void> {
  const [left, right] = shown;
  if (shown.length === 2 && left !== undefined && right !== undefined) {
    const title = vscode.l10n.t('{0}: {1} ({2}) ↔ {3} ({4})', plan.label, left.variant, left.callId, right.variant, right.callId);
    await vscode.commands.executeCommand('vscode.diff', left.document.uri, right.document.uri, title, { preview: false });
    return;
  }
  for (const [index, { document }] of shown.entries()) {
    await vscode.window.showTextDocument(document, { viewColumn: index === 0 ? vscode.ViewColumn.Active : vscode.ViewColumn.Beside, preview: false });
  }
}

function reportFailures(deps: CompareDeps, plan: Plan, failed: readonly Settled[], succeeded: number): void {
  const shown = failed.filter((settled) => settled.error?.kind !== 'cancelled');
  if (shown.length === 0) {
    return;
  }
  const lines = shown.map((settled) => `${settled.variant}: ${settled.error?.message ?? ''}`).join(' ');
  const message =
    succeeded === 0
      ? vscode.l10n.t('No variant of “{0}” could be generated. {1}', plan.label, lines)
      : vscode.l10n.t('{0} of {1} variants failed; the others are open. {2}', shown.length, plan.variants.length, lines);
  const showLog = vscode.l10n.t('Show Log');
  const retry = vscode.l10n.t('Retry Failed');
  const actions = shown.length >= 2 ? [retry, showLog] : [showLog];
  void Promise.resolve(vscode.window.showErrorMessage(message, ...actions)).then((choice) => {
    if (choice === showLog) {
      deps.logger.show();
    } else if (choice === retry) {
      void vscode.commands.executeCommand('gist.compareVariants', { gistId: plan.gistId, variants: shown.map((settled) => settled.variant), values: plan.values });
    }
  });
}

export async function compareVariants(deps: CompareDeps, args?: unknown): Promise<CompareResult | undefined> {
  const parsed = parseCompareArgs(args);
  if (parsed !== undefined && !parsed.ok) {
    deps.logger.error(`gist.compareVariants called with invalid arguments: ${parsed.reason}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('Gist: Compare Variants was called with invalid arguments: {0}', parsed.reason));
    return undefined;
  }
  const snapshot = EditorSnapshot.capture(vscode.window.activeTextEditor);
  const language = vscode.window.activeTextEditor?.document.languageId;
  const connection = await ensureConnection(deps);
  if (connection === undefined) {
    return undefined;
  }
  let plan: Plan | undefined;
  if (parsed === undefined) {
    plan = await promptForPlan(deps, snapshot);
  } else {
    const { gistId, variants, values } = parsed.request;
    const { request, label, entry } = await withDefaults(deps, { gistId, values: values ?? {} }, snapshot);
    plan = { gistId, label, entry, variants, values: request.values };
  }
  if (plan === undefined || !(await deps.consent.confirm(plan.entry, plan.values, parsed?.request.values))) {
    return undefined;
  }
  const settled = await callAll(deps, connection, plan);
  const documents: Shown[] = [];
  const results: VariantResult[] = [];
  for (const one of settled) {
    deps.logger.info(
      formatCallLine({
        gistId: plan.gistId,
        variant: one.variant,
        callId: one.result?.id ?? one.error?.callId,
        outcome: one.error?.kind ?? 'ok',
        durationMs: one.durationMs,
        contentLength: one.result?.content.length,
        detail: one.error === undefined ? undefined : describeError(one.error),
      }),
    );
    // Every result also lands in the history, so nothing generated here is lost.
    void deps.history.record({ request: { gistId: plan.gistId, variant: one.variant, values: plan.values }, label: plan.label, result: one.result, error: one.error, durationMs: one.durationMs });
    const document = await openResult(plan, one, language);
    if (document !== undefined && one.result !== undefined) {
      documents.push({ document, variant: one.variant, callId: one.result.id });
    }
    results.push({ variant: one.variant, id: one.result?.id ?? one.error?.callId, content: one.result?.content, error: one.error?.message, document: document?.uri.toString() });
  }
  await show(plan, documents);
  reportFailures(deps, plan, settled.filter((one) => one.error !== undefined), documents.length);
  return { gistId: plan.gistId, values: plan.values, results };
}
