// The "Gist Calls" tree: one item per call, failed calls with an error icon and their message.
import * as vscode from 'vscode';
import type { CallHistory } from './callHistory';
import { firstLine, MAX_CONTENT_BYTES, type HistoryEntry } from './historyEntry';
import { historyTooltip } from './historyTooltip';

export const HISTORY_VIEW_ID = 'gist.calls';

function when(at: number): string {
  return new Date(at).toLocaleString();
}

function tooltip(entry: HistoryEntry): vscode.MarkdownString {
  // Untrusted, no HTML, no icons: labels, ids, errors and content come from outside.
  const markdown = new vscode.MarkdownString(
    historyTooltip(entry, {
      automaticVariant: vscode.l10n.t('automatic variant'),
      when: when(entry.at),
      callId: (callId) => vscode.l10n.t('Call id: {0}', callId),
      profile: (name) => vscode.l10n.t('Profile: {0}', name),
      failed: (error) => vscode.l10n.t('Failed: {0}', error),
      truncated: vscode.l10n.t('Only the first {0} KB of this content were kept in the history.', MAX_CONTENT_BYTES / 1024),
      cut: (fields) => vscode.l10n.t('Shortened to fit the history: {0}.', fields),
    }),
    false,
  );
  markdown.supportHtml = false;
  markdown.isTrusted = false;
  return markdown;
}

export class HistoryTreeProvider implements vscode.TreeDataProvider<HistoryEntry>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<HistoryEntry | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly history: CallHistory) {
    this.subscription = history.onDidChange(() => this.changed.fire(undefined));
  }

  getChildren(element?: HistoryEntry): HistoryEntry[] {
    return element === undefined ? [...this.history.entries()] : [];
  }

  getTreeItem(entry: HistoryEntry): vscode.TreeItem {
    const failed = entry.error !== undefined;
    const item = new vscode.TreeItem(entry.variant === undefined ? entry.label : `${entry.label} · ${entry.variant}`);
    item.description = failed ? entry.error : firstLine(entry.content ?? '');
    item.tooltip = tooltip(entry);
    item.iconPath = failed ? new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')) : new vscode.ThemeIcon('sparkle');
    // Failed calls have no content: the content actions are offered only for successful ones.
    item.contextValue = failed ? 'gistCall.failed' : 'gistCall.ok';
    item.accessibilityInformation = { label: `${entry.label}, ${when(entry.at)}${failed ? `, ${vscode.l10n.t('failed')}` : ''}` };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
