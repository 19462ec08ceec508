// The key flow behind "Gist: Set API Key…" (and "Add Profile…"): asks for the key (and the service
// URL when it is missing), checks it with the profile's /v1/me and returns what it found. It stores
// nothing: the account stores the key the flow returns, so the old key stays in place until the new
// one is confirmed.
import * as vscode from 'vscode';
import { validateApiKey } from '../client/apiKey';
import { GistError, isGistError } from '../client/errors';
import type { GistClient } from '../client/gistClient';
import type { GistUser } from '../shared/gistUser';
import type { Logger } from '../shared/logger';
import { showError, showWarning, withNotificationProgress } from '../shared/notify';
import { userMessage } from '../shared/userMessage';
import { validateBaseUrl } from '../client/urls';
import { ensureBaseUrl, type SaveBaseUrl } from './baseUrlPrompt';
import { MultiStepInput, reasonIfRefused, type Step } from '../shared/multiStepInput';
import type { Settings } from '../shared/settings';
import type { InputHold } from '../shared/inputHold';
import { CommandIds } from '../shared/commandIds';
import type { Profile } from './profileList';

/** A key to store: checked (`user` is whom it belongs to), or saved unchecked at the user's word. */
export interface FoundKey {
  readonly key: string;
  /** Undefined when the service could not be reached and the user chose "Save Anyway". */
  readonly user: GistUser | undefined;
  /** The service it was checked with (or, saved unchecked, meant for): the key is bound to it. */
  readonly baseUrl: string;
  readonly apiKeyHeader: string;
}

/** What an asking step gathered: the key, and the service it is for. */
export interface AskedKey {
  readonly baseUrl: string;
  readonly apiKeyHeader: string;
  readonly key: string;
}

type Verification = { readonly ok: true; readonly user: GistUser } | { readonly ok: false; readonly error: GistError };

/** The argument form: `{apiKey, profile?}`. */
export function keyArgs(args: unknown): { readonly apiKey: string; readonly profile: string | undefined } | undefined {
  if (typeof args === 'object' && args !== null && 'apiKey' in args && typeof args.apiKey === 'string') {
    const profile = 'profile' in args && typeof args.profile === 'string' ? args.profile : undefined;
    return { apiKey: args.apiKey, profile };
  }
  return undefined;
}

/**
 * The masked key step, shared by Set API Key and Add Profile; `keep` receives the checked key.
 * `why`: a sentence put before the prompt, saying why the key is asked for again.
 */
export function keyStep(title: string, totalSteps: number, keep: (key: string) => void, why?: string): Step {
  return async (input) => {
    const prompt = vscode.l10n.t('Paste your gist service API key. It is stored in the system keychain, never in settings.');
    const entered = await input.showInputBox({
      title,
      totalSteps,
      prompt: why === undefined ? prompt : `${why} ${prompt}`,
      value: '',
      password: true,
      validate: reasonIfRefused(validateApiKey),
    });
    const result = validateApiKey(entered.value);
    keep(result.ok ? result.key : '');
    return undefined;
  };
}

/**
 * The service URL when it is missing or invalid, then the key: one multi-step input, so focus
 * stays in the quick input between the two. The URL is saved once accepted (as before). With
 * `hold`, the key's input stays on screen while the key is checked and what follows opens.
 */
