// What `activate()` returns: the extension's public API.
//
// Other extensions may rely on what `GistExtensionApi` declares (outside `testing`), and on the
// commands that take arguments and return their result:
//   - `gist.generate` with `{gistId, variant?, values?, insertMode?}`: `{id, content}`, or undefined;
//   - `gist.compareVariants` with `{gistId, variants, values?}`: every variant's result or error;
//   - `gist.setApiKey` with `{apiKey, profile?}`: the signed-in user, or undefined (`profile`: the
//     name of the profile the key is for; the window's by default);
//   - `gist.switchAccount` with `{profile}`: the name of the profile the window now uses, or undefined;
//   - `gist.signOut` with `{profile?}`: removes that profile's key (the window's by default).
// The API key is never part of it: no value here holds it.
//
//   const gist = vscode.extensions.getExtension<GistExtensionApi>('gist-generate.gist-generate');
//   const api = await gist?.activate();
//
// `testing` is there only when VS Code runs the extension's own tests (ExtensionMode.Test):
// hooks into the extension's inside, which change whenever the inside does.
import type * as vscode from 'vscode';
import type { AccountSnapshot } from './shared/accountStatus';
import type { StatusView } from './account/statusView';
import type { Catalog } from './catalog/catalog';
import type { ConsentDialog } from './catalog/workspaceGistConsent';
import type { EditorView } from './generation/editorTargets';
import type { CallOutcome, TestedCallOutcome } from './generation/runner';
import type { CheckReport } from './checks/checkTestRun';
import type { HistoryEntry } from './history/historyEntry';
import type { VerdictsView } from './lab/resultsViewProtocol';
import type { ComparisonState } from './lab/comparisonPanel';
import type { JudgeConsentDialog } from './judge/judgeConsentQuestion';
import type { RubricGradingAnswer } from './checks/rubricModel';

export interface GistExtensionApi {
  /** The account status, the calls in flight, the last call id, the window's profile and its service URL, as the status bar shows them. */
  state(): AccountSnapshot;
  readonly onDidChangeState: vscode.Event<AccountSnapshot>;
  /** Fires after every generate call (one per variant in Compare Variants), successful or not, once its content has been placed. */
  readonly onDidFinishCall: vscode.Event<CallOutcome>;
  /** The "Gist Calls" history, newest first, each call read from its file. */
  history(): Promise<readonly HistoryEntry[]>;
  /** The gist catalog as the picker shows it: the gist.gists setting, then each folder's .vscode/gists.json. */
  catalog(): Promise<Catalog>;
  /** Only in ExtensionMode.Test. */
  readonly testing?: GistTestingApi;
}

