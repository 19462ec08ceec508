// "Add Profile…": a name, the service URL and the key, in one multi-step input (focus stays in the
// quick input from one step to the next; Back keeps what was typed). Asks only: the account checks
// the key, stores it and adds the profile to the user settings.
import * as vscode from 'vscode';
import { validateBaseUrl } from '../client/urls';
import { MultiStepInput, reasonIfRefused, type Step } from '../shared/multiStepInput';
import { keyStep, type AskedKey } from './keyFlow';
import { DEFAULT_API_KEY_HEADER, validateProfileName } from './profileList';

export interface NewProfile extends AskedKey {
  readonly name: string;
}

/**
 * Returns an asking function for `KeyFlow.confirm`: each call runs the three steps, prefilled with
 * what was typed the time before (after "Try Again"). `taken`: the names already in use.
 */
export function newProfileAsker(taken: readonly string[]): () => Promise<NewProfile | undefined> {
  let name = '';
  let baseUrl = '';
  return async () => {
    let key = '';
    const totalSteps = 3;
    const title = vscode.l10n.t('Gist: Add Profile');
    const askKey = keyStep(title, totalSteps, (checked) => (key = checked));
    const urlStep: Step = async (input) => {
      const entered = await input.showInputBox({
        title,
        totalSteps,
        prompt: vscode.l10n.t('The address of the gist service, for example https://gists.example.com'),
        placeholder: 'https://gists.example.com',
        value: baseUrl,
        validate: reasonIfRefused((value) => validateBaseUrl(value.trim())),
        keep: (value) => (baseUrl = value),
      });
      const result = validateBaseUrl(entered.value.trim());
      if (!result.ok) {
        return urlStep;
      }
      baseUrl = result.url;
      return askKey;
    };
    const nameStep: Step = async (input) => {
      const entered = await input.showInputBox({
        title,
        totalSteps,
        prompt: vscode.l10n.t('A name for the service or account, for example “Staging” or a company’s name'),
        value: name,
        validate: reasonIfRefused((value) => validateProfileName(value, taken)),
        keep: (value) => (name = value),
      });
      const result = validateProfileName(entered.value, taken);
      if (!result.ok) {
        return nameStep;
      }
      name = result.name;
      return urlStep;
    };
    if (!(await MultiStepInput.run(nameStep)) || key === '') {
      return undefined;
    }
    return { name, baseUrl, apiKeyHeader: DEFAULT_API_KEY_HEADER, key };
  };
}
