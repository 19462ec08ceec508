// promptfoo's `__expected` cell syntax (its `assertionFromString`, promptfoo 0.123.1): `type:value`
// or `type(threshold):value`, `not-` in front to invert, and a cell without a known type prefix is
// text the output must equal. contains-any and its kin split the value at commas; levenshtein and
// latency take the number in parentheses, else 0.75 as promptfoo gives them. The cell becomes the
// same assertion object a test file would hold, so both are checked by one reader. Pure.
import { PROMPTFOO_TYPES } from './assertionTypes';
import { type SourceRange } from './checkModel';
import { type JsonEntry, type JsonNode } from './jsonNode';

/** promptfoo's types, and ours that promptfoo 0.123.1 lacks (so a cell naming them is not equals text). */
const SHORTHAND_TYPES = [...PROMPTFOO_TYPES, 'character-count'];
const SHORTHAND = new RegExp(`^(not-)?(${SHORTHAND_TYPES.map((type) => type.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|')})(?:\\((\\d+(?:\\.\\d+)?)\\))?(?::([\\s\\S]*))?$`);
const LIST_TYPES = new Set(['contains-all', 'contains-any', 'icontains-all', 'icontains-any']);
const SCHEMA_TYPES = new Set(['contains-json', 'is-json']);
/** promptfoo gives these the number in parentheses, else 0.75; we keep it where it has a meaning. */
const THRESHOLD_TYPES = new Set(['latency', 'levenshtein']);

function node(type: string, value: string | undefined, threshold: number | undefined, range: SourceRange): JsonNode {
  const entries: JsonEntry[] = [{ key: 'type', keyRange: range, value: { kind: 'string', value: type, range } }];
  if (value !== undefined) {
    entries.push({ key: 'value', keyRange: range, value: { kind: 'string', value, range } });
  }
  if (threshold !== undefined) {
    entries.push({ key: 'threshold', keyRange: range, value: { kind: 'number', value: threshold, range } });
  }
  return { kind: 'object', entries, range };
}

/** The assertion a trimmed `__expected` cell stands for, as an assertion object at the row. */
export function assertionFromCell(cell: string, range: SourceRange): JsonNode {
  for (const [prefix, type] of [['javascript:', 'javascript'], ['fn:', 'javascript'], ['eval:', 'javascript'], ['grade:', 'llm-rubric'], ['llm-rubric:', 'llm-rubric'], ['python:', 'python']] as const) {
    if (cell.startsWith(prefix)) {
      return node(type, cell.slice(prefix.length).trim(), undefined, range);
    }
  }
  if (cell.startsWith('file://')) {
    return node('file://', undefined, undefined, range);
  }
  const match = SHORTHAND.exec(cell);
  if (match === null) {
    return node('equals', cell, undefined, range);
  }
  const [, not = '', type = '', thresholdText, value] = match;
  const fullType = `${not}${type}`;
  if (LIST_TYPES.has(type) || SCHEMA_TYPES.has(type)) {
    return node(fullType, value, undefined, range);
  }
  if (THRESHOLD_TYPES.has(type)) {
    const threshold = thresholdText === undefined ? 0.75 : Number(thresholdText);
    return node(fullType, value?.trim(), threshold, range);
  }
  return node(fullType, value?.trim(), undefined, range);
}