/** Hooks for the extension's integration tests and benchmark; not part of the public API. */
export interface GistTestingApi {
  /** How long `activate()` took, for the benchmark. */
  activationMs(): number;
  /** Text, tooltip, command and colour of the status bar item as shown now. */
  statusBarItem(): StatusView;
  /** The sessions the Accounts menu shows for this extension (VS Code hands them only to extensions the user allowed). */
  accountsMenuSessions(): Promise<readonly vscode.AuthenticationSession[]>;
  /** What "Sign Out" on an account of the Accounts menu does (VS Code offers extensions no way to click it). */
  signOutFromAccountsMenu(sessionId: string): Promise<void>;
  /** The extension's SecretStorage, so a test can write a key as another window (or an older version) does. */
  readonly secrets: vscode.SecretStorage;
  /** Forgets the profile picked in this workspace, as in a workspace where the user never picked one. */
  forgetProfilePick(): Promise<void>;
  /** Resolves when the latest account check has settled. */
  whenAccountSettled(): Promise<void>;
  /** Every call's outcome with the failure notification's buttons and what its "Retry" runs. */
  readonly onDidFinishCall: vscode.Event<TestedCallOutcome>;
  /** The extension's log folder (`context.logUri`), which holds the output channel's log file. */
  readonly logUri: vscode.Uri;
  /** Everything the extension keeps in global state, so tests can check that no secret is there. */
  globalStateSnapshot(): Record<string, unknown>;
  /** Everything the extension keeps in this workspace's state (the profile picked here, consents). */
  workspaceStateSnapshot(): Record<string, unknown>;
  /** The extension's global state itself (`context.globalState`), for the benchmark's history rows. */
  readonly globalState: vscode.Memento;
  /** `context.globalStorageUri`, which holds the history's files, so tests can check what is written there. */
  readonly globalStorageUri: vscode.Uri;
  /** Resolves once the history's queued writes have landed (the move of older history to files included). */
  historySettled(): Promise<void>;
  /** What "Clear Call History…" does once the user said Clear (its question is a modal the extension host cannot answer). */
  clearHistory(): Promise<void>;
  /**
   * Answers the question asked before editor text goes to a workspace gist, which is a modal the
   * extension host cannot click; `undefined` puts the real dialog back.
   */
  answerConsent(dialog: ConsentDialog | undefined): void;
  /**
   * The language model tools as registered. Through `vscode.lm.invokeTool` the confirmation is a
   * dialog that VS Code answers by itself while tests run, so the tests read what it would show
   * from `prepareInvocation`, and call `prepareInvocation` and `invoke` apart, in VS Code's order,
   * when something must happen between the two.
   */
  readonly languageModelTools: { readonly generate: vscode.LanguageModelTool<unknown>; readonly list: vscode.LanguageModelTool<unknown> };
  /** What "Cancel" on a lab run's progress notification does (VS Code offers extensions no way to click it). */
  cancelLabRuns(): void;
  /** The verdict panel an open results view of `file` last sent its webview (what the webview shows), if any. */
  resultsVerdicts(file: string): VerdictsView | undefined;
  /**
   * The comparison view opened last (Compare with an Earlier Run…), once its webview was sent the
   * table and both runs' verdicts: its counts, the cells its table shows and both verdict panels.
   */
  comparison(): Promise<ComparisonState | undefined>;
  /** What the comparison view's "Only regressions" checkbox does; resolves with the state it then shows. */
  setComparisonFilter(onlyRegressions: boolean): Promise<ComparisonState | undefined>;
  /** What Enter on the comparison table's row of cell `key` does: the diff editor of its two outputs. */
  openComparisonDiff(key: number): Promise<void>;
  /**
   * How many of the lab's webviews are shown and still loading their page, and how many were
   * closed or hidden so since activation (a test does neither while one loads: webviewLoads.ts).
   */
  webviewsLoading(): { readonly loading: number; readonly discardedWhileLoading: number };
  /** Milliseconds from the opening of the results view of `file` to its first header, rows and verdicts sent to the webview. */
  resultsViewTimings(file: string): { readonly openMs?: number; readonly rowsMs?: number; readonly verdictsMs?: number } | undefined;
  /**
   * Answers the consent asked before a language model judges a results file (a modal the extension
   * host cannot click) with the number of pairs to judge, or undefined for Cancel; `undefined` as
   * the dialog puts the real modal back.
   */
  answerJudgeConsent(dialog: JudgeConsentDialog | undefined): void;
  /** What "Cancel" on a judging run's progress notification does. */
  cancelJudging(): void;
  /**
   * Answers, in a checks run with llm-rubric, the pick of the grading model (a quick pick) and the
   * consent to send the outputs there (a modal), which the extension host cannot click; `undefined`
   * puts the user's back.
   */
  answerRubricGrading(answer: RubricGradingAnswer | undefined): void;
  /**
   * Puts in place of the window's editors, for Generate and Insert Again, the editors as an
   * extension host sees them before it has heard of a change the workbench made (VS Code tells it
   * a moment later, and no test can hold that moment open); `undefined` puts the window's back.
   */
  editorView(view: EditorView | undefined): void;
  /**
   * The checks' test controller and run profiles, so tests can start runs as the Test Explorer does
   * (VS Code offers extensions no way to read another controller's results): each item's outcome is
   * reported on `onDidReport`. `discover` finds the test files (as opening the Testing view does).
   */
  readonly checks: {
    readonly controller: vscode.TestController;
    readonly runProfile: vscode.TestRunProfile;
    readonly saveProfile: vscode.TestRunProfile;
    discover(force?: boolean): Promise<void>;
    readonly onDidReport: vscode.Event<CheckReport>;
    /** How long the last discovery of the whole workspace took; undefined before the first. */
    discoveryMs(): number | undefined;
  };
  /** Binds the keys stored in the keychain as plain values (as versions before keys were bound stored them), as on this version's first start. */
  bindKeysAsOnFirstStart(): Promise<void>;
}
