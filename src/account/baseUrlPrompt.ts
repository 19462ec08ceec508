// Asks for a profile's service URL; the caller saves it in the user settings (application scope).
import * as vscode from 'vscode';
import { validateBaseUrl } from '../client/urls';
import { reasonIfRefused } from '../shared/multiStepInput';
import type { Profile } from './profileList';

/** Saves a profile's URL where the user settings keep it (`gist.baseUrl` or its `gist.profiles` entry). */
export type SaveBaseUrl = (profile: Profile, url: string) => Promise<void>;

/** `named`: the profile's name, said in the title when there is more than one profile. */
export async function promptForBaseUrl(profile: Profile, save: SaveBaseUrl, named?: string): Promise<string | undefined> {
  const input = await vscode.window.showInputBox({
    title: named === undefined ? vscode.l10n.t('Gist: Service URL') : vscode.l10n.t('Gist: Service URL for {0}', named),
    prompt: vscode.l10n.t('The address of the gist service, for example https://gists.example.com'),
    placeHolder: 'https://gists.example.com',
    value: profile.baseUrl,
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
  await save(profile, result.url);
  return result.url;
}

/** The profile's valid base URL, or asks for one; undefined when the user gave up. */
export async function ensureBaseUrl(profile: Profile, save: SaveBaseUrl, named?: string): Promise<string | undefined> {
  const current = validateBaseUrl(profile.baseUrl);
  if (profile.baseUrl !== '' && current.ok) {
    return current.url;
  }
  return promptForBaseUrl(profile, save, named);
}
