// Parses the comma-separated variable names a user gives for a gist that is not in the catalog.
// Pure: no `vscode`.

export type VariableNamesResult =
  | { readonly ok: true; readonly names: readonly string[] }
  | { readonly ok: false; readonly reason: string };

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function parseVariableNames(input: string): VariableNamesResult {
  const names = input
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of names) {
    if (CONTROL_CHARACTERS.test(name)) {
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
