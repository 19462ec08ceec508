// The command table: every command id bound to a verb of a feature, registered in one place.
// The ids stay registered for the palette, menus, keybindings and other extensions; inside the
// extension, features call each other's verbs directly.
import * as vscode from 'vscode';
import type { Account } from './account/account';
import { showStatusBarMenu } from './account/statusBarMenu';
import { useEditedText } from './generation/editInEditor';
import type { Generation } from './generation/generation';
import type { HistoryActions } from './history/historyActions';
import type { Lab } from './lab/lab';
import type { Checks } from './checks/checks';
import { CommandIds, type CommandId } from './shared/commandIds';
import type { Logger } from './shared/logger';
import { MultiStepInput } from './shared/multiStepInput';
import type { ExtensionState } from './shared/state';

export interface Features {
  readonly account: Account;
  readonly generation: Generation;
  readonly history: HistoryActions;
  readonly lab: Lab;
  readonly checks: Checks;
  /** "Gist: Diagnose Connection": returns the report. */
  readonly diagnose: () => Promise<unknown>;
  readonly state: ExtensionState;
  readonly logger: Logger;
}

type Handler = (...args: unknown[]) => unknown;

function commandTable({ account, generation, history, lab, checks, diagnose, state, logger }: Features): Record<CommandId, Handler> {
  return {
    [CommandIds.setApiKey]: (args) => account.setApiKey(args),
    [CommandIds.signOut]: (args) => account.signOut(args),
    [CommandIds.removeUnusedKeys]: (args) => account.removeUnusedKeys(args),
    [CommandIds.switchAccount]: (args) => account.switchAccount(args),
    [CommandIds.refreshAccount]: () => account.refresh(),
    [CommandIds.setBaseUrl]: () => account.setBaseUrl(),
    [CommandIds.statusBarMenu]: () => showStatusBarMenu(state),
    [CommandIds.generate]: (args) => generation.generate(args),
    [CommandIds.compareVariants]: (args) => generation.compare(args),
    [CommandIds.useEditedText]: (uri) => useEditedText(uri),
    [CommandIds.flowInsertMode]: () => MultiStepInput.pressButton('insertMode'),
    [CommandIds.flowEditInEditor]: () => MultiStepInput.pressButton('editInEditor'),
    [CommandIds.repeatLast]: () => history.repeatLast(),
    [CommandIds.copyLastCallId]: () => history.copyLastCallId(),
    [CommandIds.clearHistory]: () => history.clear(),
    [CommandIds.historyInsert]: (entry) => history.insertAgain(entry),
    [CommandIds.historyOpen]: (entry) => history.openInDocument(entry),
    [CommandIds.historyCopyContent]: (entry) => history.copyContent(entry),
    [CommandIds.historyCopyCallId]: (entry) => history.copyCallId(entry),
    [CommandIds.diagnoseConnection]: () => diagnose(),
    [CommandIds.showLog]: () => logger.show(),
    [CommandIds.labRunOverData]: (target) => lab.runOverData(target),
    [CommandIds.labResume]: (target) => lab.resume(target),
    [CommandIds.labRerunFailed]: (target) => lab.rerunFailed(target),
    [CommandIds.labExport]: (target, format) => lab.export(target, format),
    [CommandIds.checksExportPromptfoo]: (target) => checks.exportPromptfoo(target),
  };
}

export function registerCommands(features: Features): vscode.Disposable[] {
  return Object.entries(commandTable(features)).map(([id, handler]) => vscode.commands.registerCommand(id, handler));
}
