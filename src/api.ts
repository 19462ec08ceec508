// What `activate()` returns: a small, typed window on the extension's state, used by the
// integration tests (and available to other extensions).
import type * as vscode from 'vscode';
import type { AccountSnapshot } from './account/accountStatus';
import type { HistoryEntry } from './history/historyEntry';
import type { Catalog } from './catalog/catalog';
import type { StatusView } from './account/statusView';
import type { TestedCallOutcome as CallOutcome } from './generation/runner';
import type { ConsentDialog } from './catalog/workspaceGistConsent';

export interface GistExtensionApi {
  /** The account, generation and last call state behind the status bar. */
  state(): AccountSnapshot;
  readonly onDidChangeState: vscode.Event<AccountSnapshot>;
  /** Text, tooltip, command and colour of the status bar item as shown now. */
  statusBarItem(): StatusView;
  /** Fires after every generate call, successful or not, once its content has been placed. */
  readonly onDidFinishCall: vscode.Event<CallOutcome>;
  /** The sessions the Accounts menu shows for this extension (never holding the key). */
  accountsMenuSessions(): Promise<readonly vscode.AuthenticationSession[]>;
  /** How long `activate()` took, for the benchmark. */
  activationMs(): number;
  /** The "Gist Calls" history, newest first. */
  history(): readonly HistoryEntry[];
  /** The gist catalog as the picker shows it: the gist.gists setting, then each folder's .vscode/gists.json. */
  catalog(): Promise<Catalog>;
  /** Resolves when the latest account check has settled. */
  whenAccountSettled(): Promise<void>;
  /** The extension's log folder (`context.logUri`), which holds the output channel's log file. */
  readonly logUri: vscode.Uri;
  /** Everything the extension keeps in global state, so tests can check that no secret is there. */
  globalStateSnapshot(): Record<string, unknown>;
  /**
   * Only when VS Code runs the extension's tests (ExtensionMode.Test): answers the question asked
   * before editor text goes to a workspace gist, which is a modal the extension host cannot click.
   * `undefined` puts the real dialog back.
   */
  answerConsentForTest?(dialog: ConsentDialog | undefined): void;
}
