// The "Gist Calls" tree: one item per call, failed calls with an error icon and their message.
// Items come from the history's small items alone; a call's file is read only for its tooltip,
// which VS Code asks for (resolveTreeItem) when the user points at the item.
import * as vscode from 'vscode';
import type { CallHistory } from './callHistory';
import { MAX_CONTENT_BYTES, type HistoryEntry } from './historyEntry';
import type { HistoryItem } from './historyItem';
import { historyTooltip } from './historyTooltip';
import { plainText } from '../shared/inertText';
import { invisibleNote } from '../shared/invisibleNote';

export const HISTORY_VIEW_ID = 'gist.calls';

function when(at: number): string {
  return new Date(at).toLocaleString();
}

/** "184 ms", "2.4 s": a call's time as the view and its tooltip show it. */
export function formatLatency(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

function tooltip(entry: HistoryEntry): vscode.MarkdownString {
  // Untrusted, no HTML, no icons: labels, ids, errors and content come from outside.
  const markdown = new vscode.MarkdownString(
    historyTooltip(entry, {
      automaticVariant: vscode.l10n.t('automatic variant'),
      when: when(entry.at),
      callId: (callId) => vscode.l10n.t('Call id: {0}', callId),
      latency: (ms) => vscode.l10n.t('Took {0}', formatLatency(ms)),
      profile: (name) => vscode.l10n.t('Profile: {0}', name),
      failed: (error) => vscode.l10n.t('Failed: {0}', error),
      truncated: vscode.l10n.t('Only the first {0} KB of this content were kept in the history.', MAX_CONTENT_BYTES / 1024),
      cut: (fields) => vscode.l10n.t('Shortened to fit the history: {0}.', fields),
      unavailable: vscode.l10n.t('The text of this call could not be saved, so the history has only this summary (see “Gist: Show Log”).'),
      invisible: invisibleNote,
    }),
    false,
  );
  markdown.supportHtml = false;
  markdown.isTrusted = false;
  return markdown;
}

export class HistoryTreeProvider implements vscode.TreeDataProvider<HistoryItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<HistoryItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly history: CallHistory) {
    this.subscription = history.onDidChange(() => this.changed.fire(undefined));
  }

  getChildren(element?: HistoryItem): HistoryItem[] {
    return element === undefined ? [...this.history.items()] : [];
  }

  getTreeItem(item: HistoryItem): vscode.TreeItem {
    const failed = item.failed === true;
    const treeItem = new vscode.TreeItem(item.variant === undefined ? plainText(item.label) : `${plainText(item.label)} · ${plainText(item.variant)}`);
    treeItem.id = item.id;
    const summary = plainText(item.summary);
    const took = item.latencyMs === undefined ? '' : `${formatLatency(item.latencyMs)} · `;
    treeItem.description = item.unavailable === true ? vscode.l10n.t('{0} (text not saved)', `${took}${summary}`) : `${took}${summary}`;
    treeItem.iconPath = failed ? new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')) : new vscode.ThemeIcon('sparkle');
    // Failed calls, and calls whose text could not be saved, have no content: the content actions are offered only for the others.
    treeItem.contextValue = failed ? 'gistCall.failed' : item.unavailable === true ? 'gistCall.unavailable' : 'gistCall.ok';
    treeItem.accessibilityInformation = { label: `${plainText(item.label)}, ${when(item.at)}${failed ? `, ${vscode.l10n.t('failed')}` : ''}` };
    return treeItem;
  }

  /** The tooltip, from the call's file: read when the user points at the item, not when the view opens. */
  async resolveTreeItem(treeItem: vscode.TreeItem, item: HistoryItem, _token: vscode.CancellationToken): Promise<vscode.TreeItem> {
    treeItem.tooltip = tooltip(await this.history.entry(item));
    return treeItem;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
