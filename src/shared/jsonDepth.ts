// The one bound on how deep outside JSON may nest (MAX_JSON_DEPTH): JSON.stringify, jsonc-parser
// and the checks' tree builders recurse once per level, so a text nested a million deep throws a
// RangeError from wherever it is walked. Both checks here loop instead of recursing, so they hold
// at any depth: one over a parsed value (JSON.parse does not recurse), one over text as
// jsonc-parser's scanner reads it (comments and strings are not brackets). Pure: no `vscode`.
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { MAX_JSON_DEPTH } from './limits';

/** What is wrong with a value or text past the limit, after "it" or "the line". */
export const NESTED_TOO_DEEP = `nests objects and arrays more than ${MAX_JSON_DEPTH.toLocaleString('en-US')} levels deep`;
/** The sentence that says why a row or a file someone writes by hand is refused, and what to do. */
export const TOO_DEEP_REASON = `it ${NESTED_TOO_DEEP}; flatten it`;

/** Whether `value` (parsed JSON) nests objects and arrays more than `max` levels deep. */
export function nestedDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ readonly value: unknown; readonly depth: number }> = [{ value, depth: 1 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > max) return true;
    for (const child of Object.values(next.value)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: next.depth + 1 });
    }
  }
  return false;
}

/** The offset of the first `{` or `[` that opens a level past `max` in JSON or JSON with comments, or undefined when none does. */
export function tooDeepOffset(text: string, max = MAX_JSON_DEPTH): number | undefined {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      depth += 1;
      if (depth > max) return scanner.getTokenOffset();
    } else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}
