// "Gist: Set API Key…": asks for the key, checks it with /v1/me, and only then stores it, so the
// old key stays in place until the new one is confirmed.
import * as vscode from 'vscode';
import type { Account } from './account';
import { validateApiKey } from '../client/apiKey';
import { GistError, isGistError } from '../client/errors';
import type { GistClient } from '../client/gistClient';
import type { GistUser } from '../client/types';
import type { KeyStore } from './keyStore';
import type { Logger } from '../shared/logger';
import { validateBaseUrl } from '../client/urls';
import { ensureBaseUrl } from './baseUrlPrompt';
import { MultiStepInput, type Step } from '../shared/multiStepInput';
import type { Settings } from '../shared/settings';
import { CommandIds } from '../shared/commandIds';

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

/**
 * The service URL when it is missing or invalid, then the key: one multi-step input, so focus
 * stays in the quick input between the two. The URL is saved once accepted (as before).
 */
async function askForUrlAndKey(settings: Settings): Promise<{ readonly baseUrl: string; readonly key: string } | undefined> {
  const current = validateBaseUrl(settings.baseUrl());
  const needsUrl = settings.baseUrl() === '' || !current.ok;
  let baseUrl = current.ok ? current.url : settings.baseUrl();
  let key = '';
  const totalSteps = needsUrl ? 2 : 1;
  const keyStep: Step = async (input) => {
    const entered = await input.showInputBox({
      title: vscode.l10n.t('Gist: Set API Key'),
      totalSteps,
      prompt: vscode.l10n.t('Paste your gist service API key. It is stored in the system keychain, never in settings.'),
      value: '',
      password: true,
      validate: (value) => {
        const result = validateApiKey(value);
        return result.ok ? undefined : result.reason;
      },
    });
    const result = validateApiKey(entered.value);
    key = result.ok ? result.key : '';
    return undefined;
  };
  const urlStep: Step = async (input) => {
    const entered = await input.showInputBox({
      title: vscode.l10n.t('Gist: Service URL'),
      totalSteps,
      prompt: vscode.l10n.t('The address of the gist service, for example https://gists.example.com'),
      placeholder: 'https://gists.example.com',
      value: baseUrl,
      validate: (value) => {
        const result = validateBaseUrl(value.trim());
        return result.ok ? undefined : result.reason;
      },
      keep: (value) => {
        baseUrl = value;
      },
    });
    const result = validateBaseUrl(entered.value.trim());
    if (!result.ok) {
      return urlStep;
    }
    baseUrl = result.url;
    await settings.setBaseUrl(baseUrl);
    return keyStep;
  };
  if (!(await MultiStepInput.run(needsUrl ? urlStep : keyStep)) || key === '') {
    return undefined;
  }
  return { baseUrl, key };
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
  const given = keyFromArgs(args);
  if (given !== undefined) {
    const baseUrl = await ensureBaseUrl(deps.settings);
    return baseUrl === undefined ? undefined : setGivenKey(deps, baseUrl, given);
  }
  for (;;) {
    const asked = await askForUrlAndKey(deps.settings);
    if (asked === undefined) {
      return undefined;
    }
    const { baseUrl, key } = asked;
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
