// The one rule by which a value of a JSON or JSONL data file becomes the text a gist variable
// gets (every value sent to the service is text). CSV values are text already. Pure: no `vscode`.
//
// The rule: a string is sent as it is; `null` as the empty string (as an empty CSV field); any
// other value as its compact JSON text, as `JSON.stringify` writes it: 42, 1.5 (1.50 in the
// file), 1000 (1e3), true, false, [1,"a"], {"a":1}.

export function textOf(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  if (value === null || value === undefined) {
    return '';
  }
  return JSON.stringify(value) ?? '';
}
