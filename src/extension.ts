// Composition root: builds the parts, wires them, returns. No network and no waiting here.
import * as vscode from 'vscode';
import { Account } from './account/account';
import type { GistExtensionApi, GistTestingApi } from './api';
import { AUTH_PROVIDER_ID, GistAuthenticationProvider } from './account/authProvider';
import { CallHistory } from './history/callHistory';
import { GistCatalog } from './catalog/gistCatalog';
import { GistClient } from './client/gistClient';
import { offerWalkthroughOnce } from './account/firstRun';
import { registerCommands } from './commands';
import { bindContextKeys } from './shared/contextKeys';
import { diagnoseConnection } from './diagnostics/diagnoseCommand';
import { Generation } from './generation/generation';
import { GenerationRunner, type CallOutcome } from './generation/runner';
import { HistoryActions } from './history/historyActions';
import { HISTORY_VIEW_ID, HistoryTreeProvider } from './history/historyView';
import { KeyStore } from './account/keyStore';
import { LoggedMemento } from './shared/loggedMemento';
import { Logger } from './shared/logger';
import { Memory } from './generation/memory';
import { PROXY_KEYS, proxyAwareDispatcher } from './shared/proxySettings';
import { CONNECTION_KEYS, settings } from './shared/settings';
import { ExtensionState } from './shared/state';
import { StatusBar } from './account/statusBar';
import { WorkspaceGistConsent } from './catalog/workspaceGistConsent';

export function activate(context: vscode.ExtensionContext): GistExtensionApi {
  const started = performance.now();
  try {
    const logger = new Logger('Gist Generate');
    // Every global-state write goes through this, so a failed one is logged, never lost silently.
    const globalState = new LoggedMemento(context.globalState, (message) => logger.error(message));
    const keyStore = new KeyStore(context.secrets);
    const userAgent = `gist-generate-vscode/${String((context.extension.packageJSON as { version?: unknown }).version)}`;
    const client = new GistClient({
      userAgent,
      dispatcherFactory: proxyAwareDispatcher,
    });
    const state = new ExtensionState(globalState, () => settings.baseUrl());
    const account = new Account(keyStore, settings, client, state, logger, () => offerWalkthroughOnce(globalState));
    const catalog = new GistCatalog(logger);
    const consent = new WorkspaceGistConsent(context.workspaceState, logger);
    const history = new CallHistory(
      globalState,
      vscode.Uri.joinPath(context.globalStorageUri, 'history'),
      (text) => logger.redact(text),
      (message) => logger.error(message),
    );
    const runner = new GenerationRunner(client, state, history, logger);
    const generation = new Generation(account, catalog, new Memory(globalState), consent, runner, settings, logger);
    const statusBar = new StatusBar(state);
    const historyTree = new HistoryTreeProvider(history);
    const authProvider = new GistAuthenticationProvider(
      state,
      () => account.setApiKey(),
      () => account.signOut(),
    );
    context.subscriptions.push(
      logger,
      keyStore,
      state,
      account,
      catalog,
      runner,
      statusBar,
      { dispose: () => void client.dispose() },
      history,
      bindContextKeys({ state, apiKey: keyStore, history }),
      historyTree,
      vscode.window.createTreeView(HISTORY_VIEW_ID, { treeDataProvider: historyTree }),
      ...registerCommands({
        account,
        generation,
        history: new HistoryActions(history, generation, state),
        diagnose: () => diagnoseConnection({ settings, keyStore, logger, userAgent }),
        state,
        logger,
      }),
      vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, vscode.l10n.t('Gist Generate'), authProvider),
      authProvider,
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (PROXY_KEYS.some((key) => event.affectsConfiguration(key))) {
          // New connections through the new proxy on the next call.
          void client.dispose();
        }
        if (CONNECTION_KEYS.some((key) => event.affectsConfiguration(key))) {
          void account.refresh();
        }
      }),
    );
    // After activate() has returned: the check reads the key store and calls /v1/me.
    queueMicrotask(() => void account.refresh());
    const activationMs = performance.now() - started;
    const api: GistExtensionApi = {
      state: () => state.current,
      onDidChangeState: state.onDidChange,
      onDidFinishCall: mapEvent(runner.onDidFinish, ({ actions: _actions, retry: _retry, ...outcome }): CallOutcome => outcome),
      history: () => history.entries(),
      catalog: () => catalog.entries(),
    };
    if (context.extensionMode !== vscode.ExtensionMode.Test) {
      return api;
    }
    const testing: GistTestingApi = {
      activationMs: () => activationMs,
      statusBarItem: () => statusBar.current,
      accountsMenuSessions: () => authProvider.getSessions(),
      whenAccountSettled: () => account.whenSettled(),
      onDidFinishCall: runner.onDidFinish,
      logUri: context.logUri,
      globalStateSnapshot: () => Object.fromEntries(context.globalState.keys().map((key) => [key, context.globalState.get<unknown>(key)])),
      globalState: context.globalState,
      globalStorageUri: context.globalStorageUri,
      historySettled: () => history.settled(),
      answerConsent: (dialog) => consent.answerForTest(dialog),
    };
    return { ...api, testing };
  } catch (error) {
    // VS Code shows nothing when activation throws; say what happened.
    void vscode.window.showErrorMessage(vscode.l10n.t('Gist Generate failed to start: {0}', String(error)));
    throw error;
  }
}

/** The same event, each value mapped (the public API's outcomes leave out the test-only fields). */
function mapEvent<T, U>(event: vscode.Event<T>, map: (value: T) => U): vscode.Event<U> {
  return (listener, thisArgs?: unknown, disposables?: vscode.Disposable[]) =>
    event(
      (value) => {
        listener.call(thisArgs, map(value));
      },
      undefined,
      disposables,
    );
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
