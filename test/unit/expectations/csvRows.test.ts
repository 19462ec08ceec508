// CSV rows as tests, with promptfoo's `__expected` cell syntax. Sources, promptfoo 0.123.1:
// site/docs/configuration/test-cases.md ("CSV with Assertions", "Special CSV Columns"),
// site/docs/configuration/expected-outputs/index.md ("Load assertions from CSV", its "Assertion
// string syntax" table), and `assertionFromString` / `testCaseFromCsvRow` in dist/src/index.js.
import { strict as assert } from 'node:assert';
import { type Assertion } from '../../../src/expectations/checkModel';
import { type CsvRow, testFromCsvRow } from '../../../src/expectations/csvTests';
import { gradeTest } from '../../../src/expectations/gradeTest';
import { type GistTestFile, type TestEntry } from '../../../src/expectations/testFile';
import { parseText } from './checkFixture';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';

const file = (extra: Record<string, unknown> = {}): GistTestFile => parseText(JSON.stringify({ gist: 'g', testsFile: 'people.csv', ...extra }));

function row(values: Record<string, string>, line = 2, from: GistTestFile = file()): TestEntry {
  const csvRow: CsvRow = { values, line };
  return testFromCsvRow(from, csvRow, 0);
}

function runnable(entry: TestEntry): Extract<TestEntry, { ok: true }> {
  assert.ok(entry.ok, entry.ok ? '' : entry.problems.map((problem) => problem.message).join('\n'));
  return entry;
}

/** The one assertion of a row whose only special column is `__expected`. */
function expected(cell: string): Assertion {
  const [check] = runnable(row({ question: 'q', __expected: cell })).assert;
  assert.ok(check?.check === 'assertion');
  return check;
}

const problems = (entry: TestEntry): string[] => (entry.ok ? [] : entry.problems.map((problem) => problem.message));

