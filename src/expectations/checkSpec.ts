// Reads the `assert` entries of a test (or of `defaultTest`) into specs: the type, `not-`, weight,
// threshold and metric checked, and the value checked for its type, with `{{ var }}` still in
// it. Everything that is wrong is a problem at its line: an unknown or unsupported type, a field
// promptfoo has that checks do not, a field with no meaning for the type. Pure: no `vscode`.
import { isSupportedType, type AssertionBaseType, unsupportedTypeReason } from './assertionTypes';
import { MAX_ASSERTIONS_PER_TEST, MAX_LABEL_CHARS, MAX_VALUE_CHARS } from './checkLimits';
import { type CountBound, type SourceRange } from './checkModel';
import { type JsonNode, kindName, plainValue } from './jsonNode';
import { type Problems } from './problems';
import { parseCommaSeparatedValues } from './commaValues';

/** An assertion's value, checked for its type; text may still hold `{{ var }}`. */
export type ValueSpec =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'texts'; readonly texts: readonly string[] }
  | { readonly kind: 'commaTexts'; readonly text: string }
  | { readonly kind: 'regex'; readonly source: string }
  | { readonly kind: 'schema'; readonly schema?: unknown }
  | { readonly kind: 'threshold'; readonly threshold: number }
  | { readonly kind: 'distance'; readonly text: string; readonly threshold: number }
  | { readonly kind: 'count'; readonly bound: CountBound };

export interface AssertionSpec {
  readonly check: 'assertion';
  readonly type: string;
  readonly baseType: AssertionBaseType;
  readonly inverse: boolean;
  readonly value: ValueSpec;
  readonly valueRange: SourceRange;
  readonly weight?: number;
  readonly metric?: string;
  readonly range: SourceRange;
}

export interface SetSpec {
  readonly check: 'assert-set';
  readonly assert: readonly AssertionSpec[];
  readonly threshold?: number;
  readonly weight?: number;
  readonly metric?: string;
  readonly range: SourceRange;
}

export type CheckSpec = AssertionSpec | SetSpec;

/** promptfoo's assertion fields that checks do not take, with why. */
const REFUSED_FIELDS: Readonly<Record<string, string>> = {
  transform: 'it runs code from the file on the output, which checks never do',
  contextTransform: 'it runs code from the file, which checks never do',
  provider: 'it names a grading model, and checks run no model',
  rubricPrompt: 'it is for model-graded types, which checks do not run yet',
  config: 'it configures code-bearing assertions, which checks do not run',
  fallback: 'checks do not chain assertions',
  normalizeUnicode: 'checks compare text exactly as it is',
};

const ASSERTION_FIELDS = ['type', 'value', 'threshold', 'weight', 'metric'];
const SET_FIELDS = ['type', 'assert', 'threshold', 'weight', 'metric'];
const THRESHOLD_TYPES = new Set<string>(['levenshtein', 'latency']);

type Entries = ReadonlyMap<string, { readonly node: JsonNode; readonly keyRange: SourceRange }>;

