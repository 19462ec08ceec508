// "Gist: Set API Key…": asks for the key, checks it with /v1/me, and only then stores it, so the
// old key stays in place until the new one is confirmed.
import * as vscode from 'vscode';
import type { Account } from '../account';
import { validateApiKey } from '../client/apiKey';
import { GistError, isGistError } from '../client/errors';
import type { GistClient } from '../client/gistClient';
import type { GistUser } from '../client/types';
import type { KeyStore } from '../keyStore';
import type { Logger } from '../logger';
import { ensureBaseUrl } from '../prompts/baseUrlPrompt';
import type { Settings } from '../settings';
import { CommandIds } from '../commandIds';

export interface SetApiKeyDeps {
  readonly client: GistClient;
  readonly keyStore: KeyStore;
  readonly settings: Settings;
  readonly account: Account;
  readonly logger: Logger;
  /** Called when the extension is used with no service URL yet (offers the walkthrough once). */
  readonly onFirstRun: () => void;
}

type Verification = { readonly ok: true; readonly user: GistUser } | { readonly ok: false; readonly error: GistError };

function keyFromArgs(args: unknown): string | undefined {
  if (typeof args === 'object' && args !== null && 'apiKey' in args && typeof args.apiKey === 'string') {
    return args.apiKey;
  }
  return undefined;
}

async function askForKey(): Promise<string | undefined> {
  const input = await vscode.window.showInputBox({
    title: vscode.l10n.t('Gist: Set API Key'),
    prompt: vscode.l10n.t('Paste your gist service API key. It is stored in the system keychain, never in settings.'),
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => {
      const result = validateApiKey(value);
      return result.ok ? undefined : result.reason;
    },
  });
  if (input === undefined) {
    return undefined;
  }
  const result = validateApiKey(input);
  return result.ok ? result.key : undefined;
}

async function verify(deps: SetApiKeyDeps, baseUrl: string, key: string): Promise<Verification> {
  deps.logger.addSecret(key);
  const connection = { baseUrl, apiKeyHeader: deps.settings.apiKeyHeader(), apiKey: key, timeoutMs: deps.settings.requestTimeoutMs() };
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking the API key…'), cancellable: true },
    async (_progress, token) => {
      const abort = new AbortController();
      const cancellation = token.onCancellationRequested(() => abort.abort());
      try {
        return { ok: true, user: await deps.client.me(connection, abort.signal) } as const;
      } catch (error) {
        const typed = isGistError(error) ? error : new GistError('service', String(error), 'openLog', { cause: error });
        return { ok: false, error: typed } as const;
      } finally {
        cancellation.dispose();
      }
    },
  );
}

async function save(deps: SetApiKeyDeps, key: string, user: GistUser | undefined): Promise<void> {
  await deps.keyStore.store(key);
  if (user !== undefined) {
    deps.account.signedIn(user, key);
    deps.logger.info(`API key stored; signed in as ${user.name}`);
    void vscode.window.showInformationMessage(vscode.l10n.t('Signed in to the gist service as {0}.', user.name));
  } else {
    deps.logger.warn('API key stored without checking it: the service could not be reached');
    void deps.account.refresh();
  }
}

/** Returns the signed-in user, or undefined when the key was not stored. */
export async function setApiKey(deps: SetApiKeyDeps, args?: unknown): Promise<GistUser | undefined> {
  if (deps.settings.baseUrl() === '') {
    deps.onFirstRun();
  }
  const baseUrl = await ensureBaseUrl(deps.settings);
  if (baseUrl === undefined) {
    return undefined;
  }
  const given = keyFromArgs(args);
  if (given !== undefined) {
    return setGivenKey(deps, baseUrl, given);
  }
  for (;;) {
    const key = await askForKey();
    if (key === undefined) {
      return undefined;
    }
    const verification = await verify(deps, baseUrl, key);
    if (verification.ok) {
      await save(deps, key, verification.user);
      return verification.user;
    }
    const { error } = verification;
    deps.logger.warn(`API key check failed: ${error.message}`);
    if (error.kind === 'cancelled') {
      return undefined;
    }
    const tryAgain = vscode.l10n.t('Try Again');
    if (error.kind === 'authentication') {
      const choice = await vscode.window.showErrorMessage(vscode.l10n.t('The service rejected this API key. Check it and try again.'), tryAgain);
      if (choice === tryAgain) {
        continue;
      }
      return undefined;
    }
    const saveAnyway = vscode.l10n.t('Save Anyway');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('Could not check the key: {0}', error.message),
      saveAnyway,
      tryAgain,
    );
    if (choice === saveAnyway) {
      await save(deps, key, undefined);
      return undefined;
    }
    if (choice !== tryAgain) {
      return undefined;
    }
  }
}

/** The argument form (`{apiKey}`): no prompts to wait on; failures are shown, not awaited. */
async function setGivenKey(deps: SetApiKeyDeps, baseUrl: string, raw: string): Promise<GistUser | undefined> {
  const valid = validateApiKey(raw);
  if (!valid.ok) {
    void vscode.window.showErrorMessage(valid.reason);
    return undefined;
  }
  const verification = await verify(deps, baseUrl, valid.key);
  if (verification.ok) {
    await save(deps, valid.key, verification.user);
    return verification.user;
  }
  deps.logger.warn(`API key check failed: ${verification.error.message}`);
  const setKey = vscode.l10n.t('Set API Key');
  void Promise.resolve(vscode.window.showErrorMessage(verification.error.message, setKey)).then((choice) =>
    choice === setKey ? vscode.commands.executeCommand(CommandIds.setApiKey) : undefined,
  );
  return undefined;
}
