// The key flow behind "Gist: Set API Key…": asks for the key (and the service URL when it is
// missing), checks it with /v1/me and returns what it found. It stores nothing: the account
// stores the key the flow returns, so the old key stays in place until the new one is confirmed.
import * as vscode from 'vscode';
import { validateApiKey } from '../client/apiKey';
import { GistError, isGistError } from '../client/errors';
import type { GistClient } from '../client/gistClient';
import type { GistUser } from '../client/types';
import type { Logger } from '../shared/logger';
import { validateBaseUrl } from '../client/urls';
import { ensureBaseUrl } from './baseUrlPrompt';
import { MultiStepInput, reasonIfRefused, type Step } from '../shared/multiStepInput';
import type { Settings } from '../shared/settings';
import { CommandIds } from '../shared/commandIds';

/** A key to store: checked (`user` is whom it belongs to), or saved unchecked at the user's word. */
export interface FoundKey {
  readonly key: string;
  /** Undefined when the service could not be reached and the user chose "Save Anyway". */
  readonly user: GistUser | undefined;
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
      validate: reasonIfRefused(validateApiKey),
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
      validate: reasonIfRefused((value) => validateBaseUrl(value.trim())),
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

export class KeyFlow {
  constructor(
    private readonly client: GistClient,
    private readonly settings: Settings,
    private readonly logger: Logger,
  ) {}

  /** With `{apiKey}` as arguments, that key without prompts; undefined when there is no key to store. */
  async run(args?: unknown): Promise<FoundKey | undefined> {
    const given = keyFromArgs(args);
    if (given !== undefined) {
      const baseUrl = await ensureBaseUrl(this.settings);
      return baseUrl === undefined ? undefined : this.checkGivenKey(baseUrl, given);
    }
    for (;;) {
      const asked = await askForUrlAndKey(this.settings);
      if (asked === undefined) {
        return undefined;
      }
      const { baseUrl, key } = asked;
      const verification = await this.verify(baseUrl, key);
      if (verification.ok) {
        return { key, user: verification.user };
      }
      const { error } = verification;
      this.logger.warn(`API key check failed: ${error.message}`);
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
        return { key, user: undefined };
      }
      if (choice !== tryAgain) {
        return undefined;
      }
    }
  }

  /** The argument form (`{apiKey}`): no prompts to wait on; failures are shown, not awaited. */
  private async checkGivenKey(baseUrl: string, raw: string): Promise<FoundKey | undefined> {
    const valid = validateApiKey(raw);
    if (!valid.ok) {
      void vscode.window.showErrorMessage(valid.reason);
      return undefined;
    }
    const verification = await this.verify(baseUrl, valid.key);
    if (verification.ok) {
      return { key: valid.key, user: verification.user };
    }
    this.logger.warn(`API key check failed: ${verification.error.message}`);
    const setKey = vscode.l10n.t('Set API Key');
    void Promise.resolve(vscode.window.showErrorMessage(verification.error.message, setKey)).then((choice) =>
      choice === setKey ? vscode.commands.executeCommand(CommandIds.setApiKey) : undefined,
    );
    return undefined;
  }

  private verify(baseUrl: string, key: string): Thenable<Verification> {
    this.logger.addSecret(key);
    const connection = { baseUrl, apiKeyHeader: this.settings.apiKeyHeader(), apiKey: key, timeoutMs: this.settings.requestTimeoutMs() };
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking the API key…'), cancellable: true },
      async (_progress, token) => {
        const abort = new AbortController();
        const cancellation = token.onCancellationRequested(() => abort.abort());
        try {
          return { ok: true, user: await this.client.me(connection, abort.signal) } as const;
        } catch (error) {
          const typed = isGistError(error) ? error : new GistError('service', String(error), 'openLog', { cause: error });
          return { ok: false, error: typed } as const;
        } finally {
          cancellation.dispose();
        }
      },
    );
  }
}
