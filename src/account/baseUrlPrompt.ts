// Asks for the service URL and saves it as a user (application-scoped) setting.
import * as vscode from 'vscode';
import { validateBaseUrl } from '../client/urls';
import { reasonIfRefused } from '../shared/multiStepInput';
import type { Settings } from '../shared/settings';

export async function promptForBaseUrl(settings: Settings): Promise<string | undefined> {
  const input = await vscode.window.showInputBox({
    title: vscode.l10n.t('Gist: Service URL'),
    prompt: vscode.l10n.t('The address of the gist service, for example https://gists.example.com'),
    placeHolder: 'https://gists.example.com',
    value: settings.baseUrl(),
    ignoreFocusOut: true,
    validateInput: reasonIfRefused((value) => validateBaseUrl(value.trim())),
  });
  if (input === undefined) {
    return undefined;
  }
  const result = validateBaseUrl(input.trim());
  if (!result.ok) {
    return undefined;
  }
  await settings.setBaseUrl(result.url);
  return result.url;
}

/** The valid base URL from settings, or asks for one; undefined when the user gave up. */
export async function ensureBaseUrl(settings: Settings): Promise<string | undefined> {
  const current = validateBaseUrl(settings.baseUrl());
  if (settings.baseUrl() !== '' && current.ok) {
    return current.url;
  }
  return promptForBaseUrl(settings);
}