async function askForUrlAndKey(profile: Profile, save: SaveBaseUrl, named: string | undefined, why: string | undefined, hold: InputHold | undefined): Promise<AskedKey | undefined> {
  const current = validateBaseUrl(profile.baseUrl);
  const needsUrl = profile.baseUrl === '' || !current.ok;
  let baseUrl = current.ok ? current.url : profile.baseUrl;
  let key = '';
  const totalSteps = needsUrl ? 2 : 1;
  const title = named === undefined ? vscode.l10n.t('Gist: Set API Key') : vscode.l10n.t('Gist: Set API Key for {0}', named);
  const askKey = keyStep(title, totalSteps, (checked) => (key = checked), why);
  const urlStep: Step = async (input) => {
    const entered = await input.showInputBox({
      title: named === undefined ? vscode.l10n.t('Gist: Service URL') : vscode.l10n.t('Gist: Service URL for {0}', named),
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
    await save(profile, baseUrl);
    return askKey;
  };
  if (!(await MultiStepInput.run(needsUrl ? urlStep : askKey, undefined, hold)) || key === '') {
    return undefined;
  }
  return { baseUrl, apiKeyHeader: profile.apiKeyHeader, key };
}

export class KeyFlow {
  constructor(
    private readonly client: GistClient,
    private readonly settings: Settings,
    private readonly logger: Logger,
    private readonly saveBaseUrl: SaveBaseUrl,
  ) {}

  /**
   * The key for `profile` (`named`: its name, said in the titles when there is more than one).
   * With `apiKey` given, that key without prompts; undefined when there is no key to store.
   * `why`: why the key is asked for again (the one stored is for another service). `hold` keeps
   * the key's input on screen once the key is confirmed (see InputHold), for the caller to release.
   */
  async run(profile: Profile, named: string | undefined, apiKey?: string, why?: string, hold?: InputHold): Promise<FoundKey | undefined> {
    if (apiKey !== undefined) {
      const baseUrl = await ensureBaseUrl(profile, this.saveBaseUrl, named);
      return baseUrl === undefined ? undefined : this.checkGivenKey({ baseUrl, apiKeyHeader: profile.apiKeyHeader, key: apiKey });
    }
    const confirmed = await this.confirm(() => askForUrlAndKey(profile, this.saveBaseUrl, named, why, hold), hold);
    return confirmed === undefined ? undefined : { key: confirmed.key, user: confirmed.user, baseUrl: confirmed.baseUrl, apiKeyHeader: confirmed.apiKeyHeader };
  }

  /**
   * Asks with `ask` and checks the key with the service it names, until the key is confirmed, the
   * user saves it unchecked or gives up. "Try Again" asks again (`ask` keeps what was typed). An
   * input `hold` keeps is released before a failure is told: nothing is left busy behind a notification.
   */
  async confirm<T extends AskedKey>(ask: () => Promise<T | undefined>, hold?: InputHold): Promise<(T & FoundKey) | undefined> {
    for (;;) {
      const asked = await ask();
      if (asked === undefined) {
        return undefined;
      }
      const verification = await this.verify(asked);
      if (verification.ok) {
        return { ...asked, user: verification.user };
      }
      hold?.release();
      const { error } = verification;
      this.logger.warn(`API key check failed: ${error.message}`);
      if (error.kind === 'cancelled') {
        return undefined;
      }
      const tryAgain = vscode.l10n.t('Try Again');
      if (error.kind === 'authentication') {
        const choice = await showError(userMessage(vscode.l10n.t('The service rejected this API key. Check it and try again.')), tryAgain);
        if (choice === tryAgain) {
          continue;
        }
        return undefined;
      }
      const saveAnyway = vscode.l10n.t('Save Anyway');
      const choice = await showWarning(userMessage(vscode.l10n.t('Could not check the key: {0}'), error.message), saveAnyway, tryAgain);
      if (choice === saveAnyway) {
        return { ...asked, user: undefined };
      }
      if (choice !== tryAgain) {
        return undefined;
      }
    }
  }

  /** The argument form (`{apiKey}`): no prompts to wait on; failures are shown, not awaited. */
  private async checkGivenKey(given: AskedKey): Promise<FoundKey | undefined> {
    const valid = validateApiKey(given.key);
    if (!valid.ok) {
      void showError(userMessage('{0}', valid.reason));
      return undefined;
    }
    const verification = await this.verify({ ...given, key: valid.key });
    if (verification.ok) {
      return { key: valid.key, user: verification.user, baseUrl: given.baseUrl, apiKeyHeader: given.apiKeyHeader };
    }
    this.logger.warn(`API key check failed: ${verification.error.message}`);
    const setKey = vscode.l10n.t('Set API Key');
    void Promise.resolve(showError(userMessage('{0}', verification.error.message), setKey)).then((choice) =>
      choice === setKey ? vscode.commands.executeCommand(CommandIds.setApiKey) : undefined,
    );
    return undefined;
  }

  private verify({ baseUrl, apiKeyHeader, key }: AskedKey): Thenable<Verification> {
    this.logger.addSecret(key);
    const connection = { baseUrl, apiKeyHeader, apiKey: key, timeoutMs: this.settings.requestTimeoutMs() };
    return withNotificationProgress(
      userMessage(vscode.l10n.t('Checking the API key…')),
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
