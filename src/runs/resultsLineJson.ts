// The one way a results file's line becomes a JSON value, for every reader of results files (the
// resume's reader, the results view's index, a cell read back). A line from a repository may hold
// a structure of millions of members in a member nobody reads: JSON.parse builds all of them, about
// 1 µs each, synchronously on the extension host. So the values are counted first, without
// parsing, by a scan that skips over strings at native speed, and a line past MAX_RESULT_LINE_VALUES
// is refused before it is parsed; a line nested past MAX_JSON_DEPTH is refused too, as every
// outside JSON is. Pure: no `vscode`.
import { NESTED_TOO_DEEP, nestedDeeperThan } from '../shared/jsonDepth';
import { MAX_RESULT_LINE_VALUES } from '../shared/limits';
import { oneLine } from '../shared/oneLine';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;

/** Whether the `"` at `at` is escaped: an odd number of backslashes runs up to it. */
function escapedQuote(text: string, at: number): boolean {
  let backslashes = 0;
  for (let i = at - 1; i >= 0 && text.charCodeAt(i) === BACKSLASH; i--) backslashes++;
  return backslashes % 2 === 1;
}

/**
 * Counts the objects, arrays and `,` of JSON text outside its strings (an object or array of n
 * members or items counts n, an empty one 1), stopping once past `max`; the count of text that is
 * not JSON means nothing, and JSON.parse then says what is wrong.
 */
export function jsonValueCount(text: string, max = Number.POSITIVE_INFINITY): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === QUOTE) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && escapedQuote(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return count;
      i = end;
    } else if (char === COMMA || char === OPEN_BRACE || char === OPEN_BRACKET) {
      count += 1;
      if (count > max) return count;
    }
  }
  return count;
}

export type LineJson = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly kind: 'tooManyValues' | 'tooDeep' | 'notJson'; readonly problem: string };

/** A results line's text as JSON; `problem` is a sentence's end after "Line N" or "it". */
export function resultsLineJson(text: string): LineJson {
  if (jsonValueCount(text, MAX_RESULT_LINE_VALUES) > MAX_RESULT_LINE_VALUES) {
    return { ok: false, kind: 'tooManyValues', problem: `holds more than ${MAX_RESULT_LINE_VALUES.toLocaleString('en-US')} JSON values (members and items), where a run writes a few hundred` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, kind: 'notJson', problem: `is not JSON (${oneLine(error instanceof Error ? error.message : String(error), 120)})` };
  }
  // Cheap now (at most MAX_RESULT_LINE_VALUES to walk), and no check after this one meets a deep value.
  return nestedDeeperThan(value) ? { ok: false, kind: 'tooDeep', problem: NESTED_TOO_DEEP } : { ok: true, value };
}

/** Why line 1 is no header, as notResultsFile says it: "it is not JSON" (the parser's words left out), "it holds more than …". */
export function headerLineProblem(json: Extract<LineJson, { ok: false }>): string {
  return json.kind === 'notJson' ? 'it is not JSON' : `it ${json.problem}`;
}
