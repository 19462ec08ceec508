// How much work an assertion does on an output, estimated before it is done, in steps of about a
// nanosecond each (measured with `node` on the two-core machine the tests run on; the weights are
// rounded up). Every check whose work grows faster than the output, or with the test file's
// values, is estimated here and refused over MAX_ASSERTION_WORK: contains-any/-all (every value
// searched for in the whole output), regex (RE2 steps through its program for each character),
// levenshtein (output × value), JSON parsing, and a JSON Schema's checks of a parsed output: its
// subschemas per value (schemaWork.ts), `enum`/`const` compared with each value, `pattern`s on each
// string, and `uniqueItems`, which Ajv checks by comparing every pair of items. Pure: no `vscode`.
import { MAX_ASSERTION_WORK } from './checkLimits';

/** Steps per unit of each kind of work (ns on the reference machine, rounded up). */
export const WORK = {
  /**
   * A character of the output searched for one value (`includes`): V8 takes ~1 ns a character on
   * prose, but 11–24 ns on an output of "a"s searched for "ab" or for a long run of "a"s ending in
   * "b", and up to 60 ns with the machine busy.
   */
  scanChar: 40,
  /** A character looked at to count words or characters (a loop over char codes: 3–11 ns measured). */
  countChar: 10,
  /** A character lower-cased (icontains…). */
  foldChar: 2,
  /** A character of JSON parsed into values (JSON.parse makes every object: ~47 ns a character measured on object-heavy JSON). */
  parseChar: 50,
  /** A value of a parsed output walked once, to measure it. */
  walkValue: 20,
  /** One subschema checked against one value (Ajv: ~17 ns measured). */
  schemaCheck: 20,
  /** One character of an `enum` or `const` compared with a value. */
  enumChar: 5,
  /** One value of an item compared with another item's under uniqueItems (~133 ns a pair of small objects measured, ~13 ns a value compared). */
  equalValue: 15,
  /** One pair of items compared under uniqueItems, whatever they hold (a call of Ajv's equal: ~100 ns a pair of strings measured). */
  equalPair: 100,
  /** A character for each 8 instructions of an RE2 program (re2js: 0.06–0.09 ns per instruction and character measured). */
  regexChar: 1,
  /** One cell of levenshtein's n × m table (fastest-levenshtein: 0.4–0.56 ns measured). */
  levenshteinCell: 0.6,
} as const;

/** RE2 on `chars` characters with a program of `instructions`. */
export function regexWork(chars: number, instructions: number): number {
  return chars * WORK.regexChar * (1 + instructions / 8);
}

/** What a JSON Schema costs a value of an output, worked out when it is compiled. */
export interface SchemaCost {
  /** The most subschemas that apply to one value (schemaWork.ts). */
  readonly checksPerValue: number;
  /** Characters of every `enum` and `const` of the schema, as JSON: each may be compared with a value. */
  readonly enumChars: number;
  /** Instructions of every `pattern` and `patternProperties` pattern: each may run on a string or a name. */
  readonly patternInstructions: number;
  /** Whether `uniqueItems: true` appears anywhere. */
  readonly uniqueItems: boolean;
}

/** What the walk of a parsed output measures: what a schema's checks grow with. */
export interface ValueShape {
  /** Values (objects, arrays and scalars) and property names. */
  readonly values: number;
  /** Characters of its strings and property names. */
  readonly stringChars: number;
  /** Σ over arrays of (items − 1) × values in the array: the item values uniqueItems can compare, at most. */
  readonly itemComparisons: number;
  /** Σ over arrays of the pairs of their items: the comparisons uniqueItems can make, at most. */
  readonly itemPairs: number;
}

/**
 * Measures a parsed JSON value, stopping once it has walked `limit` values (undefined then: too
 * large to check). Iterative: a value nested a million levels deep does not overflow the stack.
 */
export function shapeOf(root: unknown, limit: number): ValueShape | undefined {
  let values = 0;
  let stringChars = 0;
  let itemComparisons = 0;
  let itemPairs = 0;
  // Post-order: an array's size is known once its items were walked.
  const stack: Array<{ readonly node: unknown; readonly exit: boolean; readonly before: number }> = [{ node: root, exit: false, before: 0 }];
  while (stack.length > 0) {
    const { node, exit, before } = stack.pop()!;
    if (exit) {
      const items = (node as unknown[]).length;
      if (items > 1) {
        itemComparisons += (items - 1) * (values - before);
        itemPairs += (items * (items - 1)) / 2;
      }
      continue;
    }
    values += 1;
    if (values > limit) return undefined;
    if (typeof node === 'string') {
      stringChars += node.length;
    } else if (Array.isArray(node)) {
      stack.push({ node, exit: true, before: values });
      for (const item of node) stack.push({ node: item, exit: false, before: 0 });
    } else if (typeof node === 'object' && node !== null) {
      for (const [name, child] of Object.entries(node)) {
        values += 1;
        stringChars += name.length;
        stack.push({ node: child, exit: false, before: 0 });
      }
    }
  }
  return { values, stringChars, itemComparisons, itemPairs };
}

/** The steps of checking a value of this shape against a schema of this cost (the walk included). */
export function schemaWork(shape: ValueShape, cost: SchemaCost): number {
  const perValue = cost.checksPerValue * WORK.schemaCheck + cost.enumChars * WORK.enumChar;
  const patterns = cost.patternInstructions > 0 ? regexWork(shape.stringChars, cost.patternInstructions * cost.checksPerValue) : 0;
  const unique = cost.uniqueItems ? shape.itemPairs * WORK.equalPair + shape.itemComparisons * WORK.equalValue : 0;
  return shape.values * (WORK.walkValue + perValue) + patterns + unique;
}

/** The most values a walk may visit within `budget`: each costs at least WORK.walkValue. */
export function walkLimit(budget: number): number {
  return Math.floor(budget / WORK.walkValue);
}

/** "about 1.2 billion steps": the estimate, rounded, for a reason. */
function steps(work: number): string {
  const rounded = (value: number): string => value.toFixed(1).replace(/\.0$/, '');
  if (work >= 1e9) return `${rounded(work / 1e9)} billion steps`;
  if (work >= 1e6) return `${rounded(work / 1e6)} million steps`;
  return `${Math.ceil(work).toLocaleString('en-US')} steps`;
}

/** Why an assertion was not run: what it would have done, and the limit. */
export function tooMuchWork(what: string, work: number): string {
  return `${what} would take about ${steps(work)}, more than the ${steps(MAX_ASSERTION_WORK)} one assertion may take (about 50 ms: checks run beside the editor and must not stall it), so it was not run. Check a shorter output or a simpler assertion.`;
}

export function overBudget(work: number): boolean {
  return work > MAX_ASSERTION_WORK;
}