describe('checks: CSV rows with __expected columns', () => {
  before(() => loadCheckLibraries());
  it('the "Assertion string syntax" table: each form gives its type and value', () => {
    const cases: Array<[string, string, unknown]> = [
      ['Paris', 'equals', { kind: 'text', text: 'Paris' }],
      ['contains:Paris', 'contains', { kind: 'text', text: 'Paris' }],
      ['icontains:paris', 'icontains', { kind: 'text', text: 'paris' }],
      ['contains-any:Paris,London', 'contains-any', { kind: 'texts', texts: ['Paris', 'London'] }],
      ['contains-all:Paris,France', 'contains-all', { kind: 'texts', texts: ['Paris', 'France'] }],
      ['starts-with:The answer', 'starts-with', { kind: 'text', text: 'The answer' }],
      ['is-json', 'is-json', { kind: 'schema' }],
      ['contains-json', 'contains-json', { kind: 'schema' }],
      ['not-contains:error', 'not-contains', { kind: 'text', text: 'error' }],
      ['levenshtein(5):expected text', 'levenshtein', { kind: 'distance', text: 'expected text', threshold: 5 }],
    ];
    for (const [cell, type, expectation] of cases) {
      const assertion = expected(cell);
      assert.equal(assertion.type, type, cell);
      assert.deepEqual(assertion.expectation, expectation, cell);
    }
    const regex = expected('regex:^Hello.*world$');
    assert.equal(regex.type, 'regex');
    assert.ok(regex.expectation.kind === 'regex' && regex.expectation.regex.test('Hello big world'));
  });

  it('test-cases.md: "contains: Hello" and "equals: 30" trim the value; "contains-any: <b>,</span>" splits at the comma', () => {
    assert.deepEqual(expected('contains: Hello').expectation, { kind: 'text', text: 'Hello' });
    assert.deepEqual(expected('equals: 30').expectation, { kind: 'text', text: '30' });
    assert.deepEqual(expected('contains-any: <b>,</span>').expectation, { kind: 'texts', texts: ['<b>', '</span>'] });
    assert.deepEqual(expected('contains-any: <b> </span>').expectation, { kind: 'texts', texts: ['<b> </span>'] });
  });

  it('a prefix that is not a promptfoo type is text to equal, whole; the cell is trimmed first', () => {
    assert.deepEqual(expected('  Capital: Paris  ').expectation, { kind: 'text', text: 'Capital: Paris' });
    assert.equal(expected('Capital: Paris').type, 'equals');
    assert.equal(expected('similarity:x').type, 'equals');
  });

  it('levenshtein and latency without a number in parentheses get promptfoo\'s 0.75', () => {
    assert.deepEqual(expected('levenshtein:abc').expectation, { kind: 'distance', text: 'abc', threshold: 0.75 });
    assert.deepEqual(expected('latency(3000)').expectation, { kind: 'threshold', threshold: 3000 });
  });

  it('is-json with a schema in the cell', () => {
    const assertion = expected('is-json:{"type": "object", "required": ["a"]}');
    const grade = (output: string): boolean => gradeTest([assertion], undefined, { output, latencyMs: 1 }).pass;
    assert.equal(grade('{"a": 1}'), true);
    assert.equal(grade('{"b": 1}'), false);
  });

  it('__expected1, __expected2…: one assertion each, in column order; empty cells are skipped', () => {
    const entry = runnable(row({ question: 'What is 2+2?', __expected1: 'equals: 4', __expected2: '', __expected3: 'contains: 4' }));
    assert.deepEqual(
      entry.assert.map((check) => check.type),
      ['equals', 'contains'],
    );
    assert.deepEqual({ ...entry.vars }, { question: 'What is 2+2?' });
  });

  it('__description, __metric (on every assertion of the row) and __threshold (the test\'s)', () => {
    const entry = runnable(row({ q: 'x', __expected1: 'a', __expected2: 'contains:b', __description: 'Basic math test', __metric: 'accuracy', __threshold: '0.5' }));
    assert.equal(entry.description, 'Basic math test');
    assert.equal(entry.threshold, 0.5);
    assert.deepEqual(
      entry.assert.map((check) => check.metric),
      ['accuracy', 'accuracy'],
    );
  });

  it('__config:__expected<N>:threshold sets the N-th assertion\'s threshold', () => {
    const entry = runnable(row({ q: 'x', __expected1: 'contains:a', __expected2: 'levenshtein:abc', '__config:__expected2:threshold': '2' }));
    assert.deepEqual(entry.assert[1]?.check === 'assertion' ? entry.assert[1].expectation : undefined, { kind: 'distance', text: 'abc', threshold: 2 });
    assert.deepEqual(problems(row({ q: 'x', __expected: 'contains:a', '__config:__expected:threshold': '2' })), [
      '"threshold" has no meaning for contains (promptfoo ignores it): only levenshtein, latency and llm-rubric take one. For a test\'s pass mark, put "threshold" on the test.',
    ]);
    assert.deepEqual(problems(row({ q: 'x', __expected: 'levenshtein:a', '__config:__expected:threshold': 'x' })), ['Column "__config:__expected:threshold" needs a number of 0 or more in every row, not "x".']);
  });

  it('{{ var }} in a cell takes the row\'s columns', () => {
    const entry = runnable(row({ name: 'Ada', __expected: 'contains:Dear {{name}}' }));
    assert.deepEqual(entry.assert[0]?.check === 'assertion' ? entry.assert[0].expectation : undefined, { kind: 'text', text: 'Dear Ada' });
  });

  it('defaultTest applies to CSV rows: its variables under the row\'s, its assertions first, its threshold', () => {
    const from = file({ defaultTest: { vars: { tone: 'warm', name: 'Nobody' }, assert: [{ type: 'icontains', value: '{{name}}' }], threshold: 0.5 } });
    const entry = runnable(row({ name: 'Ada', __expected: 'contains:Hi' }, 2, from));
    assert.deepEqual({ ...entry.vars }, { tone: 'warm', name: 'Ada' });
    assert.deepEqual(
      entry.assert.map((check) => (check.check === 'assertion' ? [check.type, check.expectation] : [])),
      [
        ['icontains', { kind: 'text', text: 'Ada' }],
        ['contains', { kind: 'text', text: 'Hi' }],
      ],
    );
    assert.equal(entry.threshold, 0.5);
  });

  it('the test\'s index follows the inline tests; its range is the row\'s line in the CSV', () => {
    const from = parseText(JSON.stringify({ gist: 'g', testsFile: 'a.csv', tests: [{ assert: [] }, { assert: [] }] }));
    const entry = testFromCsvRow(from, { values: { q: 'x' }, line: 7 }, 3);
    assert.equal(entry.index, 5);
    assert.deepEqual(entry.range, { file: 'testsFile', start: { line: 6, character: 0 }, end: { line: 6, character: 0 } });
  });

  it('reads llm-rubric: and grade: cells as llm-rubric assertions, as promptfoo does', () => {
    assert.deepEqual(problems(row({ __expected: 'llm-rubric: Provides weather information' })), []);
    assert.deepEqual(problems(row({ __expected: 'grade:Does not mention being an AI' })), []);
  });

  it('refuses code, model-graded and file cells with the reason, never as equals text', () => {
    assert.match(problems(row({ __expected: 'javascript: output.length < 10' }))[0] ?? '', /^"javascript" is not supported: it runs code from the test file/);
    assert.match(problems(row({ __expected: 'fn:output.includes("x")' }))[0] ?? '', /^"javascript" is not supported/);
    assert.match(problems(row({ __expected: 'python:len(output) > 10' }))[0] ?? '', /^"python" is not supported/);
    assert.match(problems(row({ __expected: 'similar(0.8):Hello there' }))[0] ?? '', /^"similar" is not supported: it is graded by a model/);
    assert.match(problems(row({ __expected: 'factuality:The capital is Paris' }))[0] ?? '', /^"factuality" is not supported/);
    assert.match(problems(row({ __expected: 'file://assertions/custom.js' }))[0] ?? '', /^"file:\/\/" is not supported: checks do not load assertions or values from files/);
  });

  it('refuses special columns that do not apply, unknown ones and single-underscore typos', () => {
    assert.deepEqual(problems(row({ q: 'x', __prefix: 'You must answer: ' })), ['Column "__prefix" is not supported: a gist call has no prompt to prefix; the template is on the service.']);
    assert.match(problems(row({ q: 'x', __expectd: 'a' }))[0] ?? '', /^Column "__expectd" is not a special column/);
    assert.deepEqual(problems(row({ q: 'x', _expected: 'a' })), ['Column "_expected" has one underscore: did you mean "__expected"?']);
    assert.deepEqual(problems(row({ q: 'x', __threshold: 'high' })), ['__threshold is a number from 0 to 1, not "high".']);
    assert.deepEqual(problems(row({ q: 'x', '__metadata:category': 'math' })), []);
  });

  it('refuses editor placeholders in a cell, and keeps column names as ordinary names', () => {
    assert.match(problems(row({ text: 'see ${clipboard}' }))[0] ?? '', /^\$\{clipboard\} is an editor placeholder/);
    const entry = runnable(row({ constructor: 'c', toString: 't', hasOwnProperty: 'h' }));
    assert.equal(Object.getPrototypeOf(entry.vars), null);
    assert.deepEqual(Object.entries(entry.vars), [
      ['constructor', 'c'],
      ['toString', 't'],
      ['hasOwnProperty', 'h'],
    ]);
    const proto = row(JSON.parse('{"__proto__": "p"}') as Record<string, string>);
    assert.match(problems(proto)[0] ?? '', /^Column "__proto__" is not a special column/);
  });

  it('reports a row\'s problem at its line in the CSV', () => {
    const entry = row({ __expected: 'regex:(a)\\1' }, 12);
    assert.ok(!entry.ok);
    assert.equal(entry.problems[0]?.range.file, 'testsFile');
    assert.equal(entry.problems[0]?.range.start.line, 11);
    assert.equal(entry.problems[0]?.message, 'regex: backreferences such as \\1 are not supported by the linear-time engine (RE2).');
  });
});
