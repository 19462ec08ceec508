// Outside text (ids, the service's error, URLs) goes into one-line messages: line breaks and
// other control characters become spaces, and long text is cut. Pure: no `vscode`.
import { revealInvisible } from './invisibles';

export function oneLine(text: string, maxLength = 200): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}

/**
 * Characters that end a line in some log viewer or that reorder what is shown: C0 and C1 controls
 * (U+0085 is NEXT LINE), the Unicode line and paragraph separators, and the bidirectional
 * overrides and isolates.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Control characters written as visible escapes (`\n`, `\u2028`), so the text is one line of a log. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (char) => SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Text for a line of the log or of the command line, with nothing hidden: controls escaped as
 * `\n` and `\u001b` (escapeControl), then every other character that shows nothing or reorders
 * the line (U+200B, U+200F, U+061C, tags…) as `⟨U+XXXX⟩`, as VS Code's surfaces show them.
 */
export function unhiddenLine(text: string): string {
  return revealInvisible(escapeControl(text)).text;
}

/** Plain ids and slugs go into a log line as they are; anything else is quoted JSON-style. */
const PLAIN = /^[A-Za-z0-9_.~:/@+=%-]+$/;

/**
 * An outside value (an id, a slug, the service's text) as one unambiguous field of a log line: as
 * is when plain, else in double quotes with quotes, backslashes and control characters escaped, so
 * it can neither start a new line nor pass for another field. Cut to `maxLength` characters first.
 */
export function logValue(text: string, maxLength = 200): string {
  const cut = text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
  return PLAIN.test(cut) ? cut : `"${escapeControl(cut.replace(/["\\]/g, (char) => `\\${char}`))}"`;
}
