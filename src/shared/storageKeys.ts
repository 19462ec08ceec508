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
  /** generation/memory.ts: for each of the four above, per gist, when its entry was written (ms): what merges two windows' writes. */
  memoryStamps: 'gist.memoryStamps',
  /** shared/state.ts: the id of the last successful call (Copy Last Call ID, the status bar). */
  lastCallId: 'gist.lastCallId',
  /** history/callHistory.ts: the "Gist Calls" history. */
  callHistory: 'gist.callHistory',
  /** history/callHistory.ts: when the history was last cleared, in any window (milliseconds). */
  callHistoryClearedBefore: 'gist.callHistoryClearedBefore',
  /** account/firstRun.ts: the walkthrough has been offered once. */
  walkthroughOffered: 'gist.walkthroughOffered',
  /** account/keyStore.ts: the names of the secrets that hold keys (never a key), for listing unused ones where SecretStorage cannot list. */
  apiKeySecrets: 'gist.apiKeySecrets',
  /** account/keyStore.ts: true once the keys stored before keys were bound to their services have been bound. */
  apiKeysBound: 'gist.apiKeysBound',
} as const;

/** Workspace state (`context.workspaceState`): this workspace only. */
export const WorkspaceStateKeys = {
  /** catalog/workspaceGistConsent.ts: workspace gists the user agreed to send editor text to. */
  alwaysSendEditorValues: 'gist.alwaysSendEditorValues',
  /** account/profiles.ts: the profile this workspace's windows use (its name), once the user picked one. */
  activeProfile: 'gist.activeProfile',
  /** judge/judge.ts: the judging instruction as the user left it last (Judge with a Language Model…). */
  judgeInstruction: 'gist.judgeInstruction',
  /** judge/judge.ts: digests of the instructions the user agreed to judge with (a resume with one asks nothing again). */
  judgeInstructionsAgreed: 'gist.judgeInstructionsAgreed',
} as const;

/**
 * Secret storage (the OS keychain), written only by account/keyStore.ts: one API key per profile,
 * stored with the service it was checked with (account/storedKey.ts).
 */
export const SecretKeys = {
  /** The key of the profile from `gist.baseUrl`: where the one key was kept before profiles, so it stays. */
  apiKey: 'gist.apiKey',
  /** The key of the `gist.profiles` entry named `name` (renaming the entry leaves its key behind). */
  profileApiKey: (name: string): string => `gist.apiKey/${name}`,
} as const;

/** True for every secret name above: the key store reacts to changes of these only. */
export function isApiKeySecret(secret: string): boolean {
  return secret === SecretKeys.apiKey || secret.startsWith(`${SecretKeys.apiKey}/`);
}
