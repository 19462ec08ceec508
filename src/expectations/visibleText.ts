// Outside text (a model's output, a file's expected value) quoted in a result's reason: one line,
// with control, line-separator, bidirectional and invisible characters written as escapes so the
// reason shows what is really there, and cut to a length. The reason is plain text for its
// reader (Test Explorer, a terminal, JUnit XML): never Markdown or HTML. Pure.
import { MAX_EXCERPT_CHARS, MAX_REASON_CHARS } from './checkLimits';

// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;
const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Hidden characters as escapes (`\n`, `\u202e`). */
export function showHidden(text: string): string {
  return text.replace(HIDDEN, (char) => SHORT[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Cuts `text` to `max` characters, saying how many were left out; never splits a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) {
    return text;
  }
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) {
    end -= 1;
  }
  return `${text.slice(0, end)}… (${(text.length - end).toLocaleString('en-US')} more characters)`;
}

/** A quoted excerpt of outside text for a reason: `"Dear Ada,\n…"`. */
export function quote(text: string, max = MAX_EXCERPT_CHARS): string {
  return `"${cut(showHidden(text), max)}"`;
}

/** A whole reason, capped. */
export function reasonText(text: string): string {
  return cut(text, MAX_REASON_CHARS);
}
