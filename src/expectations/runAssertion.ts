// One assertion on one call's output, with promptfoo's meaning for each type (read from
// promptfoo 0.123.1's handlers): score 1 or 0, `not-` inverting the outcome, and a weight of 0
// turning the assertion into a measurement that never fails. An assertion whose work would pass
// MAX_ASSERTION_WORK on this output (assertionWork.ts) fails saying so instead of running: a test
// file and an output are outside input, and grading runs on the extension host's thread. Pure: no `vscode`.
import { isDeepStrictEqual } from 'node:util';
import { nestedDeeperThan } from '../shared/jsonDepth';
import { MAX_JSON_DEPTH } from '../shared/limits';
import { checkLibraries } from './checkLibraries';
import { overBudget, regexWork, tooMuchWork, WORK } from './assertionWork';
import { MAX_ASSERTION_WORK, MAX_DIFF_CHARS } from './checkLimits';
import { type Assertion, type CountBound, type SourceRange } from './checkModel';
import { extractJsonObjects } from './extractJson';
import { regexInstructions } from './userRegex';
import { cut, quote, reasonText } from './visibleText';

/** What a call gave: its text and how long it took (for `latency`). */
export interface CallOutcome {
  readonly output: string;
  readonly latencyMs: number;
}

/** One check's outcome. `reason` is plain text; expected and actual, when set, are for a diff. */
export interface CheckResult {
  readonly check: 'assertion' | 'assert-set';
  /** As written: `not-contains`, `assert-set`. */
  readonly type: string;
  readonly pass: boolean;
  readonly score: number;
  readonly reason: string;
  readonly range: SourceRange;
  readonly metric?: string;
  readonly weight?: number;
  readonly expected?: string;
  readonly actual?: string;
  /** An assert-set's members' results. */
  readonly results?: readonly CheckResult[];
  /** A model-graded assertion (`llm-rubric`) the synchronous grader left for a model: neither passed nor failed yet. */
  readonly pending?: true;
  /** Not graded, and never will be in this run (the model failed or gave no readable answer, or none was chosen): the test errors, it neither passes nor fails. */
  readonly errored?: true;
}

/** Why an assertion failed, and expected and actual text for a diff. */
interface Explanation {
  readonly failure: string;
  readonly expected?: string;
  readonly actual?: string;
}

/**
 * Whether the output passed, and why not: made only for a failure, since it quotes the output
 * (escaping a passing output's hidden characters cost a pass over its whole length per assertion).
 */
interface Outcome {
  readonly pass: boolean;
  readonly explain: () => Explanation;
}

const not = (inverse: boolean): string => (inverse ? 'not ' : '');

function diffText(text: string): string {
  return cut(text, MAX_DIFF_CHARS);
}

function countMatches(bound: CountBound, count: number): boolean {
  if ('exact' in bound) {
    return count === bound.exact;
  }
  return (bound.min === undefined || count >= bound.min) && (bound.max === undefined || count <= bound.max);
}

function describeBound(bound: CountBound): string {
  if ('exact' in bound) {
    return `exactly ${bound.exact}`;
  }
  if (bound.min !== undefined && bound.max !== undefined) {
    return `between ${bound.min} and ${bound.max}`;
  }
  return bound.min !== undefined ? `at least ${bound.min}` : `at most ${bound.max ?? 0}`;
}

/** JavaScript's `\s` among the first 128 characters. */
const ASCII_SPACE = new Uint8Array(128).map((_, code) => (code === 32 || (code >= 9 && code <= 13) ? 1 : 0));

/** Whether a UTF-16 code unit is in JavaScript's `\s` (what promptfoo splits words on). */
function isSpace(code: number): boolean {
  if (code < 128) return ASCII_SPACE[code] === 1;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/**
 * promptfoo's word count (the trimmed text split on `\s+`, empty parts left out): the runs of
 * characters outside `\s`, counted without making them (split made a string per word: 1.3 s for
 * 16 MiB of one-letter words).
 */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index++) {
    const space = isSpace(text.charCodeAt(index));
    if (!space && !inWord) words += 1;
    inWord = !space;
  }
  return words;
}

/** Characters as people count them: Unicode code points, so an emoji counts once. */
export function countCharacters(text: string): number {
  // As `for…of` counts (a pair of surrogates once, a lone one once), without making a string per
  // character: that took ~30 ns a character, half a second on a 16 MiB output.
  let pairs = 0;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs += 1;
        index += 1;
      }
    }
  }
  return text.length - pairs;
}

