// The `value` of each assertion type, checked for its type as promptfoo's handlers require (a
// non-empty text for contains, a list or comma-separated text for contains-any, a JSON Schema
// object for is-json…), with `{{ var }}` still in its text. Pure: no `vscode`.
import { type AssertionBaseType } from './assertionTypes';
import { MAX_LIST_ITEMS, MAX_RUBRIC_CHARS, MAX_VALUE_CHARS } from './checkLimits';
import { type CountBound, type SourceRange } from './checkModel';
import { parseCommaSeparatedValues } from './commaValues';
import { checkFields, entriesOf, readNumber } from './fieldReaders';
import { type JsonNode, kindName, plainValue } from './jsonNode';
import { type Problems } from './problems';

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
  | { readonly kind: 'count'; readonly bound: CountBound }
  | { readonly kind: 'rubric'; readonly text: string; readonly threshold?: number };

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
    if (!parsed.ok || parsed.values.length === 0 || parsed.values.length > MAX_LIST_ITEMS) {
      problems.add(`${type}: ${!parsed.ok ? parsed.message : parsed.values.length === 0 ? 'the list is empty' : `at most ${MAX_LIST_ITEMS.toLocaleString('en-US')} values`}.`, node.range);
      return undefined;
    }
    return { kind: 'commaTexts', text };
  }
  if (node.kind !== 'array' || node.items.length === 0) {
    problems.add(`${type} needs a list of texts as its value, such as ["Loom", "Ada"]${node.kind === 'array' ? ', not an empty one' : ''}.`, node.range);
    return undefined;
  }
  if (node.items.length > MAX_LIST_ITEMS) {
    problems.add(`${type} takes at most ${MAX_LIST_ITEMS.toLocaleString('en-US')} values.`, node.range);
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

const COUNT_FIELDS = ['min', 'max'];
const INTEGER = { integer: true };

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
  // One walk for min and max (the last of a key, as a Map of the entries would keep); the full
  // check of the fields only when there is another.
  let min: JsonNode | undefined;
  let max: JsonNode | undefined;
  let unknownField = false;
  for (const entry of node.entries) {
    if (entry.key === 'min') min = entry.value;
    else if (entry.key === 'max') max = entry.value;
    else unknownField = true;
  }
  if (unknownField) checkFields(entriesOf(node), COUNT_FIELDS, `a ${type} value`, problems);
  const minValue = min === undefined ? undefined : readNumber(min, 'min', problems, INTEGER);
  const maxValue = max === undefined ? undefined : readNumber(max, 'max', problems, INTEGER);
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
  const bound: { min?: number; max?: number } = {};
  if (minValue !== undefined) bound.min = minValue;
  if (maxValue !== undefined) bound.max = maxValue;
  return bound;
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

/** promptfoo's llm-rubric value: the rubric as text (an object rubric is for its own grading prompts, which checks do not take). */
function readRubric(node: JsonNode | undefined, threshold: JsonNode | undefined, type: string, problems: Problems): ValueSpec | undefined {
  if (node === undefined) {
    return undefined;
  }
  const text = readText(node, type, problems);
  if (text !== undefined && text.trim() === '') {
    problems.add(`${type} needs a rubric: what the output must be, such as "Is polite and names the product".`, node.range);
    return undefined;
  }
  if (text !== undefined && text.length > MAX_RUBRIC_CHARS) {
    problems.add(`The rubric has ${text.length.toLocaleString('en-US')} characters, over the limit of ${MAX_RUBRIC_CHARS.toLocaleString('en-US')}: the grading model gets it whole with each output.`, node.range);
    return undefined;
  }
  const limit = threshold === undefined ? undefined : readNumber(threshold, "The threshold (the grading model's score, from 0 to 1, that passes)", problems, { max: 1 });
  if (text === undefined || (threshold !== undefined && limit === undefined)) {
    return undefined;
  }
  return { kind: 'rubric', text, ...(limit !== undefined ? { threshold: limit } : {}) };
}

export function readValue(baseType: AssertionBaseType, type: string, value: JsonNode | undefined, threshold: JsonNode | undefined, range: SourceRange, problems: Problems): ValueSpec | undefined {
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
    case 'llm-rubric':
      return readRubric(needValue(), threshold, type, problems);
  }
}

