// Parsing *.gisttest.json: the model, the line of every test and assertion, and every mistake as
// a problem at its line. Test files come from repositories: hostile input is refused, capped and
// kept to ordinary names.
import { strict as assert } from 'node:assert';
import { EDITOR_PLACEHOLDERS } from '../../../src/catalog/editorTemplate';
import { MAX_TEST_FILE_BYTES, MAX_TESTS_PER_FILE } from '../../../src/expectations/checkLimits';
import { EDITOR_PLACEHOLDER_NAMES } from '../../../src/expectations/testVars';
import { parseText } from './checkFixture';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';

const lines = (...text: string[]): string => text.join('\n');
/** "line:column" (from 1) of the first `needle` in `text`, where a problem about it must point. */
function at(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, needle);
  const before = text.slice(0, offset);
  return `${before.split('\n').length}:${offset - before.lastIndexOf('\n')}`;
}
/** Asserts that `text` has exactly one problem, `message`, at the first `needle`. */
function problemAt(text: string, needle: string, message: string): void {
  assert.deepEqual(problems(text), [`${at(text, needle)} ${message}`]);
}
const problems = (text: string): string[] => parseText(text).problems.map((problem) => `${problem.range.start.line + 1}:${problem.range.start.character + 1} ${problem.message}`);

const ISSUE_EXAMPLE = lines(
  '{',
  '  "gist": "welcome-email",',
  '  "variants": ["formal", "friendly"],        // default: the catalog\'s variants, else Automatic',
  '  "defaultTest": { "assert": [{ "type": "not-icontains", "value": "undefined" }] },',
  '  "tests": [',
  '    { "description": "names the product", "vars": { "name": "Ada", "product": "Loom" },',
  '      "assert": [ { "type": "contains-all", "value": ["Loom", "Ada"] },',
  '                  { "type": "regex", "value": "^(Dear|Hi)" },',
  '                  { "type": "latency", "threshold": 3000 } ] }',
  '  ],',
  '  "testsFile": "people.csv"                  // optional: every row a test',
  '}',
);