/** An assertion not run: its work on this output would pass MAX_ASSERTION_WORK. */
function notRun(what: string, work: number): Outcome {
  return { pass: false, explain: () => ({ failure: tooMuchWork(what, work) }) };
}

const chars = (count: number): string => `${count.toLocaleString('en-US')} character${count === 1 ? '' : 's'}`;

/** Parsing the output as JSON, estimated from its length. */
function parseWork(output: string): number {
  return output.length * WORK.parseChar;
}

function outcomeOf(assertion: Assertion, { output, latencyMs }: CallOutcome): Outcome {
  const { expectation: e, inverse } = assertion;
  const flip = (matched: boolean): boolean => matched !== inverse;
  switch (assertion.baseType) {
    case 'llm-rubric':
      // Graded by a model in gradeWithModel (checks/modelGrading.ts); runAssertion never gets here.
      return { pass: false, explain: () => ({ failure: NOT_GRADED_YET }) };
    case 'equals': {
      if (e.kind === 'json') {
        if (overBudget(parseWork(output))) return notRun(`Parsing the output (${chars(output.length)}) as JSON`, parseWork(output));
        let parsed: unknown;
        let isJson = true;
        try {
          parsed = JSON.parse(output);
        } catch {
          isJson = false;
        }
        return {
          pass: isJson ? flip(isDeepStrictEqual(e.value, parsed)) : inverse,
          explain: () => ({
            failure: isJson ? `Expected the output to ${not(inverse)}equal ${quote(JSON.stringify(e.value))} as JSON` : 'Expected the output to be JSON equal to the value, but it is not JSON',
            expected: diffText(JSON.stringify(e.value, null, 2)),
            // An output nested past the limit is not written out again: JSON.stringify recurses once per level.
            actual: diffText(isJson ? (nestedDeeperThan(parsed) ? `(JSON nested more than ${MAX_JSON_DEPTH.toLocaleString('en-US')} levels deep, not shown)` : JSON.stringify(parsed, null, 2)) : output),
          }),
        };
      }
      const text = e.kind === 'text' ? e.text : '';
      return { pass: flip(output === text), explain: () => ({ failure: `Expected the output ${quote(output)} to ${not(inverse)}equal ${quote(text)}`, expected: diffText(text), actual: diffText(output) }) };
    }
    case 'contains':
    case 'icontains': {
      const text = e.kind === 'text' ? e.text : '';
      const work = output.length * WORK.scanChar + (assertion.baseType === 'icontains' ? (output.length + text.length) * WORK.foldChar : 0);
      if (overBudget(work)) return notRun(`Searching the output (${chars(output.length)}) for the value`, work);
      const found = assertion.baseType === 'contains' ? output.includes(text) : output.toLowerCase().includes(text.toLowerCase());
      return { pass: flip(found), explain: () => ({ failure: `Expected the output to ${not(inverse)}contain ${quote(text)}` }) };
    }
    case 'contains-any':
    case 'icontains-any':
    case 'contains-all':
    case 'icontains-all': {
      const texts = e.kind === 'texts' ? e.texts : [];
      const fold = assertion.baseType.startsWith('i');
      // Each value is searched for in the whole output: values × output.
      const work = texts.length * output.length * WORK.scanChar + (fold ? (output.length + texts.reduce((sum, text) => sum + text.length, 0)) * WORK.foldChar : 0);
      if (overBudget(work)) return notRun(`Searching the output (${chars(output.length)}) for each of ${texts.length.toLocaleString('en-US')} values`, work);
      const haystack = fold ? output.toLowerCase() : output;
      const has = (text: string): boolean => haystack.includes(fold ? text.toLowerCase() : text);
      const list = (): string => texts.map((text) => quote(text, 60)).join(', ');
      if (assertion.baseType.endsWith('-any')) {
        return { pass: flip(texts.some(has)), explain: () => ({ failure: `Expected the output to ${not(inverse)}contain one of ${list()}` }) };
      }
      const missing = texts.filter((text) => !has(text));
      return {
        pass: flip(missing.length === 0),
        explain: () => ({ failure: inverse ? `Expected the output to not contain all of ${list()}` : `Expected the output to contain all of ${list()}; missing ${missing.map((text) => quote(text, 60)).join(', ')}` }),
      };
    }
    case 'starts-with': {
      const text = e.kind === 'text' ? e.text : '';
      return { pass: flip(output.startsWith(text)), explain: () => ({ failure: `Expected the output to ${not(inverse)}start with ${quote(text)}; it starts ${quote(output, 60)}` }) };
    }
    case 'regex': {
      const instructions = e.kind === 'regex' ? regexInstructions(e.regex) : 0;
      const work = regexWork(output.length, instructions);
      if (overBudget(work)) return notRun(`Matching the regular expression (${instructions.toLocaleString('en-US')} RE2 instructions, each tried at every character) on the output (${chars(output.length)})`, work);
      const matched = e.kind === 'regex' && e.regex.test(output);
      return { pass: flip(matched), explain: () => ({ failure: `Expected the output to ${not(inverse)}match the regular expression ${quote(e.kind === 'regex' ? e.source : '')}` }) };
    }
    case 'is-json':
      return isJsonOutcome(assertion, output);
    case 'contains-json':
      return containsJsonOutcome(assertion, output);
    case 'levenshtein':
      return levenshteinOutcome(assertion, output);
    case 'latency': {
      const threshold = e.kind === 'threshold' ? e.threshold : 0;
      return { pass: flip(latencyMs <= threshold), explain: () => ({ failure: `Latency ${latencyMs} ms is ${inverse ? 'less than or equal to' : 'greater than'} the threshold ${threshold} ms` }) };
    }
    case 'word-count':
    case 'character-count': {
      const bound: CountBound = e.kind === 'count' ? e.bound : { exact: 0 };
      const words = assertion.baseType === 'word-count';
      const unit = words ? 'words' : 'characters';
      const work = output.length * WORK.countChar;
      if (overBudget(work)) return notRun(`Counting the ${unit} of the output (${chars(output.length)})`, work);
      const count = words ? countWords(output) : countCharacters(output);
      return { pass: flip(countMatches(bound, count)), explain: () => ({ failure: `Expected ${not(inverse)}${describeBound(bound)} ${unit}; the output has ${count}` }) };
    }
  }
}

