// The one way out to the results view's webview: every string of every message, whatever part of a
// file or a votes file it came from (a cell's text, a variant's or a reviewer's name, a problem's
// line), with the characters that show nothing or reorder text written as ⟨U+XXXX⟩, and cut at a
// length no view needs. The webview then puts them in as text only (dom.ts). Pure: no `vscode`.
import { revealInvisible } from '../shared/invisibles';

/** No string of a message is longer: a pair's text is cut at 50,000 characters before it gets here. */
export const MAX_MESSAGE_STRING = 60_000;

function inert(value: unknown): unknown {
  if (typeof value === 'string') {
    const shown = revealInvisible(value).text;
    return shown.length > MAX_MESSAGE_STRING ? `${shown.slice(0, MAX_MESSAGE_STRING - 1)}…` : shown;
  }
  if (Array.isArray(value)) return value.map(inert);
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) copy[key] = inert(field);
    return copy;
  }
  return value;
}

/** `message` with each of its strings made inert (a copy; numbers and booleans as they are). */
export function inertMessage<T>(message: T): T {
  return inert(message) as T;
}
