// Parses a `.vscode/*.json` file the way VS Code edits them: JSON with comments and trailing
// commas. Pure: no `vscode`. Small on purpose; the file is a short list of gists.

export type JsonResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

/** Removes comments and trailing commas outside strings; offsets are kept (replaced by spaces). */
export function stripJsonComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? '';
    const next = text[i + 1];
    if (char === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') {
        j += text[j] === '\\' ? 2 : 1;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (char === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (char === ',' && /^\s*[\]}]/.test(withoutComments(text.slice(i + 1)))) {
      // A trailing comma (the rest is checked with its comments removed: `, // note\n]`).
      out += ' ';
      i += 1;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

/** The start of `rest` up to its first structural character, with comments dropped. */
function withoutComments(rest: string): string {
  return rest.replace(/^(\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/, (prefix) => prefix.replace(/\S/g, ' ')).slice(0, 200);
}

export function parseJsonWithComments(text: string): JsonResult {
  const stripped = stripJsonComments(text.replace(/^\uFEFF/, ''));
  if (stripped.trim() === '') {
    return { ok: true, value: undefined };
  }
  try {
    return { ok: true, value: JSON.parse(stripped) as unknown };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