/**
 * The distance is at least the difference of the lengths and at most the longer length, so those
 * decide many cases without computing it; a comparison too large to compute in bounded time fails.
 */
function levenshteinOutcome(assertion: Assertion, output: string): Outcome {
  const { expectation: e, inverse } = assertion;
  const { text, threshold } = e.kind === 'distance' ? e : { text: '', threshold: 0 };
  const because = (failure: string) => (): Explanation => ({ failure, expected: diffText(text), actual: diffText(output) });
  const comparison = inverse ? 'less than or equal to' : 'greater than';
  const lengthGap = Math.abs(output.length - text.length);
  if (lengthGap > threshold) {
    return { pass: inverse, explain: because(`Levenshtein distance is at least ${lengthGap} (the difference in length), ${comparison} the threshold ${threshold}`) };
  }
  const longest = Math.max(output.length, text.length);
  if (longest <= threshold) {
    return { pass: !inverse, explain: because(`Levenshtein distance is at most ${longest} (the longer length), ${comparison} the threshold ${threshold}`) };
  }
  const work = output.length * text.length * WORK.levenshteinCell;
  if (overBudget(work)) {
    return { pass: false, explain: because(tooMuchWork(`Computing the Levenshtein distance of the output (${chars(output.length)}) and the value (${chars(text.length)})`, work)) };
  }
  const measured = checkLibraries().distance(output, text);
  return { pass: (measured <= threshold) !== inverse, explain: because(`Levenshtein distance ${measured} is ${comparison} the threshold ${threshold}`) };
}

function isJsonOutcome(assertion: Assertion, output: string): Outcome {
  const { expectation: e, inverse } = assertion;
  const parsing = parseWork(output);
  if (overBudget(parsing)) return notRun(`Parsing the output (${chars(output.length)}) as JSON`, parsing);
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    return { pass: inverse, explain: () => ({ failure: 'Expected the output to be valid JSON' }) };
  }
  if (e.kind !== 'schema' || e.schema === undefined) {
    return { pass: !inverse, explain: () => ({ failure: 'Expected the output to not be valid JSON' }) };
  }
  const checked = e.schema.validator(parsed, MAX_ASSERTION_WORK - parsing);
  switch (checked.verdict) {
    case 'unchecked':
      return { pass: false, explain: () => ({ failure: uncheckedFailure(checked.reason) }) };
    case 'valid':
      return { pass: !inverse, explain: () => ({ failure: 'The output is JSON that conforms to the schema' }) };
    case 'invalid':
      return { pass: inverse, explain: () => ({ failure: `The JSON does not conform to the schema: ${checked.errors}` }) };
  }
}

