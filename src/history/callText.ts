// The text of a past call as a read-only document (`gist-call:`), read from the history when VS
// Code asks for it: what "Compare with…" puts side by side in the diff editor. The path is the
// editor's title, the query the call's id in the history.
import * as vscode from 'vscode';
import type { CallHistory } from './callHistory';
import type { HistoryItem } from './historyItem';
import { callTextTitle } from './callTextTitle';

export const CALL_TEXT_SCHEME = 'gist-call';

/** `gist-call:/<label> · <variant> · <time>?<item id>`. */
export function callTextUri(item: HistoryItem): vscode.Uri {
  const title = callTextTitle(item.label, item.variant ?? vscode.l10n.t('automatic'), new Date(item.at).toLocaleTimeString());
  return vscode.Uri.from({ scheme: CALL_TEXT_SCHEME, path: `/${title}`, query: item.id });
}

export class CallTextProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly history: CallHistory) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const item = this.history.items().find((candidate) => candidate.id === uri.query);
    if (item === undefined) {
      return vscode.l10n.t('This call is no longer in the history.');
    }
    const entry = await this.history.entry(item);
    if (entry.content !== undefined) {
      return entry.content;
    }
    return entry.error !== undefined ? vscode.l10n.t('The call failed: {0}', entry.error) : vscode.l10n.t('The text of this call was not saved.');
  }
}
