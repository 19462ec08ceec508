// contains-json finds JSON objects inside text as promptfoo's `extractJsonObjects` does: each `{`
// starts a candidate that ends where its braces first balance (counted without regard to strings),
// or, if they never do, at the end of the text (or 100,000 characters on) with the missing `}`
// added; a candidate that parses is taken and the search goes on after it, one that does not is
// dropped. promptfoo parses candidates as YAML, so `{name: Ada}` counts there; here a candidate
// must be JSON. Outputs can be large (the client takes up to 16 MiB) and made of braces, which
// would make this quadratic: the characters scanned and parsed are counted against a budget, and
// past it the search stops and says so. Pure.
import { MAX_JSON_OBJECT_CHARS, MAX_JSON_SCAN_CHARS } from './checkLimits';

export interface ExtractedJson {
  readonly objects: readonly object[];
  /** True when the search stopped at the budget before the end of the text. */
  readonly stoppedEarly: boolean;
  /** Characters scanned and parsed, as counted against the budget. */
  readonly spent: number;
}

export function extractJsonObjects(text: string, budget = MAX_JSON_SCAN_CHARS): ExtractedJson {
  const objects: object[] = [];
  let spent = 0;
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    const windowEnd = Math.min(start + MAX_JSON_OBJECT_CHARS, text.length);
    let depth = 0;
    let end = windowEnd;
    for (let index = start; index < windowEnd; index += 1) {
      const char = text.charCodeAt(index);
      if (char === 0x7b) {
        depth += 1;
      } else if (char === 0x7d) {
        depth -= 1;
        if (depth === 0) {
          end = index + 1;
          break;
        }
      }
    }
    // Scanned once, parsed at most once more, with `depth` closing braces added when unbalanced.
    spent += 2 * (end - start) + depth;
    if (spent > budget) {
      return { objects, stoppedEarly: true, spent: spent - (2 * (end - start) + depth) };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(depth > 0 ? text.slice(start, end) + '}'.repeat(depth) : text.slice(start, end));
    } catch {
      continue;
    }
    if (typeof parsed === 'object' && parsed !== null) {
      objects.push(parsed);
      start = end - 1;
    }
  }
  return { objects, stoppedEarly: false, spent };
}
