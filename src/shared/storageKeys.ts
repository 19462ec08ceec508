// Every key the extension keeps in VS Code's storage, in one registry: a reader finds here what
// is stored where, and two owners can never pick the same name. Each key has one owner, which
// alone reads and writes it (named below). Renaming a key loses what users have stored under it.
// Pure: no `vscode`.

/** Global state (`context.globalState`, through the logging LoggedMemento): kept across workspaces. */
export const GlobalStateKeys = {
  /** generation/memory.ts: the gists picked last, newest first. */
  recentGists: 'gist.recentGists',
  /** generation/memory.ts: per gist, the values the user typed last. */
  lastValues: 'gist.lastValues',
  /** generation/memory.ts: per ad-hoc gist, the variable names the user gave. */
  variableNames: 'gist.variableNames',
  /** generation/memory.ts: per gist, the variant picked last (`''` for automatic). */
  lastVariant: 'gist.lastVariant',
  /** shared/state.ts: the id of the last successful call (Copy Last Call ID, the status bar). */
  lastCallId: 'gist.lastCallId',
  /** history/callHistory.ts: the "Gist Calls" history. */
  callHistory: 'gist.callHistory',
  /** account/firstRun.ts: the walkthrough has been offered once. */
  walkthroughOffered: 'gist.walkthroughOffered',
} as const;

/** Workspace state (`context.workspaceState`): this workspace only. */
export const WorkspaceStateKeys = {
  /** catalog/workspaceGistConsent.ts: workspace gists the user agreed to send editor text to. */
  alwaysSendEditorValues: 'gist.alwaysSendEditorValues',
} as const;

/** Secret storage (the OS keychain): account/keyStore.ts's one key. */
export const SecretKeys = {
  apiKey: 'gist.apiKey',
} as const;
