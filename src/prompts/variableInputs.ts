// Step 3: one input per variable, prefilled with the last value used for that gist and variable.
import * as vscode from 'vscode';
import type { CatalogVariable } from '../core/catalog';
import { parseVariableNames } from '../core/variableNames';

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

/** Returns every value, or undefined when the user pressed Escape at any input. */
export async function askForValues(
  gistLabel: string,
  variables: readonly CatalogVariable[],
  lastValues: Readonly<Record<string, string>>,
): Promise<Record<string, string> | undefined> {
  const values: Record<string, string> = {};
  for (const [index, variable] of variables.entries()) {
    const value = await vscode.window.showInputBox({
      title: `${gistLabel} — ${variable.name} (${index + 1}/${variables.length})`,
      prompt: variable.description ?? vscode.l10n.t('Value of “{0}”', variable.name),
      value: lastValues[variable.name] ?? variable.default ?? '',
      ignoreFocusOut: true,
    });
    if (value === undefined) {
      return undefined;
    }
    values[variable.name] = value;
  }
  return values;
}
