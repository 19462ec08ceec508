// The command table: every command id bound to its handler, registered in one place.
import * as vscode from 'vscode';
import type { Account } from './account/account';
import type { CallHistory } from './history/callHistory';
import { CommandIds, type CommandId } from './shared/commandIds';
import type { Logger } from './shared/logger';
import type { ExtensionState } from './shared/state';
import { diagnoseConnection } from './diagnostics/diagnoseCommand';
import { copyLastCallId, refreshAccount, setBaseUrl, signOut } from './account/accountCommands';
import { compareVariants } from './generation/compareCommand';
import { generate, type GenerateDeps } from './generation/generateCommand';
import { clearHistory, copyCallId, copyContent, insertAgain, openInDocument, repeatLast } from './history/historyCommands';
import { useEditedText } from './generation/editInEditor';
import { MultiStepInput } from './shared/multiStepInput';
import { setApiKey } from './account/keyFlow';
import { showStatusBarMenu } from './account/statusBarMenu';

export interface CommandDeps extends GenerateDeps {
  readonly account: Account;
  readonly state: ExtensionState;
  readonly logger: Logger;
  /** Sent by the diagnosis's `/v1/me` call, as by the client's. */
  readonly userAgent: string;
  readonly history: CallHistory;
}

type Handler = (...args: unknown[]) => unknown;

function commandTable(deps: CommandDeps): Record<CommandId, Handler> {
  return {
    [CommandIds.setApiKey]: (args) => setApiKey(deps, args),
    [CommandIds.signOut]: () => signOut(deps.keyStore, deps.account, deps.logger),
    [CommandIds.generate]: (args) => generate(deps, args),
    [CommandIds.showLog]: () => deps.logger.show(),
    [CommandIds.copyLastCallId]: () => copyLastCallId(deps.state),
    [CommandIds.refreshAccount]: () => refreshAccount(deps.account),
    [CommandIds.setBaseUrl]: () => setBaseUrl(deps.settings, deps.account),
    [CommandIds.diagnoseConnection]: () => diagnoseConnection(deps),
    [CommandIds.statusBarMenu]: () => showStatusBarMenu(deps.state),
    [CommandIds.repeatLast]: () => repeatLast(deps.history),
    [CommandIds.compareVariants]: (args) => compareVariants(deps, args),
    [CommandIds.useEditedText]: (uri) => useEditedText(uri),
    [CommandIds.flowInsertMode]: () => MultiStepInput.pressButton('insertMode'),
    [CommandIds.flowEditInEditor]: () => MultiStepInput.pressButton('editInEditor'),
    [CommandIds.clearHistory]: () => clearHistory(deps.history),
    [CommandIds.historyInsert]: (entry) => insertAgain(deps.history, entry),
    [CommandIds.historyOpen]: (entry) => openInDocument(deps.history, entry),
    [CommandIds.historyCopyContent]: (entry) => copyContent(deps.history, entry),
    [CommandIds.historyCopyCallId]: (entry) => copyCallId(deps.history, entry),
  };
}

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  return Object.entries(commandTable(deps)).map(([id, handler]) => vscode.commands.registerCommand(id, handler));
}
