// promptfoo's reading of a comma-separated list given as one text (contains-any and its kin, in a
// file or a CSV `__expected` cell): fields split at commas and trimmed, empty ones skipped; a
// field in double quotes keeps its commas, with \" or "" for a quote and \\ for a backslash.
// Pure.

export type CommaValues = { readonly ok: true; readonly values: readonly string[] } | { readonly ok: false; readonly message: string };

const isSpace = (char: string | undefined): boolean => char !== undefined && /\s/.test(char);

export function parseCommaSeparatedValues(text: string): CommaValues {
  const values: string[] = [];
  let index = 0;
  while (index < text.length) {
    while (index < text.length && (isSpace(text[index]) || text[index] === ',')) {
      index += 1;
    }
    if (index >= text.length) {
      break;
    }
    if (text[index] !== '"') {
      const comma = text.indexOf(',', index);
      const end = comma === -1 ? text.length : comma;
      values.push(text.slice(index, end).trim());
      index = end;
      continue;
    }
    let field = '';
    let closed = false;
    index += 1;
    while (index < text.length) {
      const char = text[index]!;
      const next = text[index + 1];
      if (char === '\\' && (next === '"' || next === '\\')) {
        field += next;
        index += 2;
      } else if (char === '"' && next === '"') {
        field += '"';
        index += 2;
      } else if (char === '"') {
        index += 1;
        closed = true;
        break;
      } else {
        field += char;
        index += 1;
      }
    }
    if (!closed) {
      return { ok: false, message: 'a quoted field has no closing quote' };
    }
    values.push(field);
    while (index < text.length && isSpace(text[index])) {
      index += 1;
    }
    if (index < text.length && text[index] !== ',') {
      return { ok: false, message: 'a quoted field must be followed by a comma' };
    }
  }
  return { ok: true, values };
}