function entriesOf(node: Extract<JsonNode, { kind: 'object' }>): Entries {
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

function readText(node: JsonNode, type: string, problems: Problems, options: { allowEmpty?: boolean; allowNumber?: boolean } = {}): string | undefined {
  const text = node.kind === 'string' ? node.value : options.allowNumber === true && node.kind === 'number' ? String(node.value) : undefined;
  if (text === undefined || (text === '' && options.allowEmpty !== true)) {
    problems.add(`${type} needs ${options.allowNumber === true ? 'a text or a number' : 'a text'} as its value${text === '' ? ', not an empty one' : `, not ${kindName(node)}`}.`, node.range);
    return undefined;
  }
  if (text.length > MAX_VALUE_CHARS) {
    problems.add(`The value has ${text.length.toLocaleString('en-US')} characters, over the limit of ${MAX_VALUE_CHARS.toLocaleString('en-US')}.`, node.range);
    return undefined;
  }
  return text;
}

function readTexts(node: JsonNode, type: string, problems: Problems): ValueSpec | undefined {
  if (node.kind === 'string') {
    const text = readText(node, type, problems);
    if (text === undefined) {
      return undefined;
    }
    const parsed = parseCommaSeparatedValues(text);
    if (!parsed.ok || parsed.values.length === 0) {
      problems.add(`${type}: ${parsed.ok ? 'the list is empty' : parsed.message}.`, node.range);
      return undefined;
    }
    return { kind: 'commaTexts', text };
  }
  if (node.kind !== 'array' || node.items.length === 0) {
    problems.add(`${type} needs a list of texts as its value, such as ["Loom", "Ada"]${node.kind === 'array' ? ', not an empty one' : ''}.`, node.range);
    return undefined;
  }
  const texts: string[] = [];
  for (const item of node.items) {
    const text = item.kind === 'boolean' ? String(item.value) : readText(item, type, problems, { allowNumber: true });
    if (text === undefined) {
      return undefined;
    }
    texts.push(text);
  }
  return { kind: 'texts', texts };
}

function readCount(node: JsonNode, type: string, problems: Problems): CountBound | undefined {
  if (node.kind === 'number' || (node.kind === 'string' && /^\s*\d+\s*$/.test(node.value))) {
    const exact = node.kind === 'number' ? node.value : Number(node.value);
    if (!Number.isInteger(exact) || exact < 0) {
      problems.add(`${type} needs a whole number of 0 or more, or { "min": …, "max": … }.`, node.range);
      return undefined;
    }
    return { exact };
  }
  if (node.kind !== 'object') {
    problems.add(`${type} needs a whole number, or { "min": …, "max": … }, as its value.`, node.range);
    return undefined;
  }
  const entries = entriesOf(node);
  checkFields(entries, ['min', 'max'], `a ${type} value`, problems);
  const min = entries.get('min');
  const max = entries.get('max');
  const minValue = min === undefined ? undefined : readNumber(min.node, 'min', problems, { integer: true });
  const maxValue = max === undefined ? undefined : readNumber(max.node, 'max', problems, { integer: true });
  if (min === undefined && max === undefined) {
    problems.add(`${type} needs "min", "max" or both.`, node.range);
    return undefined;
  }
  if ((min !== undefined && minValue === undefined) || (max !== undefined && maxValue === undefined)) {
    return undefined;
  }
  if (minValue !== undefined && maxValue !== undefined && minValue > maxValue) {
    problems.add(`${type}: min (${minValue}) is above max (${maxValue}).`, node.range);
    return undefined;
  }
  return { ...(minValue !== undefined ? { min: minValue } : {}), ...(maxValue !== undefined ? { max: maxValue } : {}) };
}

function readSchema(node: JsonNode | undefined, type: string, problems: Problems): ValueSpec | undefined {
  if (node === undefined || (node.kind === 'string' && node.value.trim() === '')) {
    return { kind: 'schema' };
  }
  if (node.kind === 'object') {
    return { kind: 'schema', schema: plainValue(node) };
  }
  if (node.kind === 'string') {
    if (node.value.startsWith('file://')) {
      problems.add(`${type}: schemas from files (file://) are not supported; write the JSON Schema here.`, node.range);
      return undefined;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(node.value);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return { kind: 'schema', schema: parsed };
    }
  }
  problems.add(`${type} takes a JSON Schema object as its value (or no value), such as { "type": "object", "required": ["name"] }.`, node.range);
  return undefined;
}

function readValue(baseType: AssertionBaseType, type: string, value: JsonNode | undefined, threshold: JsonNode | undefined, range: SourceRange, problems: Problems): ValueSpec | undefined {
  const needValue = (): JsonNode | undefined => {
    if (value === undefined) {
      problems.add(`${type} needs a "value".`, range);
    }
    return value;
  };
  switch (baseType) {
    case 'equals': {
      const node = needValue();
      if (node === undefined) {
        return undefined;
      }
      if (node.kind === 'object' || node.kind === 'array' || node.kind === 'null') {
        return { kind: 'json', value: plainValue(node) };
      }
      const text = node.kind === 'boolean' ? String(node.value) : readText(node, type, problems, { allowEmpty: true, allowNumber: true });
      return text === undefined ? undefined : { kind: 'text', text };
    }
    case 'contains':
    case 'icontains':
    case 'starts-with': {
      const node = needValue();
      const text = node === undefined ? undefined : readText(node, type, problems, { allowNumber: baseType !== 'starts-with' });
      return text === undefined ? undefined : { kind: 'text', text };
    }
    case 'contains-any':
    case 'contains-all':
    case 'icontains-any':
    case 'icontains-all': {
      const node = needValue();
      return node === undefined ? undefined : readTexts(node, type, problems);
    }
    case 'regex': {
      const node = needValue();
      const source = node === undefined ? undefined : readText(node, type, problems);
      return source === undefined ? undefined : { kind: 'regex', source };
    }
    case 'is-json':
    case 'contains-json':
      return readSchema(value, type, problems);
    case 'levenshtein': {
      const node = needValue();
      const text = node === undefined ? undefined : readText(node, type, problems, { allowEmpty: true });
      const limit = threshold === undefined ? 5 : readNumber(threshold, 'The threshold (the largest distance that passes)', problems);
      return text === undefined || limit === undefined ? undefined : { kind: 'distance', text, threshold: limit };
    }
    case 'latency': {
      if (value !== undefined) {
        problems.add(`${type} takes no "value": give the largest latency in milliseconds as "threshold".`, value.range);
      }
      if (threshold === undefined) {
        problems.add(`${type} needs a "threshold": the largest latency that passes, in milliseconds.`, range);
        return undefined;
      }
      const limit = readNumber(threshold, 'The threshold (milliseconds)', problems);
      return limit === undefined || value !== undefined ? undefined : { kind: 'threshold', threshold: limit };
    }
    case 'word-count':
    case 'character-count': {
      const node = needValue();
      const bound = node === undefined ? undefined : readCount(node, type, problems);
      return bound === undefined ? undefined : { kind: 'count', bound };
    }
  }
}

function readAssertion(node: Extract<JsonNode, { kind: 'object' }>, type: string, problems: Problems): AssertionSpec | undefined {
  const inverse = type.startsWith('not-');
  const baseType = inverse ? type.slice(4) : type;
  const typeRange = node.entries.find((entry) => entry.key === 'type')?.value.range ?? node.range;
  if (!isSupportedType(baseType)) {
    problems.add(`"${type}" is not supported: ${unsupportedTypeReason(baseType)}`, typeRange);
    return undefined;
  }
  const entries = entriesOf(node);
  checkFields(entries, ASSERTION_FIELDS, `a ${type} assertion`, problems);
  const threshold = entries.get('threshold');
  if (threshold !== undefined && !THRESHOLD_TYPES.has(baseType)) {
    problems.add(`"threshold" has no meaning for ${type} (promptfoo ignores it): only levenshtein and latency take one. For a test's pass mark, put "threshold" on the test.`, threshold.keyRange);
  }
  const weightEntry = entries.get('weight');
  const metricEntry = entries.get('metric');
  const weight = weightEntry === undefined ? undefined : readNumber(weightEntry.node, 'The weight', problems);
  const metric = metricEntry === undefined ? undefined : readLabel(metricEntry.node, 'The metric', problems);
  const valueNode = entries.get('value')?.node;
  const value = readValue(baseType, type, valueNode, threshold?.node, node.range, problems);
  if (value === undefined || (weightEntry !== undefined && weight === undefined) || (metricEntry !== undefined && metric === undefined)) {
    return undefined;
  }
  return {
    check: 'assertion',
    type,
    baseType,
    inverse,
    value,
    valueRange: valueNode?.range ?? node.range,
    range: node.range,
    ...(weight !== undefined ? { weight } : {}),
    ...(metric !== undefined ? { metric } : {}),
  };
}

function readSet(node: Extract<JsonNode, { kind: 'object' }>, problems: Problems): SetSpec | undefined {
  const entries = entriesOf(node);
  checkFields(entries, SET_FIELDS, 'an assert-set', problems);
  const members = entries.get('assert');
  if (members === undefined || members.node.kind !== 'array' || members.node.items.length === 0) {
    problems.add('An assert-set needs "assert": a list of assertions.', members?.node.range ?? node.range);
    return undefined;
  }
  const assert: AssertionSpec[] = [];
  for (const item of members.node.items) {
    const spec = readCheck(item, problems, { inSet: true });
    if (spec?.check === 'assertion') {
      assert.push(spec);
    }
  }
  const thresholdEntry = entries.get('threshold');
  const weightEntry = entries.get('weight');
  const metricEntry = entries.get('metric');
  const threshold = thresholdEntry === undefined ? undefined : readNumber(thresholdEntry.node, "The set's threshold (the share of its weighted score that passes)", problems, { max: 1 });
  const weight = weightEntry === undefined ? undefined : readNumber(weightEntry.node, 'The weight', problems);
  const metric = metricEntry === undefined ? undefined : readLabel(metricEntry.node, 'The metric', problems);
  if (assert.length !== members.node.items.length) {
    return undefined;
  }
  return {
    check: 'assert-set',
    assert,
    range: node.range,
    ...(threshold !== undefined ? { threshold } : {}),
    ...(weight !== undefined ? { weight } : {}),
    ...(metric !== undefined ? { metric } : {}),
  };
}

/** Reads one entry of an `assert` list. */
export function readCheck(node: JsonNode, problems: Problems, options: { inSet?: boolean } = {}): CheckSpec | undefined {
  if (node.kind !== 'object') {
    problems.add(`An assertion is an object such as { "type": "contains", "value": "…" }, not ${kindName(node)}.`, node.range);
    return undefined;
  }
  const typeNode = node.entries.find((entry) => entry.key === 'type')?.value;
  if (typeNode === undefined || typeNode.kind !== 'string' || typeNode.value === '') {
    problems.add('An assertion needs a "type", such as "contains" or "regex".', typeNode?.range ?? node.range);
    return undefined;
  }
  if (typeNode.value === 'assert-set') {
    if (options.inSet === true) {
      problems.add('An assert-set cannot hold another assert-set (promptfoo does not run one either).', typeNode.range);
      return undefined;
    }
    return readSet(node, problems);
  }
  if (typeNode.value === 'not-assert-set') {
    problems.add('assert-set cannot be inverted with not-; invert its assertions instead.', typeNode.range);
    return undefined;
  }
  return readAssertion(node, typeNode.value, problems);
}

/** Reads an `assert` list (a test's or defaultTest's). */
export function readChecks(node: JsonNode, problems: Problems): CheckSpec[] {
  if (node.kind !== 'array') {
    problems.add(`"assert" is a list of assertions, not ${kindName(node)}.`, node.range);
    return [];
  }
  const specs: CheckSpec[] = [];
  let count = 0;
  for (const item of node.items) {
    const spec = readCheck(item, problems);
    count += spec?.check === 'assert-set' ? spec.assert.length + 1 : 1;
    if (count > MAX_ASSERTIONS_PER_TEST) {
      problems.add(`A test has at most ${MAX_ASSERTIONS_PER_TEST} assertions; split it into several tests.`, item.range);
      break;
    }
    if (spec !== undefined) {
      specs.push(spec);
    }
  }
  return specs;
}
