// Every context key the extension sets, for the `when` clauses of package.json, and the one place
// that sets them. The keys that follow a piece of state are bound here to its owner; the two that
// follow a piece of UI (the flow's button, the value editors) are set by it through `setContextKey`.
import * as vscode from 'vscode';
import type { ExtensionState } from './state';

export const ContextKeys = {
  /** Signed in: the walkthrough's "connect" step completes on it. */
  signedIn: 'gist.signedIn',
  /** A key is stored, confirmed or not: Sign Out and Refresh Account in the palette. */
  hasApiKey: 'gist.hasApiKey',
  /** Copy Last Call ID in the palette. */
  hasLastCallId: 'gist.hasLastCallId',
  /** Repeat Last Generation and Clear History, in the palette and the view's title. */
  hasHistory: 'gist.hasHistory',
  /** The documents open as "Edit in Editor…" values, where "Use Text" shows (generation/editInEditor.ts). */
  editedValueDocuments: 'gist.editedValueDocuments',
  /** Which of the flow's title-bar buttons the quick input on screen has, for their keybindings (shared/multiStepInput.ts). */
  flowButton: 'gist.flowButton',
} as const;

export type ContextKey = (typeof ContextKeys)[keyof typeof ContextKeys];

export function setContextKey(key: ContextKey, value: boolean | string | readonly string[]): void {
  void vscode.commands.executeCommand('setContext', key, value);
}

/** Where the state-following keys read their value: the owners, as the extension wires them. */
export interface ContextKeySources {
  readonly state: ExtensionState;
  /** The key store: a key is stored when `get()` has one. */
  readonly apiKey: { get(): Promise<string | undefined>; readonly onDidChange: vscode.Event<void> };
  readonly history: { items(): readonly unknown[]; readonly onDidChange: vscode.Event<void> };
}

/** Sets `key` whenever `value()` changes, and not otherwise. */
function follow(key: ContextKey): (value: boolean) => void {
  let last: boolean | undefined;
  return (value) => {
    if (value !== last) {
      last = value;
      setContextKey(key, value);
    }
  };
}

export function bindContextKeys({ state, apiKey, history }: ContextKeySources): vscode.Disposable {
  const signedIn = follow(ContextKeys.signedIn);
  const hasLastCallId = follow(ContextKeys.hasLastCallId);
  const applyState = (): void => {
    signedIn(state.current.status.kind === 'signedIn');
    hasLastCallId(state.current.lastCallId !== undefined);
  };
  const hasApiKey = follow(ContextKeys.hasApiKey);
  let reads = 0;
  const applyApiKey = (): void => {
    const read = ++reads;
    // A read that fails or is overtaken by a newer one changes nothing.
    apiKey.get().then(
      (key) => read === reads && hasApiKey(key !== undefined),
      () => undefined,
    );
  };
  const hasHistory = follow(ContextKeys.hasHistory);
  const applyHistory = (): void => hasHistory(history.items().length > 0);
  // The state (its profiles from the settings), the key store and the history are read just after activation, off its path.
  const timer = setTimeout(() => {
    applyState();
    applyApiKey();
    applyHistory();
  }, 0);
  return vscode.Disposable.from(
    { dispose: () => clearTimeout(timer) },
    state.onDidChange(applyState),
    // Every account check ends in a state change; the key store's read is cached, so this is cheap.
    state.onDidChange((snapshot) => {
      if (snapshot.status.kind !== 'checking') {
        applyApiKey();
      }
    }),
    apiKey.onDidChange(applyApiKey),
    history.onDidChange(applyHistory),
  );
}
