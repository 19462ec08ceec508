// Composition root: builds the parts, wires them, returns. No network and no waiting here.
import * as vscode from 'vscode';
import { Account } from './account/account';
import type { GistExtensionApi, GistTestingApi } from './api';
import { AUTH_PROVIDER_ID, GistAuthenticationProvider } from './account/authProvider';
import { CallHistory } from './history/callHistory';
import { Checks } from './checks/checks';
import { CALL_TEXT_SCHEME, CallTextProvider } from './history/callText';
import { GistCatalog } from './catalog/gistCatalog';
import { GistClient } from './client/gistClient';
import { offerWalkthroughOnce } from './account/firstRun';
import { registerCommands } from './commands';
import { ViewKeyboard } from './shared/viewKeyboard';
import { bindContextKeys } from './shared/contextKeys';
import { Diagnostics } from './diagnostics/diagnoseCommand';
import { EditorTargets } from './generation/editorTargets';
import { Generation } from './generation/generation';
import { GenerationRunner, type CallOutcome } from './generation/runner';
import { HistoryActions } from './history/historyActions';
import { HISTORY_VIEW_ID, HistoryTreeProvider } from './history/historyView';
import { Judge } from './judge/judge';
import { KeyStore } from './account/keyStore';
import { Lab } from './lab/lab';
import { LanguageModelTools } from './languageModelTools/languageModelTools';
import { LoggedMemento } from './shared/loggedMemento';
import { Logger } from './shared/logger';
import { Memory } from './generation/memory';
import { showError } from './shared/notify';
import { Profiles } from './account/profiles';
import { PROXY_KEYS, proxyAwareDispatcher } from './network/proxySettings';
import { settings } from './shared/settings';
import { ExtensionState } from './shared/state';
import { StatusBar } from './account/statusBar';
import { userMessage } from './shared/userMessage';
import { WorkspaceGistConsent } from './catalog/workspaceGistConsent';

