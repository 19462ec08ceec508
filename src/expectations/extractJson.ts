// contains-json finds JSON objects inside text as promptfoo's `extractJsonObjects` does: each `{`
// starts a candidate that ends where its braces first balance (counted without regard to strings),
// or, if they never do, at the end of the text (or 100,000 characters on) with the missing `}`
// added; a candidate that parses is taken and the search goes on after it, one that does not is
// dropped. promptfoo parses candidates as YAML, so `{name: Ada}` counts there; here a candidate
// must be JSON. The brace matching is one linear pass instead of a scan per `{`, and the text
// handed to JSON.parse is counted, so an output made of braces cannot make this quadratic. Pure.
import { MAX_JSON_OBJECT_CHARS, MAX_JSON_SCAN_CHARS } from './checkLimits';

export interface ExtractedJson {
  readonly objects: readonly object[];
  /** True when the search stopped at MAX_JSON_SCAN_CHARS before the end of the text. */
  readonly stoppedEarly: boolean;
}

export function extractJsonObjects(text: string, budget = MAX_JSON_SCAN_CHARS): ExtractedJson {
  const length = text.length;
  // depth[k]: `{` minus `}` in text[0, k); match[i]: where the braces opened at i first balance.
  const depth = new Int32Array(length + 1);
  const match = new Int32Array(length).fill(-1);
  const open: number[] = [];
  for (let k = 0; k < length; k += 1) {
    const char = text.charCodeAt(k);
    depth[k + 1] = depth[k]! + (char === 0x7b ? 1 : char === 0x7d ? -1 : 0);
    if (char === 0x7b) {
      open.push(k);
    } else if (char === 0x7d && open.length > 0) {
      match[open.pop()!] = k + 1;
    }
  }
  const objects: object[] = [];
  let spent = 0;
  for (let start = 0; start < length; start += 1) {
    if (text.charCodeAt(start) !== 0x7b) {
      continue;
    }
    const windowEnd = Math.min(start + MAX_JSON_OBJECT_CHARS, length);
    const balanced = match[start]!;
    const end = balanced !== -1 && balanced <= windowEnd ? balanced : windowEnd;
    const missing = depth[end]! - depth[start]!;
    spent += end - start + missing;
    if (spent > budget) {
      return { objects, stoppedEarly: true };
    }
    const candidate = missing > 0 ? text.slice(start, end) + '}'.repeat(missing) : text.slice(start, end);
    let parsed: unknown;
    try {
      parsed = JSON.parse(candidate);
    } catch {
      continue;
    }
    if (typeof parsed === 'object' && parsed !== null) {
      objects.push(parsed);
      start = end - 1;
    }
  }
  return { objects, stoppedEarly: false };
}
