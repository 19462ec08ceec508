// Readers of a test file's common fields, each reporting what is wrong at its place: unknown
// fields (and promptfoo's that checks refuse, with why), numbers and labels. Pure.
import { MAX_LABEL_CHARS } from './checkLimits';
import { type SourceRange } from './checkModel';
import { type JsonNode, kindName } from './jsonNode';
import { type Problems } from './problems';

/** promptfoo's assertion fields that checks do not take, with why. */
const REFUSED_FIELDS: Readonly<Record<string, string>> = {
  transform: 'it runs code from the file on the output, which checks never do',
  contextTransform: 'it runs code from the file, which checks never do',
  provider: 'it names a grading model; llm-rubric is graded by the chat model you pick in VS Code when you run the tests',
  rubricPrompt: "it replaces the grading prompt, and checks keep their own: it holds the output apart as data, so an output cannot instruct its grader",
  config: 'it configures code-bearing assertions, which checks do not run',
  fallback: 'checks do not chain assertions',
  normalizeUnicode: 'checks compare text exactly as it is',
};

export const ASSERTION_FIELDS = ['type', 'value', 'threshold', 'weight', 'metric'];
export const SET_FIELDS = ['type', 'assert', 'threshold', 'weight', 'metric'];
export const THRESHOLD_TYPES = new Set<string>(['levenshtein', 'latency', 'llm-rubric']);

export type Entries = ReadonlyMap<string, { readonly node: JsonNode; readonly keyRange: SourceRange }>;

export function entriesOf(node: Extract<JsonNode, { kind: 'object' }>): Entries {
  return new Map(node.entries.map((entry) => [entry.key, { node: entry.value, keyRange: entry.keyRange }]));
}

/** Reports fields outside `allowed` (promptfoo's refused ones with their reason). */
export function checkFields(entries: Entries, allowed: readonly string[], where: string, problems: Problems): void {
  for (const [key, { keyRange }] of entries) {
    if (allowed.includes(key)) {
      continue;
    }
    const refused = Object.hasOwn(REFUSED_FIELDS, key) ? REFUSED_FIELDS[key] : undefined;
    problems.add(
      refused !== undefined ? `"${key}" is not supported in ${where}: ${refused}.` : `"${key}" is not a field of ${where}. The fields are: ${allowed.join(', ')}.`,
      keyRange,
    );
  }
}

/** A finite number ≥ 0 (weights, thresholds, counts), else a problem. */
export function readNumber(node: JsonNode, what: string, problems: Problems, options: { max?: number; integer?: boolean } = {}): number | undefined {
  if (node.kind !== 'number' || !Number.isFinite(node.value) || node.value < 0 || (options.max !== undefined && node.value > options.max) || (options.integer === true && !Number.isInteger(node.value))) {
    const range = options.max !== undefined ? ` from 0 to ${options.max}` : ' of 0 or more';
    problems.add(`${what} must be ${options.integer === true ? 'a whole number' : 'a number'}${range}${node.kind === 'number' ? '' : `, not ${kindName(node)}`}.`, node.range);
    return undefined;
  }
  return node.value;
}

export function readLabel(node: JsonNode, what: string, problems: Problems): string | undefined {
  if (node.kind !== 'string' || node.value.trim() === '') {
    problems.add(`${what} must be non-empty text.`, node.range);
    return undefined;
  }
  if (node.value.length > MAX_LABEL_CHARS) {
    problems.add(`${what} has ${node.value.length.toLocaleString('en-US')} characters, over the limit of ${MAX_LABEL_CHARS.toLocaleString('en-US')}.`, node.range);
    return undefined;
  }
  return node.value;
}

