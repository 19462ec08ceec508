// A CSV row of a test file's `testsFile` as a test, as promptfoo reads its CSV test data: each
// column is a variable, except the special ones: `__expected`, `__expected1`, … (one assertion each,
// in promptfoo's cell syntax), `__description`, `__metric` (for every assertion of the row),
// `__threshold` (the test's), and `__config:__expected<N>:threshold`. The rows come from the lab's
// CSV reader; this is the conversion only. Every row is a test of the file, after its inline
// tests, with `defaultTest` applied. Pure: no `vscode`.
import { recordOf } from '../shared/keyedRecord';
import { MAX_VARS_PER_TEST } from './checkLimits';
import { type SourceRange } from './checkModel';
import { type CheckSpec, readCheck } from './checkSpec';
import { assertionFromCell } from './expectedShorthand';
import { type JsonEntry, type JsonNode } from './jsonNode';
import { Problems } from './problems';
import { type GistTestFile, type TestEntry } from './testFile';
import { checkVariable } from './testVars';

/** One data row from a CSV reader: the cells by column name, and the row's line in the file (from 1). */
export interface CsvRow {
  readonly values: Readonly<Record<string, string>>;
  readonly line: number;
}

const NOT_APPLICABLE: Readonly<Record<string, string>> = {
  __prefix: 'a gist call has no prompt to prefix; the template is on the service',
  __suffix: 'a gist call has no prompt to suffix; the template is on the service',
  __providerOutput: 'checks run on what the service returns',
  __metadata: 'give it a key, as "__metadata:category"',
};
const SPECIAL = ['expected', 'prefix', 'suffix', 'description', 'providerOutput', 'metric', 'threshold', 'metadata', 'config'];

/** promptfoo's `parseFiniteNumber`: a complete decimal literal, else undefined. */
function finiteNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(trimmed)) {
    return undefined;
  }
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

function withThreshold(node: JsonNode, threshold: number, range: SourceRange): JsonNode {
  if (node.kind !== 'object') {
    return node;
  }
  const entries: JsonEntry[] = [...node.entries.filter((entry) => entry.key !== 'threshold'), { key: 'threshold', keyRange: range, value: { kind: 'number', value: threshold, range } }];
  return { ...node, entries };
}

function withMetric(node: JsonNode, metric: string, range: SourceRange): JsonNode {
  return node.kind === 'object' ? { ...node, entries: [...node.entries, { key: 'metric', keyRange: range, value: { kind: 'string', value: metric, range } }] } : node;
}

/**
 * The test of one CSV row. `rowIndex` counts data rows from 0; the test's index follows the
 * file's inline tests. A row with a problem is a broken test with its problems at the row's line.
 */
export function testFromCsvRow(file: GistTestFile, row: CsvRow, rowIndex: number): TestEntry {
  const problems = new Problems();
  const range: SourceRange = { file: 'testsFile', start: { line: Math.max(row.line - 1, 0), character: 0 }, end: { line: Math.max(row.line - 1, 0), character: 0 } };
  const index = file.tests.length + rowIndex;
  const vars = recordOf<string>(Object.entries(file.defaults.vars));
  const cells: JsonNode[] = [];
  const configs = new Map<number, number>();
  let description: string | undefined;
  let metric: string | undefined;
  let threshold: number | undefined;
  let varCount = 0;
  for (const [rawKey, cell] of Object.entries(row.values)) {
    const key = rawKey.trim();
    if (typeof cell !== 'string') {
      continue;
    }
    if (key.startsWith('__expected')) {
      if (cell.trim() !== '') {
        cells.push(assertionFromCell(cell.trim(), range));
      }
    } else if (key === '__description') {
      description = cell.trim() === '' ? undefined : cell;
    } else if (key === '__metric') {
      metric = cell.trim() === '' ? undefined : cell;
    } else if (key === '__threshold') {
      if (cell.trim() !== '') {
        threshold = finiteNumber(cell);
        if (threshold === undefined || threshold < 0 || threshold > 1) {
          problems.add(`__threshold is a number from 0 to 1, not ${JSON.stringify(cell)}.`, range);
          threshold = undefined;
        }
      }
    } else if (key.startsWith('__config:')) {
      const config = /^__config:__expected(\d*):threshold$/.exec(key);
      const target = config === null ? undefined : config[1] === '' ? 0 : Number(config[1]) - 1;
      const value = finiteNumber(cell);
      if (target === undefined || target < 0) {
        problems.add(`Column "${key}": the form is __config:__expected:threshold or __config:__expected<N>:threshold (N from 1).`, range);
      } else if (value === undefined || value < 0) {
        problems.add(`Column "${key}" needs a number of 0 or more in every row, not ${JSON.stringify(cell)}.`, range);
      } else {
        configs.set(target, value);
      }
    } else if (key.startsWith('__metadata:')) {
      // promptfoo's filterable metadata: nothing to check.
    } else if (key.startsWith('__')) {
      const reason = Object.hasOwn(NOT_APPLICABLE, key) ? NOT_APPLICABLE[key] : undefined;
      problems.add(reason !== undefined ? `Column "${key}" is not supported: ${reason}.` : `Column "${key}" is not a special column (__expected, __expected<N>, __description, __metric, __threshold, __config:…, __metadata:…).`, range);
    } else if (key.startsWith('_') && SPECIAL.some((name) => key.startsWith(`_${name}`))) {
      problems.add(`Column "${key}" has one underscore: did you mean "_${key}"?`, range);
    } else {
      varCount += 1;
      const checked = checkVariable(key, cell, range, range, problems);
      if (checked !== undefined) {
        vars[key] = checked;
      }
    }
  }
  if (varCount > MAX_VARS_PER_TEST) {
    problems.add(`A row has at most ${MAX_VARS_PER_TEST} variable columns.`, range);
  }
  const specs: CheckSpec[] = [];
  for (const [position, cell] of cells.entries()) {
    // As promptfoo: __config's N counts the row's non-empty __expected cells, in column order.
    const configured = configs.get(position);
    const withConfig = configured === undefined ? cell : withThreshold(cell, configured, range);
    const spec = readCheck(metric === undefined ? withConfig : withMetric(withConfig, metric, range), problems);
    if (spec !== undefined) {
      specs.push(spec);
    }
  }
  for (const target of configs.keys()) {
    if (target >= cells.length) {
      problems.add(`__config sets a threshold for __expected${target === 0 ? '' : target + 1}, but this row has only ${cells.length} assertion${cells.length === 1 ? '' : 's'}.`, range);
    }
  }
  const checks = file.defaults.builder.withProblems(problems).build([...file.defaults.checks, ...specs], vars);
  const named = description !== undefined ? { description } : {};
  const testThreshold = threshold ?? file.defaults.threshold;
  if (problems.count > 0 || checks === undefined) {
    return { ok: false, index, range, problems: problems.all(), ...named };
  }
  return { ok: true, index, range, vars, assert: checks, ...named, ...(testThreshold !== undefined ? { threshold: testThreshold } : {}) };
}
