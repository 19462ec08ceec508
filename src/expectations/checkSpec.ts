// Reads the `assert` entries of a test (or of `defaultTest`) into specs: the type, `not-`, weight,
// threshold and metric checked, and the value checked for its type, with `{{ var }}` still in
// it. Everything that is wrong is a problem at its line: an unknown or unsupported type, a field
// promptfoo has that checks do not, a field with no meaning for the type. Pure: no `vscode`.
import { isSupportedType, type AssertionBaseType, unsupportedTypeReason } from './assertionTypes';
import { readValue, type ValueSpec } from './assertionValues';
import { MAX_ASSERTIONS_PER_TEST } from './checkLimits';
import { type SourceRange } from './checkModel';
import { ASSERTION_FIELDS, checkFields, entriesOf, readLabel, readNumber, SET_FIELDS, THRESHOLD_TYPES } from './fieldReaders';
import { entryOf, type JsonEntry, type JsonNode, kindName } from './jsonNode';
import { type Problems } from './problems';

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

function readAssertion(node: Extract<JsonNode, { kind: 'object' }>, type: string, problems: Problems): AssertionSpec | undefined {
  const inverse = type.startsWith('not-');
  const baseType = inverse ? type.slice(4) : type;
  if (!isSupportedType(baseType)) {
    problems.add(`"${type}" is not supported: ${unsupportedTypeReason(baseType)}`, entryOf(node, 'type')?.value.range ?? node.range);
    return undefined;
  }
  // One walk for the fields (the last of a key, as a Map of the entries would keep); the full
  // check of the fields only when one is not an assertion's.
  let valueEntry: JsonEntry | undefined;
  let threshold: JsonEntry | undefined;
  let weightEntry: JsonEntry | undefined;
  let metricEntry: JsonEntry | undefined;
  let unknownField = false;
  for (const entry of node.entries) {
    switch (entry.key) {
      case 'type':
        break;
      case 'value':
        valueEntry = entry;
        break;
      case 'threshold':
        threshold = entry;
        break;
      case 'weight':
        weightEntry = entry;
        break;
      case 'metric':
        metricEntry = entry;
        break;
      default:
        unknownField = true;
    }
  }
  if (unknownField) checkFields(entriesOf(node), ASSERTION_FIELDS, `a ${type} assertion`, problems);
  if (threshold !== undefined && !THRESHOLD_TYPES.has(baseType)) {
    problems.add(`"threshold" has no meaning for ${type} (promptfoo ignores it): only levenshtein, latency and llm-rubric take one. For a test's pass mark, put "threshold" on the test.`, threshold.keyRange);
  }
  const weight = weightEntry === undefined ? undefined : readNumber(weightEntry.value, 'The weight', problems);
  const metric = metricEntry === undefined ? undefined : readLabel(metricEntry.value, 'The metric', problems);
  const valueNode = valueEntry?.value;
  const value = readValue(baseType, type, valueNode, threshold?.value, node.range, problems);
  if (value === undefined || (weightEntry !== undefined && weight === undefined) || (metricEntry !== undefined && metric === undefined)) {
    return undefined;
  }
  const range = node.range;
  const spec: { -readonly [K in keyof AssertionSpec]: AssertionSpec[K] } = {
    check: 'assertion',
    type,
    baseType,
    inverse,
    value,
    valueRange: valueNode?.range ?? range,
    range,
  };
  // Set after the others, in the order the spec always had its keys.
  if (weight !== undefined) spec.weight = weight;
  if (metric !== undefined) spec.metric = metric;
  return spec;
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
export function readCheck(node: JsonNode, problems: Problems, options?: { inSet?: boolean }): CheckSpec | undefined {
  if (node.kind !== 'object') {
    problems.add(`An assertion is an object such as { "type": "contains", "value": "…" }, not ${kindName(node)}.`, node.range);
    return undefined;
  }
  const typeNode = entryOf(node, 'type')?.value;
  if (typeNode === undefined || typeNode.kind !== 'string' || typeNode.value === '') {
    problems.add('An assertion needs a "type", such as "contains" or "regex".', typeNode?.range ?? node.range);
    return undefined;
  }
  if (typeNode.value === 'assert-set') {
    if (options?.inSet === true) {
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
