// The "Gist Calls" item actions (insert again, open, copy content, copy call id), clearing the
// history, and "Gist: Repeat Last Generation".
import * as vscode from 'vscode';
import type { CallHistory } from './callHistory';
import { CommandIds } from '../shared/commandIds';
import { MAX_CONTENT_BYTES, type HistoryEntry } from './historyEntry';
import { InsertionTarget } from '../generation/insertionTarget';

/** The item the action was invoked on; without one (keybinding), the latest call. */
function entryFor(history: CallHistory, arg: unknown): HistoryEntry | undefined {
  const entries = history.entries();
  if (typeof arg === 'object' && arg !== null && 'at' in arg && 'gistId' in arg) {
    return entries.find((entry) => entry.at === arg.at && entry.gistId === arg.gistId) ?? (arg as HistoryEntry);
  }
  return entries[0];
}

/** The content of a successful call, or undefined after telling the user why there is none. */
function contentOf(entry: HistoryEntry | undefined): string | undefined {
  if (entry?.content === undefined) {
    void vscode.window.showInformationMessage(
      entry?.error === undefined ? vscode.l10n.t('There is no generated text to use yet.') : vscode.l10n.t('This call failed, so it has no text: {0}', entry.error),
    );
    return undefined;
  }
  if (entry.truncated === true) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('The history kept only the first {0} KB of this call’s text; the rest is not included.', MAX_CONTENT_BYTES / 1024),
    );
  }
  return entry.content;
}

export async function insertAgain(history: CallHistory, arg: unknown): Promise<boolean> {
  const content = contentOf(entryFor(history, arg));
  if (content === undefined) {
    return false;
  }
  const target = InsertionTarget.capture(vscode.window.activeTextEditor);
  try {
    await target.insert(content, 'cursor');
    return true;
  } finally {
    target.dispose();
  }
}

export async function openInDocument(history: CallHistory, arg: unknown): Promise<vscode.TextDocument | undefined> {
  const content = contentOf(entryFor(history, arg));
  if (content === undefined) {
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument({ content });
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

export async function copyContent(history: CallHistory, arg: unknown): Promise<string | undefined> {
  const content = contentOf(entryFor(history, arg));
  if (content !== undefined) {
    await vscode.env.clipboard.writeText(content);
    void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the generated text'), 3000);
  }
  return content;
}

export async function copyCallId(history: CallHistory, arg: unknown): Promise<string | undefined> {
  const callId = entryFor(history, arg)?.callId;
  if (callId === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('This call has no call id (the service did not return one).'));
    return undefined;
  }
  await vscode.env.clipboard.writeText(callId);
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied call id {0}', callId), 3000);
  return callId;
}

export async function clearHistory(history: CallHistory): Promise<void> {
  const clear = vscode.l10n.t('Clear');
  const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Clear the history of gist calls?'), { modal: true }, clear);
  if (choice === clear) {
    await history.clear();
  }
}

/** Runs the latest call again: same gist, variant and values. */
export async function repeatLast(history: CallHistory): Promise<unknown> {
  const last = history.entries()[0];
  if (last === undefined) {
    const generate = vscode.l10n.t('Generate…');
    void Promise.resolve(vscode.window.showInformationMessage(vscode.l10n.t('No gist has been generated yet, so there is nothing to repeat.'), generate)).then(
      (choice) => (choice === generate ? vscode.commands.executeCommand(CommandIds.generate) : undefined),
    );
    return undefined;
  }
  return vscode.commands.executeCommand(CommandIds.generate, { gistId: last.gistId, variant: last.variant, values: last.values });
}
