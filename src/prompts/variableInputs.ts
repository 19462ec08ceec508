// Step 3: one input per variable that the editor could not fill, prefilled with the last value
// (or the partly resolved default). "Edit in Editor…" takes long or multi-line values.
import * as vscode from 'vscode';
import type { CatalogVariable } from '../core/catalog';
import type { VariablePlan } from '../core/editorTemplate';
import { parseVariableNames } from '../core/variableNames';
import { editInEditor } from './editInEditor';

/** Asks once for the variable names of a gist that is not in the catalog. */
export async function askForVariableNames(gistLabel: string): Promise<readonly string[] | undefined> {
  const input = await vscode.window.showInputBox({
    title: vscode.l10n.t('{0}: Variables', gistLabel),
    prompt: vscode.l10n.t('The names of the gist’s variables, separated by commas (empty if it has none). Asked once per gist.'),
    placeHolder: 'name, product',
    ignoreFocusOut: true,
    validateInput: (value) => {
      const result = parseVariableNames(value);
      return result.ok ? undefined : result.reason;
    },
  });
  if (input === undefined) {
    return undefined;
  }
  const result = parseVariableNames(input);
  return result.ok ? result.names : undefined;
}

type InputResult = { readonly kind: 'value'; readonly value: string } | { readonly kind: 'editor'; readonly value: string } | { readonly kind: 'cancelled' };

function askOne(title: string, prompt: string, prefill: string): Promise<InputResult> {
  const input = vscode.window.createInputBox();
  input.title = title;
  input.prompt = prefill.includes('\n') ? `${prompt} ${vscode.l10n.t('(multi-line: use Edit in Editor…)')}` : prompt;
  input.value = prefill;
  input.ignoreFocusOut = true;
  const editButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('go-to-file'), tooltip: vscode.l10n.t('Edit in Editor…') };
  input.buttons = [editButton];
  return new Promise<InputResult>((resolve) => {
    let result: InputResult = { kind: 'cancelled' };
    const subscriptions = [
      input.onDidAccept(() => {
        result = { kind: 'value', value: input.value };
        input.hide();
      }),
      input.onDidTriggerButton((button) => {
        if (button === editButton) {
          result = { kind: 'editor', value: input.value };
          input.hide();
        }
      }),
      input.onDidHide(() => {
        for (const subscription of subscriptions) {
          subscription.dispose();
        }
        input.dispose();
        resolve(result);
      }),
    ];
    input.show();
  });
}

/** Returns every value, or undefined when the user pressed Escape at any input. */
export async function askForValues(
  gistLabel: string,
  variables: readonly CatalogVariable[],
  plan: readonly VariablePlan[],
): Promise<Record<string, string> | undefined> {
  const values: Record<string, string> = {};
  const asked = plan.filter((step) => step.kind === 'ask');
  let index = 0;
  for (const step of plan) {
    if (step.kind === 'filled') {
      values[step.name] = step.value;
      continue;
    }
    index += 1;
    const description = variables.find((variable) => variable.name === step.name)?.description;
    const title = `${gistLabel} — ${step.name} (${index}/${asked.length})`;
    const prompt = description ?? vscode.l10n.t('Value of “{0}”', step.name);
    const result = await askOne(title, prompt, step.prefill);
    if (result.kind === 'cancelled') {
      return undefined;
    }
    values[step.name] = result.kind === 'editor' ? await editInEditor(step.name, result.value) : result.value;
  }
  return values;
}
