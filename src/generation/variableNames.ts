// Parses the comma-separated variable names a user gives for a gist that is not in the catalog.
// Pure: no `vscode`.
import { hasControlCharacter } from '../shared/text';

export type VariableNamesResult =
  | { readonly ok: true; readonly names: readonly string[] }
  | { readonly ok: false; readonly reason: string };


export function parseVariableNames(input: string): VariableNamesResult {
  const names = input
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of names) {
    if (hasControlCharacter(name)) {
      return { ok: false, reason: `“${name}” contains a control character.` };
    }
    if (/\s/.test(name)) {
      return { ok: false, reason: `“${name}” contains a space; separate names with commas.` };
    }
  }
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) {
    return { ok: false, reason: `“${repeated}” is listed twice.` };
  }
  return { ok: true, names };
}
