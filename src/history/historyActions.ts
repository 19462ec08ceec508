// What the user does with past calls: the "Gist Calls" item actions (insert again, open, copy
// content, copy call id), clearing the history, "Gist: Repeat Last Generation" and
// "Gist: Copy Last Call ID". Running a call again goes to the generation feature.
import * as vscode from 'vscode';
import type { CallHistory } from './callHistory';
import type { HistoryItem } from './historyItem';
import { callTextUri } from './callText';
import { formatLatency } from './historyView';
import { MAX_CONTENT_BYTES, MAX_VALUE_BYTES, type HistoryEntry } from './historyEntry';
import type { Generation } from '../generation/generation';
import { labelText } from '../shared/inertText';
import { askModal, showInformation, showWarning } from '../shared/notify';
import type { ExtensionState } from '../shared/state';
import { userMessage } from '../shared/userMessage';
import { CommandIds, type CommandTable } from '../shared/commandIds';

/** The content of a successful call, or undefined after telling the user why there is none. */
function contentOf(entry: HistoryEntry | undefined): string | undefined {
  if (entry?.unavailable === true && entry.error === undefined) {
    void showWarning(userMessage(vscode.l10n.t('The text of this call could not be saved, so it is not in the history (see “Gist: Show Log”).')));
    return undefined;
  }
  if (entry?.content === undefined) {
    void showInformation(
      entry?.error === undefined ? userMessage(vscode.l10n.t('There is no generated text to use yet.')) : userMessage(vscode.l10n.t('This call failed, so it has no text: {0}'), entry.error),
    );
    return undefined;
  }
  if (entry.truncated === true) {
    void showWarning(userMessage(vscode.l10n.t('The history kept only the first {0} KB of this call’s text; the rest is not included.'), MAX_CONTENT_BYTES / 1024));
  }
  return entry.content;
}

/** A view item (or an entry) that carries its call id. */
function isItemWithCallId(arg: unknown): arg is { readonly callId: string } {
  return typeof arg === 'object' && arg !== null && 'callId' in arg && typeof arg.callId === 'string';
}

async function copyCallIdText(callId: string): Promise<string> {
  await vscode.env.clipboard.writeText(callId);
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied call id {0}', labelText(callId, 100)), 3000);
  return callId;
}

export class HistoryActions {
  /** This feature's part of the command table (src/commands.ts): each command id bound to its verb. */
  commands() {
    return {
      [CommandIds.repeatLast]: () => this.repeatLast(),
      [CommandIds.copyLastCallId]: () => this.copyLastCallId(),
      [CommandIds.clearHistory]: () => this.clear(),
      [CommandIds.historyInsert]: (entry: unknown) => this.insertAgain(entry),
      [CommandIds.historyOpen]: (entry: unknown) => this.openInDocument(entry),
      [CommandIds.historyCopyContent]: (entry: unknown) => this.copyContent(entry),
      [CommandIds.historyCopyCallId]: (entry: unknown) => this.copyCallId(entry),
      [CommandIds.historyCompareWith]: (entry: unknown, other: unknown) => this.compareWith(entry, other),
    } satisfies CommandTable;
  }

  constructor(
    private readonly history: CallHistory,
    private readonly generation: Generation,
    private readonly state: ExtensionState,
  ) {}

  /**
   * The call the action was invoked on (a view item, or an entry from the API), read from its file;
   * without one (keybinding), the latest call.
   */
  private async entryFor(arg: unknown): Promise<HistoryEntry | undefined> {
    const items = this.history.items();
    if (typeof arg === 'object' && arg !== null && 'at' in arg && 'gistId' in arg) {
      const item = 'id' in arg && typeof arg.id === 'string' ? items.find((candidate) => candidate.id === arg.id) : items.find((candidate) => candidate.at === arg.at && candidate.gistId === arg.gistId);
      return item === undefined ? (arg as HistoryEntry) : this.history.entry(item);
    }
    return items[0] === undefined ? undefined : this.history.entry(items[0]);
  }

  async insertAgain(arg: unknown): Promise<boolean> {
    const content = contentOf(await this.entryFor(arg));
    if (content === undefined) {
      return false;
    }
    await this.generation.insert(content);
    return true;
  }

