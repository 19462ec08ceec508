// The command table: every command id bound to a verb of a feature, registered in one place.
// The ids stay registered for the palette, menus, keybindings and other extensions; inside the
// extension, features call each other's verbs directly.
import * as vscode from 'vscode';
import type { Account } from './account/account';
import { showStatusBarMenu } from './account/statusBarMenu';
import type { Diagnostics } from './diagnostics/diagnoseCommand';
import type { Generation } from './generation/generation';
import type { HistoryActions } from './history/historyActions';
import type { Judge } from './judge/judge';
import type { Lab } from './lab/lab';
import type { Checks } from './checks/checks';
import { CommandIds, type CommandHandler, type CommandId } from './shared/commandIds';
import type { Logger } from './shared/logger';
import type { ExtensionState } from './shared/state';
import type { ViewKeyboard } from './shared/viewKeyboard';

export interface Features {
  readonly account: Account;
  readonly generation: Generation;
  readonly history: HistoryActions;
  readonly lab: Lab;
  readonly judge: Judge;
  readonly checks: Checks;
  readonly diagnostics: Diagnostics;
  readonly state: ExtensionState;
  readonly logger: Logger;
}

/**
 * Every command id bound to a verb: each feature's own part of the table, and the two commands of
 * the extension itself. `satisfies` makes a command id without a verb a type error.
 */
function commandTable({ account, generation, history, lab, judge, checks, diagnostics, state, logger }: Features) {
  return {
    ...account.commands(),
    ...generation.commands(),
    ...history.commands(),
    ...diagnostics.commands(),
    ...lab.commands(),
    ...judge.commands(),
    ...checks.commands(),
    [CommandIds.statusBarMenu]: () => showStatusBarMenu(state),
    [CommandIds.showLog]: () => logger.show(),
  } satisfies Record<CommandId, CommandHandler>;
}

/**
 * Registers the table. Each command first waits for a webview of ours that is getting the keyboard
 * back from the Command Palette it was run from: an input shown before would lose the keyboard to
 * the view (see viewKeyboard.ts).
 */
export function registerCommands(features: Features, keyboard: ViewKeyboard): vscode.Disposable[] {
  return Object.entries(commandTable(features)).map(([id, handler]) => {
    const run: (...args: unknown[]) => unknown = handler;
    return vscode.commands.registerCommand(id, keyboard.whenSettled(run));
  });
}