/** Neither a pass nor a fail of the schema, whichever way the assertion reads: it fails, saying why. */
function uncheckedFailure(reason: string): string {
  return `The JSON could not be checked against the JSON Schema: ${reason}`;
}

function containsJsonOutcome(assertion: Assertion, output: string): Outcome {
  const { expectation: e, inverse } = assertion;
  // The search's budget counts characters scanned (a loop over char codes) and parsed alike, about half of each: within it, parsing stays within the assertion's work.
  const searchBudget = Math.floor(MAX_ASSERTION_WORK / (WORK.parseChar / 2 + WORK.countChar / 2));
  const { objects, stoppedEarly, spent } = extractJsonObjects(output, searchBudget);
  let remaining = MAX_ASSERTION_WORK - spent * (WORK.parseChar / 2 + WORK.countChar / 2);
  const stopped = stoppedEarly ? ' (the search stopped early: the output has too many braces to try them all)' : '';
  if (e.kind !== 'schema' || e.schema === undefined) {
    return { pass: inverse ? objects.length === 0 : objects.length > 0, explain: () => ({ failure: `Expected the output to ${not(inverse)}contain a JSON object${stopped}` }) };
  }
  let lastErrors: string | undefined;
  let unchecked: string | undefined;
  for (const object of objects) {
    const checked = e.schema.validator(object, remaining);
    remaining -= checked.work;
    if (checked.verdict === 'valid') {
      return { pass: !inverse, explain: () => ({ failure: 'The output contains JSON that conforms to the schema' }) };
    }
    if (checked.verdict === 'unchecked') {
      unchecked ??= checked.reason;
    } else {
      lastErrors = checked.errors;
    }
  }
  if (unchecked !== undefined) {
    // The object left unchecked may be the one that conforms.
    const reason = unchecked;
    return { pass: false, explain: () => ({ failure: `${uncheckedFailure(reason)}${stopped}` }) };
  }
  return {
    pass: inverse,
    explain: () => ({ failure: lastErrors === undefined ? `Expected the output to contain a JSON object${stopped}` : `No JSON object in the output conforms to the schema: ${lastErrors}${stopped}` }),
  };
}

const NOT_GRADED_YET = 'Not graded yet: a language model grades this assertion';

/** The result of a model-graded assertion before (or without) its model. */
export function pendingResult(assertion: Assertion): CheckResult {
  return {
    check: 'assertion',
    type: assertion.type,
    pass: false,
    score: 0,
    reason: NOT_GRADED_YET,
    range: assertion.range,
    pending: true,
    ...(assertion.metric !== undefined ? { metric: assertion.metric } : {}),
    ...(assertion.weight !== undefined ? { weight: assertion.weight } : {}),
  };
}

/**
 * Whether the output passed, and why not. The output and the file are outside input: should one
 * still defeat a check (JSON nested deep enough to overflow the stack while it is compared or
 * shown), the assertion fails saying so, and the run goes on.
 */
function evaluate(assertion: Assertion, call: CallOutcome): { readonly passed: boolean; readonly why?: Explanation } {
  try {
    const outcome = outcomeOf(assertion, call);
    return outcome.pass ? { passed: true } : { passed: false, why: outcome.explain() };
  } catch (error) {
    return { passed: false, why: { failure: `The assertion could not be evaluated: ${error instanceof Error ? error.message : String(error)}` } };
  }
}

/**
 * Runs one assertion. A weight of 0 always passes (promptfoo: a metric-only assertion); the score
 * stays. A model-graded one comes back pending: gradeWithModel grades it.
 */
export function runAssertion(assertion: Assertion, call: CallOutcome): CheckResult {
  if (assertion.expectation.kind === 'rubric') {
    return pendingResult(assertion);
  }
  const { passed, why } = evaluate(assertion, call);
  const pass = assertion.weight === 0 ? true : passed;
  return {
    check: 'assertion',
    type: assertion.type,
    pass,
    score: passed ? 1 : 0,
    reason: why === undefined ? 'Assertion passed' : reasonText(why.failure),
    range: assertion.range,
    ...(assertion.metric !== undefined ? { metric: assertion.metric } : {}),
    ...(assertion.weight !== undefined ? { weight: assertion.weight } : {}),
    ...(why?.expected !== undefined ? { expected: why.expected, actual: why.actual ?? '' } : {}),
  };
}