  async openInDocument(arg: unknown): Promise<vscode.TextDocument | undefined> {
    const content = contentOf(await this.entryFor(arg));
    if (content === undefined) {
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument({ content });
    await vscode.window.showTextDocument(document, { preview: false });
    return document;
  }

  async copyContent(arg: unknown): Promise<string | undefined> {
    const content = contentOf(await this.entryFor(arg));
    if (content !== undefined) {
      await vscode.env.clipboard.writeText(content);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the generated text'), 3000);
    }
    return content;
  }

  /**
   * "Compare with…": this call's text beside another's of the history, in the diff editor (two
   * variants for the same values, or one variant on two runs). The other call is picked from the rest.
   */
  async compareWith(arg: unknown, otherArg?: unknown): Promise<boolean> {
    const items = this.history.items();
    const itemOf = (value: unknown): HistoryItem | undefined => (typeof value === 'object' && value !== null && 'id' in value ? items.find((item) => item.id === value.id) : undefined);
    const first = itemOf(arg) ?? items[0];
    if (first === undefined || contentOf(await this.history.entry(first)) === undefined) {
      return false;
    }
    const others = items.filter((item) => item.id !== first.id && item.failed !== true && item.unavailable !== true);
    if (others.length === 0) {
      void showInformation(userMessage(vscode.l10n.t('There is no other call with text in the history to compare this one with.')));
      return false;
    }
    const given = itemOf(otherArg);
    const picked = given !== undefined && given.id !== first.id ? { item: given } : await vscode.window.showQuickPick(
      others.map((item) => ({
        label: item.variant === undefined ? labelText(item.label) : `${labelText(item.label)} · ${labelText(item.variant)}`,
        description: `${new Date(item.at).toLocaleString()}${item.latencyMs === undefined ? '' : ` · ${formatLatency(item.latencyMs)}`}`,
        detail: labelText(item.summary),
        item,
      })),
      { title: vscode.l10n.t('Compare with…'), placeHolder: vscode.l10n.t('The call to put beside this one'), matchOnDescription: true, matchOnDetail: true },
    );
    if (picked === undefined) {
      return false;
    }
    const [left, right] = [callTextUri(first), callTextUri(picked.item)];
    await vscode.commands.executeCommand('vscode.diff', left, right, `${left.path.slice(1)} ↔ ${right.path.slice(1)}`, { preview: false });
    return true;
  }

  async copyCallId(arg: unknown): Promise<string | undefined> {
    // A short call id is in the view's item; a longer one only in the call's file.
    const callId = isItemWithCallId(arg) ? arg.callId : (await this.entryFor(arg))?.callId;
    if (callId === undefined) {
      void showInformation(userMessage(vscode.l10n.t('This call has no call id (the service did not return one).')));
      return undefined;
    }
    return copyCallIdText(callId);
  }

  async copyLastCallId(): Promise<string | undefined> {
    const callId = this.state.current.lastCallId;
    if (callId === undefined) {
      void showInformation(userMessage(vscode.l10n.t('No gist has been generated yet, so there is no call id to copy.')));
      return undefined;
    }
    return copyCallIdText(callId);
  }

  async clear(): Promise<void> {
    const clear = vscode.l10n.t('Clear');
    const choice = await askModal(userMessage(vscode.l10n.t('Clear the history of gist calls?')), undefined, clear);
    if (choice === clear) {
      await this.history.clear();
    }
  }

  /** Runs the latest call again: same gist, variant and values. */
  async repeatLast(): Promise<unknown> {
    const latest = this.history.items()[0];
    const last = latest === undefined ? undefined : await this.history.entry(latest);
    if (last?.unavailable === true) {
      void showWarning(userMessage(vscode.l10n.t('The last call could not be saved in the history, so it cannot be repeated (see “Gist: Show Log”).')));
      return undefined;
    }
    if (last === undefined) {
      const generate = vscode.l10n.t('Generate…');
      void Promise.resolve(showInformation(userMessage(vscode.l10n.t('No gist has been generated yet, so there is nothing to repeat.')), generate)).then(
        (choice) => (choice === generate ? this.generation.generate() : undefined),
      );
      return undefined;
    }
    if (last.cut?.includes('values') === true && !(await this.sendCutValues())) {
      return undefined;
    }
    return this.generation.generate({ gistId: last.gistId, variant: last.variant, values: last.values });
  }

  /**
   * True when the user chose to send values the history kept cut short (one over its size, or too
   * many): repeating them unasked would send other text than was typed. "Generate…" gives them again.
   */
  private async sendCutValues(): Promise<boolean> {
    const generate = vscode.l10n.t('Generate…');
    const sendKept = vscode.l10n.t('Send the Kept Values');
    const choice = await showWarning(
      userMessage(vscode.l10n.t('The history kept the last call’s values cut short (a value over {0} KB, or too many), so repeating it would not send what was typed. Generate again to give them, or send what was kept.'), MAX_VALUE_BYTES / 1024),
      generate,
      sendKept,
    );
    if (choice === generate) {
      void this.generation.generate();
    }
    return choice === sendKept;
  }
}