describe('checks: test files', () => {
  before(() => loadCheckLibraries());
  it('reads the issue\'s example: gist, variants, defaultTest first, the tests and their lines', () => {
    const file = parseText(ISSUE_EXAMPLE);
    assert.deepEqual(file.problems, []);
    assert.equal(file.runnable, true);
    assert.equal(file.gist, 'welcome-email');
    assert.deepEqual(file.variants, ['formal', 'friendly']);
    assert.equal(file.repeat, 1);
    assert.deepEqual(file.testsFile, { path: 'people.csv', range: { file: 'testFile', start: { line: 10, character: 15 }, end: { line: 10, character: 27 } } });
    const [test] = file.tests;
    assert.ok(test?.ok === true);
    assert.equal(test.index, 0);
    assert.equal(test.description, 'names the product');
    assert.deepEqual({ ...test.vars }, { name: 'Ada', product: 'Loom' });
    assert.deepEqual(test.range.start, { line: 5, character: 4 });
    assert.deepEqual(
      test.assert.map((check) => [check.type, check.range.start.line, check.range.start.character]),
      [
        ['not-icontains', 3, ISSUE_EXAMPLE.split('\n')[3]!.indexOf('{ "type": "not-icontains"')],
        ['contains-all', 6, ISSUE_EXAMPLE.split('\n')[6]!.indexOf('{ "type": "contains-all"')],
        ['regex', 7, ISSUE_EXAMPLE.split('\n')[7]!.indexOf('{ "type": "regex"')],
        ['latency', 8, ISSUE_EXAMPLE.split('\n')[8]!.indexOf('{ "type": "latency"')],
      ],
    );
  });

  it('reports each mistake at its line and column, and lists the broken test without running it', () => {
    const text = lines(
      '{',
      '  "gist": "g",',
      '  "tests": [',
      '    { "assert": [ { "type": "contains", "value": "ok" } ] },',
      '    { "assert": [',
      '        { "type": "factuality", "value": "Paris" },',
      '        { "type": "javascript", "value": "output.length < 9" },',
      '        { "type": "contians", "value": "x" },',
      '        { "type": "contains", "value": "x", "transform": "output.trim()" },',
      '        { "type": "contains", "vlaue": "x" }',
      '    ] }',
      '  ]',
      '}',
    );
    const file = parseText(text);
    assert.deepEqual(problems(text), [
      '6:19 "factuality" is not supported: it is graded by a model, and the only model-graded type checks run is llm-rubric (in VS Code). Use llm-rubric or a deterministic type, or export the file to promptfoo.',
      '7:19 "javascript" is not supported: it runs code from the test file (or sends the output elsewhere), which checks never do: a cloned repository could run anything with your rights. Use regex, contains-json with a JSON Schema, or the other deterministic types.',
      '8:19 "contians" is not supported: it is not an assertion type. The types are: equals, contains, icontains, contains-any, contains-all, icontains-any, icontains-all, starts-with, regex, is-json, contains-json, levenshtein, latency, word-count, character-count, llm-rubric, and assert-set; each may start with not-.',
      `${at(text, '"transform"')} "transform" is not supported in a contains assertion: it runs code from the file on the output, which checks never do.`,
      `${at(text, '"vlaue"')} "vlaue" is not a field of a contains assertion. The fields are: type, value, threshold, weight, metric.`,
      '10:9 contains needs a "value".',
    ]);
    assert.equal(file.runnable, true, 'a broken test does not stop the file');
    assert.deepEqual(
      file.tests.map((test) => test.ok),
      [true, false],
    );
    const broken = file.tests[1];
    assert.ok(broken !== undefined && !broken.ok);
    assert.equal(broken.problems.length, 6);
  });

  it('file-level mistakes stop the whole file: no gist, bad variants, bad repeat, bad testsFile', () => {
    assert.deepEqual(problems('{ "tests": [] }'), ['1:1 A test file needs "gist": the id of the gist to check.']);
    assert.equal(parseText('{ "tests": [] }').runnable, false);
    problemAt('{ "gist": " g", "tests": [] }', '" g"', '"gist" (the gist\'s id) is non-empty text on one line, without spaces around it, of at most 256 characters.');
    problemAt('{ "gist": "g", "variants": ["a", "a"], "tests": [] }', '"a"]', '"a" is listed twice in "variants".');
    problemAt('{ "gist": "g", "variants": [], "tests": [] }', '[]', '"variants" is a list of 1 to 32 variant slugs (null for Automatic); leave it out to run the catalog\'s variants.');
    assert.deepEqual(parseText('{ "gist": "g", "variants": ["a", null], "tests": [] }').variants, ['a', null]);
    problemAt('{ "gist": "g", "repeat": 0, "tests": [] }', '0', '"repeat" is at least 1.');
    assert.equal(parseText('{ "gist": "g", "repeat": 3, "tests": [] }').repeat, 3);
    for (const path of ['../secrets.csv', '/etc/passwd.csv', 'C:/x.csv', 'data\\\\x.csv', 'data/x.txt', '~/x.csv', 'a//b.csv']) {
      assert.match(problems(JSON.stringify({ gist: 'g', testsFile: path }))[0] ?? '', /"testsFile" is the path of a \.csv file relative to this test file/, path);
    }
    assert.deepEqual(parseText('{ "gist": "g", "testsFile": "file://data/people.csv" }').testsFile?.path, 'data/people.csv');
    assert.deepEqual(problems('{ "gist": "g" }'), ['1:1 A test file needs "tests", "testsFile", or both.']);
  });

  it('refuses promptfoo config fields that do not apply, and says why', () => {
    problemAt('{ "gist": "g", "providers": ["openai:gpt-5"], "tests": [] }', '"providers"', '"providers" is not supported in a test file: calls go to your gist service with your profile.');
    problemAt('{ "gist": "g", "tests": [{ "options": {}, "assert": [] }] }', '"options"', '"options" is not supported in a test: prompt prefixes, transforms and grading providers do not apply to a gist call.');
    assert.deepEqual(problems('{ "gist": "g", "tests": [{ "metadata": { "priority": "high" }, "assert": [] }] }'), []);
  });

  it('reports invalid JSON at its place, and a key written twice', () => {
    const invalid = '{\n  "gist": "g",\n  "tests": [ { "assert": [ { "type": } ] } ]\n}';
    assert.deepEqual(problems(invalid), [`${at(invalid, '} ] } ]')} Not valid JSON here: ValueExpected.`]);
    problemAt('{ "gist": "g", "gist": "h", "tests": [] }', '"gist": "h"', '"gist" is written twice in this object; keep one.');
    assert.deepEqual(problems('[]'), ['1:1 A test file is an object: { "gist": "…", "tests": [ … ] }.']);
    assert.deepEqual(problems('// nothing yet\n'), ['1:1 This test file is empty. A test file is an object: { "gist": "…", "tests": [ … ] }.']);
  });

  it('variables: text, numbers and true/false as their text; a list or object refused', () => {
    const file = parseText(JSON.stringify({ gist: 'g', tests: [{ vars: { a: 'x', n: 3, b: true } }] }));
    assert.ok(file.tests[0]?.ok === true);
    assert.deepEqual({ ...file.tests[0].vars }, { a: 'x', n: '3', b: 'true' });
    problemAt('{ "gist": "g", "tests": [{ "vars": { "x": ["a", "b"] } }] }', '["a"', '"x" is a list: promptfoo would run one test per item, checks do not. Write one test per value.');
    problemAt('{ "gist": "g", "tests": [{ "vars": { "x": null } }] }', 'null', 'The value of "x" must be text, not null.');
    problemAt(
      '{ "gist": "g", "tests": [{ "vars": { "doc": "file://docs/a.md" } }] }',
      '"file:',
      'The value of "doc" starts with file://: promptfoo would load that file, checks send text as written and read no file. Write the text itself.',
    );
  });

  it('refuses editor placeholders in variables (the same names as the catalog\'s defaults)', () => {
    assert.deepEqual([...EDITOR_PLACEHOLDER_NAMES], [...EDITOR_PLACEHOLDERS]);
    for (const name of EDITOR_PLACEHOLDERS) {
      const text = JSON.stringify({ gist: 'g', tests: [{ vars: { v: `a \${${name}} b` } }] });
      problemAt(text, '"a $', `\${${name}} is an editor placeholder: test files cannot read your editor or clipboard. Write the value itself.`);
    }
    problemAt(JSON.stringify({ gist: 'g', defaultTest: { vars: { v: '${selection}' } }, tests: [] }), '"${', '${selection} is an editor placeholder: test files cannot read your editor or clipboard. Write the value itself.');
    assert.deepEqual(problems(JSON.stringify({ gist: 'g', tests: [{ vars: { v: '${notAPlaceholder} and $5' } }] })), []);
  });

  it('defaultTest: its variables under each test\'s, its threshold unless the test has one', () => {
    const file = parseText(JSON.stringify({ gist: 'g', defaultTest: { vars: { a: '1', b: '2' }, threshold: 0.5 }, tests: [{ vars: { b: '3' } }, { threshold: 1 }] }));
    const [first, second] = file.tests;
    assert.ok(first?.ok === true && second?.ok === true);
    assert.deepEqual({ ...first.vars }, { a: '1', b: '3' });
    assert.equal(first.threshold, 0.5);
    assert.equal(second.threshold, 1);
  });

  it('{{ var }}: filled from the test\'s variables; an unknown name or a Nunjucks expression is a problem', () => {
    const file = parseText(JSON.stringify({ gist: 'g', defaultTest: { assert: [{ type: 'contains', value: '{{ name }}' }] }, tests: [{ vars: { name: 'Ada' } }, { vars: { name: 'Bo' } }] }));
    assert.deepEqual(
      file.tests.map((test) => (test.ok && test.assert[0]?.check === 'assertion' ? test.assert[0].expectation : undefined)),
      [
        { kind: 'text', text: 'Ada' },
        { kind: 'text', text: 'Bo' },
      ],
    );
    problemAt(JSON.stringify({ gist: 'g', tests: [{ assert: [{ type: 'contains', value: '{{nmae}}' }] }] }), '"{{nmae}}"', '{{ nmae }} names no variable of this test.');
    problemAt(
      JSON.stringify({ gist: 'g', tests: [{ vars: { a: 'x' }, assert: [{ type: 'contains', value: '{{ a | upper }}' }] }] }),
      '"{{ a',
      '"{{ a | upper }}": only {{ variable }} is filled in; Nunjucks filters, expressions and {% %} or {# #} blocks are not supported.',
    );
  });

  it('a mistake in defaultTest is reported once, not once per test', () => {
    const text = JSON.stringify({ gist: 'g', defaultTest: { assert: [{ type: 'regex', value: '(a)\\1' }] }, tests: [{}, {}, {}] });
    assert.equal(problems(text).length, 1);
    assert.deepEqual(
      parseText(text).tests.map((test) => test.ok),
      [false, false, false],
    );
  });

  it('assert-set: members read like assertions; nested sets and bad thresholds refused', () => {
    problemAt(
      JSON.stringify({ gist: 'g', tests: [{ assert: [{ type: 'assert-set', assert: [{ type: 'assert-set', assert: [] }] }] }] }),
      '"assert-set","assert":[]',
      'An assert-set cannot hold another assert-set (promptfoo does not run one either).',
    );
    problemAt(
      JSON.stringify({ gist: 'g', tests: [{ assert: [{ type: 'assert-set', threshold: 2, assert: [{ type: 'is-json' }] }] }] }),
      '2,',
      "The set's threshold (the share of its weighted score that passes) must be a number from 0 to 1.",
    );
    problemAt(JSON.stringify({ gist: 'g', tests: [{ assert: [{ type: 'assert-set' }] }] }), '{"type":"assert-set"}', 'An assert-set needs "assert": a list of assertions.');
    problemAt(JSON.stringify({ gist: 'g', tests: [{ assert: [{ type: 'not-assert-set', assert: [] }] }] }), '"not-assert-set"', 'assert-set cannot be inverted with not-; invert its assertions instead.');
  });

  it('weights and thresholds must be numbers of 0 or more (a test\'s and a set\'s threshold at most 1)', () => {
    problemAt(JSON.stringify({ gist: 'g', tests: [{ assert: [{ type: 'is-json', weight: -1 }] }] }), '-1', 'The weight must be a number of 0 or more.');
    problemAt(JSON.stringify({ gist: 'g', tests: [{ threshold: '0.5', assert: [] }] }), '"0.5"', 'The threshold (the weighted score, from 0 to 1, a test needs to pass) must be a number from 0 to 1, not a string.');
  });

  it('hostile files: too large, too many tests, keys that are prototype names', () => {
    const large = parseText(' '.repeat(MAX_TEST_FILE_BYTES + 1));
    assert.equal(large.runnable, false);
    assert.match(large.problems[0]?.message ?? '', /over the limit of 2048 KiB/);
    const many = parseText(JSON.stringify({ gist: 'g', tests: Array.from({ length: MAX_TESTS_PER_FILE + 5 }, () => ({})) }));
    assert.equal(many.tests.length, MAX_TESTS_PER_FILE);
    assert.match(many.problems[0]?.message ?? '', /^A test file has at most 10,000 tests; the rest are not read\.$/);
    const proto = parseText('{ "gist": "g", "tests": [{ "vars": { "__proto__": "p", "constructor": "c" }, "assert": [{ "type": "equals", "value": { "__proto__": { "x": 1 } } }] }] }');
    const [test] = proto.tests;
    assert.ok(test?.ok === true);
    assert.equal(Object.getPrototypeOf(test.vars), null);
    assert.deepEqual(Object.entries(test.vars), [
      ['__proto__', 'p'],
      ['constructor', 'c'],
    ]);
    const check = test.assert[0];
    assert.ok(check?.check === 'assertion' && check.expectation.kind === 'json');
    assert.equal(Object.getPrototypeOf(check.expectation.value), Object.prototype, 'the value did not get a prototype from the file');
    assert.deepEqual(Object.keys(check.expectation.value as object), ['__proto__']);
  });

  it('caps the problems listed for one file', () => {
    const text = JSON.stringify({ gist: 'g', tests: Array.from({ length: 300 }, () => ({ assert: [{ type: 'nope' }] })) });
    const file = parseText(text);
    assert.equal(file.problems.length, 201);
    assert.equal(file.problems[200]?.message, '100 more problems are not listed; fix these first.');
  });
});
