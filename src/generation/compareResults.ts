// Where Compare Variants' results open: each successful variant in an untitled document titled
// with its gist, variant and call id; two side by side in a diff, three or more in columns.
import * as vscode from 'vscode';
import type { GenerationResult } from '../client/types';
import { resultTitle } from './compareArgs';
import { titleSegment } from '../shared/inertText';

/** What `gist.compareVariants` returns: every variant's result or error. */
export interface CompareResult {
  readonly gistId: string;
  readonly values: Readonly<Record<string, string>>;
  readonly results: readonly VariantResult[];
}

export interface VariantResult {
  readonly variant: string;
  readonly id?: string | undefined;
  readonly content?: string | undefined;
  readonly error?: string | undefined;
  /** The untitled document that shows the content. */
  readonly document?: string | undefined;
}

export interface VariantCall {
  readonly variant: string;
  readonly result?: GenerationResult | undefined;
}

interface Shown {
  readonly document: vscode.TextDocument;
  readonly variant: string;
  readonly callId: string;
}

async function openResult(label: string, variant: string, result: GenerationResult, language: string | undefined): Promise<vscode.TextDocument> {
  // A named untitled document: the tab title says gist, variant and call id; the text is the content only.
  const uri = vscode.Uri.from({ scheme: 'untitled', path: resultTitle(label, variant, result.id) });
  const document = await vscode.workspace.openTextDocument(uri);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, new vscode.Position(0, 0), result.content);
  await vscode.workspace.applyEdit(edit);
  return language === undefined ? document : vscode.languages.setTextDocumentLanguage(document, language);
}

async function show(label: string, shown: readonly Shown[]): Promise<void> {
  const [left, right] = shown;
  if (shown.length === 2 && left !== undefined && right !== undefined) {
    const title = vscode.l10n.t('{0}: {1} ({2}) ↔ {3} ({4})', titleSegment(label, 80), titleSegment(left.variant, 80), titleSegment(left.callId, 80), titleSegment(right.variant, 80), titleSegment(right.callId, 80));
    await vscode.commands.executeCommand('vscode.diff', left.document.uri, right.document.uri, title, { preview: false });
    return;
  }
  for (const [index, { document }] of shown.entries()) {
    await vscode.window.showTextDocument(document, { viewColumn: index === 0 ? vscode.ViewColumn.Active : vscode.ViewColumn.Beside, preview: false });
  }
}

/**
 * Opens every successful call's content (in the language of the editor the command was run
 * from) and shows them; per call, the document it opened in, undefined for a failed one.
 */
export async function openComparison(label: string, calls: readonly VariantCall[], language: string | undefined): Promise<Array<vscode.TextDocument | undefined>> {
  const documents: Array<vscode.TextDocument | undefined> = [];
  const shown: Shown[] = [];
  for (const { variant, result } of calls) {
    const document = result === undefined ? undefined : await openResult(label, variant, result, language);
    if (document !== undefined && result !== undefined) {
      shown.push({ document, variant, callId: result.id });
    }
    documents.push(document);
  }
  await show(label, shown);
  return documents;
}