export function activate(context: vscode.ExtensionContext): GistExtensionApi {
  const started = performance.now();
  try {
    const logger = new Logger('Gist Generate');
    // Every global-state write goes through this, so a failed one is logged, never lost silently.
    const globalState = new LoggedMemento(context.globalState, (message) => logger.error(message));
    // Every key read is known to the log's redaction, whichever profile it belongs to.
    const profiles = new Profiles(settings, new LoggedMemento(context.workspaceState, (message) => logger.error(message)), logger);
    const keyStore = new KeyStore(context.secrets, globalState, () => profiles.all(), (key) => logger.addSecret(key), logger);
    const version = String((context.extension.packageJSON as { version?: unknown }).version);
    const userAgent = `gist-generate-vscode/${version}`;
    const client = new GistClient({
      userAgent,
      dispatcherFactory: proxyAwareDispatcher,
      knownKeys: () => logger.knownSecrets(),
    });
    const state = new ExtensionState(globalState, () => {
      const active = profiles.active();
      return { baseUrl: active.baseUrl, profile: active.name, profiles: profiles.all().map((profile) => profile.name) };
    });
    const account = new Account(keyStore, profiles, settings, client, state, logger, () => offerWalkthroughOnce(globalState));
    const catalog = new GistCatalog(logger);
    const consent = new WorkspaceGistConsent(context.workspaceState, logger);
    const history = new CallHistory(
      globalState,
      vscode.Uri.joinPath(context.globalStorageUri, 'history'),
      (text) => logger.redact(text),
      (message) => logger.error(message),
    );
    const runner = new GenerationRunner(client, state, history, logger);
    const memory = new Memory(globalState, (text) => logger.redact(text));
    const targets = new EditorTargets();
    const generation = new Generation(account, catalog, memory, consent, runner, settings, logger, targets);
    const keyboard = new ViewKeyboard();
    const lab = new Lab({
      extensionUri: context.extensionUri,
      keyboard,
      version,
      client,
      catalog,
      logger,
      signedInThen: (next) => account.signedInThen(next),
      destination: () => {
        const { profile, baseUrl } = state.current;
        return { profile, host: hostOf(baseUrl) };
      },
      recentGists: () => memory.recentGists(),
      labSettings: () => ({ concurrency: settings.labConcurrency(), maxRetries: settings.labMaxRetries() }),
      setStatus: (status) => state.setLabRuns(status),
      signedInUserName: () => {
        const { status } = state.current;
        return status.kind === 'signedIn' ? status.user.name : undefined;
      },
    });
    const judge = new Judge({ logger, workspaceState: new LoggedMemento(context.workspaceState, (message) => logger.error(message)) });
    const checks = new Checks({
      client,
      catalog,
      logger,
      version,
      ensureSignedIn: () => account.ensureSignedIn(),
      labSettings: () => ({ concurrency: settings.labConcurrency(), maxRetries: settings.labMaxRetries() }),
      destination: () => {
        const { profile, baseUrl } = state.current;
        return { profile, host: hostOf(baseUrl) };
      },
      service: () => {
        const { baseUrl, apiKeyHeader } = profiles.active();
        return { baseUrl, apiKeyHeader };
      },
    });
    const tools = new LanguageModelTools({ catalog, connection: () => account.currentConnection(), consent, runner, logger });
    const statusBar = new StatusBar(state);
    const historyTree = new HistoryTreeProvider(history);
    const authProvider = new GistAuthenticationProvider({
      signedInProfiles: () => account.signedInProfiles(),
      hasSeveralProfiles: () => account.hasSeveralProfiles(),
      onDidChangeAccounts: account.onDidChangeAccounts,
      signIn: () => account.signInFromAccountsMenu(),
      signOut: (profile) => account.signOut({ profile }),
    });
    context.subscriptions.push(
      logger,
      keyStore,
      profiles,
      state,
      account,
      catalog,
      runner,
      targets,
      statusBar,
      { dispose: () => void client.dispose() },
      history,
      bindContextKeys({ state, apiKey: account.activeKey, history }),
      historyTree,
      vscode.window.createTreeView(HISTORY_VIEW_ID, { treeDataProvider: historyTree }),
      vscode.workspace.registerTextDocumentContentProvider(CALL_TEXT_SCHEME, new CallTextProvider(history)),
      ...registerCommands({
        account,
        generation,
        history: new HistoryActions(history, generation, state),
        lab,
        judge,
        checks,
        diagnostics: new Diagnostics(settings, account, logger, userAgent),
        state,
        logger,
      }, keyboard),
      vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, vscode.l10n.t('Gist Generate'), authProvider, { supportsMultipleAccounts: true }),
      authProvider,
      ...tools.register(),
      lab,
      ...lab.register(),
      judge,
      checks,
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (PROXY_KEYS.some((key) => event.affectsConfiguration(key))) {
          // New connections through the new proxy on the next call.
          void client.dispose();
        }
      }),
    );
    // After activate() has returned: the checks read the key store and call /v1/me (the window's profile first).
    queueMicrotask(() => void account.checkAll());
    // A test file already open at startup is found then, not in activate().
    queueMicrotask(() => checks.checkOpenDocuments());
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
      signOutFromAccountsMenu: (sessionId) => authProvider.removeSession(sessionId),
      secrets: context.secrets,
      forgetProfilePick: () => profiles.forgetPick(),
      whenAccountSettled: () => account.whenSettled(),
      onDidFinishCall: runner.onDidFinish,
      logUri: context.logUri,
      globalStateSnapshot: () => Object.fromEntries(context.globalState.keys().map((key) => [key, context.globalState.get<unknown>(key)])),
      workspaceStateSnapshot: () => Object.fromEntries(context.workspaceState.keys().map((key) => [key, context.workspaceState.get<unknown>(key)])),
      globalState: context.globalState,
      globalStorageUri: context.globalStorageUri,
      historySettled: () => history.settled(),
      clearHistory: () => history.clear(),
      answerConsent: (dialog) => consent.answerForTest(dialog),
      languageModelTools: { generate: tools.generate, list: tools.list },
      cancelLabRuns: () => lab.runs.cancelAll(),
      resultsVerdicts: (file) => lab.shownVerdicts(file),
      resultsViewTimings: (file) => lab.resultsViewTimings(file),
      webviewsLoading: () => lab.webviewsLoading(),
      comparison: async () => {
        const panel = lab.comparison;
        await panel?.whenLoaded();
        return panel?.state();
      },
      setComparisonFilter: async (onlyRegressions) => {
        const panel = lab.comparison;
        await panel?.whenLoaded();
        await panel?.onMessage({ type: 'filter', onlyRegressions });
        return panel?.state();
      },
      openComparisonDiff: async (key) => {
        const panel = lab.comparison;
        await panel?.whenLoaded();
        await panel?.onMessage({ type: 'diff', key });
      },
      answerJudgeConsent: (dialog) => judge.answerConsentForTest(dialog),
      cancelJudging: () => judge.cancelAll(),
      answerRubricGrading: (answer) => checks.answerRubricGradingForTest(answer),
      bindKeysAsOnFirstStart: () => keyStore.bindAgainForTest(),
      editorView: (view) => targets.viewForTest(view),
      checks: {
        controller: checks.controller,
        runProfile: checks.runProfile,
        saveProfile: checks.saveProfile,
        discover: (force) => checks.discover(force),
        onDidReport: checks.onDidReport,
        discoveryMs: () => checks.discoveryMs,
      },
    };
    return { ...api, testing };
  } catch (error) {
    // VS Code shows nothing when activation throws; say what happened.
    void showError(userMessage(vscode.l10n.t('Gist Generate failed to start: {0}'), String(error)));
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

/** The host (and port) of a service URL, for what the lab's summary and results files name; '' when unusable. */
function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return '';
  }
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
