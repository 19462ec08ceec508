// Every assertion type against promptfoo's documented examples. Sources, promptfoo 0.123.1:
// site/docs/configuration/expected-outputs/deterministic.md ("deterministic.md" below) and
// site/docs/configuration/expected-outputs/index.md ("index.md"), and the released handlers in
// dist/src/evaluator-*.js where the docs give no example.
import { strict as assert } from 'node:assert';
import { countCharacters, countWords } from '../../../src/expectations/runAssertion';
import { grade, passes, problemsOf } from './checkFixture';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';

describe('checks: assertion types as promptfoo documents them', () => {
  before(() => loadCheckLibraries());
  it('equals: exact text (deterministic.md "Equality"), and an object compared as JSON', () => {
    assert.equal(passes({ type: 'equals', value: 'The expected output' }, 'The expected output'), true);
    assert.equal(passes({ type: 'equals', value: 'The expected output' }, 'The expected output.'), false);
    assert.equal(passes({ type: 'equals', value: 'The expected output' }, 'the expected output'), false);
    assert.equal(passes({ type: 'equals', value: { key: 'value' } }, '{ "key": "value" }'), true);
    assert.equal(passes({ type: 'equals', value: { key: 'value' } }, '{"key":"other"}'), false);
    assert.equal(passes({ type: 'equals', value: { key: 'value' } }, 'key: value'), false);
    assert.equal(passes({ type: 'not-equals', value: { key: 'value' } }, 'not json'), true, 'promptfoo: output that is not JSON cannot deep-equal, so not-equals passes');
    assert.equal(passes({ type: 'equals', value: 42 }, '42'), true, 'numbers compare as their text');
  });

  it('equals: a failure carries expected and actual for a diff', () => {
    const [result] = grade([{ type: 'equals', value: 'Hello world' }], 'Goodbye world').results;
    assert.equal(result?.expected, 'Hello world');
    assert.equal(result?.actual, 'Goodbye world');
    assert.match(result?.reason ?? '', /^Expected the output "Goodbye world" to equal "Hello world"$/);
  });

  it('contains and icontains: a substring, with or without case (deterministic.md "Contains"); a number as text', () => {
    assert.equal(passes({ type: 'contains', value: 'The expected substring' }, 'Here is The expected substring, see'), true);
    assert.equal(passes({ type: 'contains', value: 'The expected substring' }, 'the expected substring'), false);
    assert.equal(passes({ type: 'icontains', value: 'The expected substring' }, 'THE EXPECTED SUBSTRING!'), true);
    assert.equal(passes({ type: 'contains', value: 0 }, 'I have 0 apples'), true, 'deterministic.md: value: 0 matches output containing 0');
  });

  it('contains-all and contains-any: all or one of a list (deterministic.md "Contains-All", "Contains-Any")', () => {
    const values = ['Value 1', 'Value 2', 'Value 3'];
    assert.equal(passes({ type: 'contains-all', value: values }, 'Value 1, Value 2 and Value 3'), true);
    assert.equal(passes({ type: 'contains-all', value: values }, 'Value 1 and Value 3'), false);
    assert.equal(passes({ type: 'contains-any', value: values }, 'only Value 2'), true);
    assert.equal(passes({ type: 'contains-any', value: values }, 'value 2'), false);
    assert.equal(passes({ type: 'icontains-any', value: values }, 'value 2'), true);
    assert.equal(passes({ type: 'icontains-all', value: values }, 'VALUE 1 value 2 vAlUe 3'), true);
    assert.equal(passes({ type: 'contains-all', value: ['1,000', 'in stock'] }, '1,000 units in stock'), true, 'deterministic.md: the structured form keeps "1,000" whole');
  });

  it('contains-all: the missing values are named', () => {
    const [result] = grade([{ type: 'contains-all', value: ['Loom', 'Ada'] }], 'Welcome to Loom').results;
    assert.match(result?.reason ?? '', /missing "Ada"$/);
  });

  it('contains-any as one text: split at commas, quotes keep a comma (deterministic.md, test-cases.md "CSV with Assertions")', () => {
    assert.equal(passes({ type: 'contains-any', value: '<b>,</span>' }, 'text </span>'), true);
    assert.equal(passes({ type: 'contains-any', value: '<b> </span>' }, 'text </span>'), false, 'test-cases.md: without a comma it is one search term');
    assert.equal(passes({ type: 'contains-all', value: '"1,000", in stock' }, '1,000 in stock'), true);
    assert.equal(passes({ type: 'contains-all', value: '"say ""hi""", x' }, 'say "hi" x'), true);
  });

  it('starts-with (deterministic.md "Starts-With")', () => {
    assert.equal(passes({ type: 'starts-with', value: 'Yes' }, 'Yes, we can'), true);
    assert.equal(passes({ type: 'starts-with', value: 'Yes' }, ' Yes'), false);
  });

  it('regex: a match anywhere, no flags, as new RegExp(value).test(output) (deterministic.md "Regex")', () => {
    assert.equal(passes({ type: 'regex', value: '\\d{4}' }, 'In 1999 we'), true);
    assert.equal(passes({ type: 'regex', value: '\\d{4}' }, 'In 99 we'), false);
    assert.equal(passes({ type: 'regex', value: '^(Dear|Hi)' }, 'Hi Ada'), true);
    assert.equal(passes({ type: 'regex', value: '^(Dear|Hi)' }, 'Oh Hi'), false);
    assert.equal(passes({ type: 'regex', value: 'hello' }, 'HELLO'), false, 'no flags: case matters');
    assert.equal(passes({ type: 'regex', value: '\\u00e9t\\u00e9' }, 'un été'), true, 'JavaScript escapes are translated');
    assert.equal(passes({ type: 'regex', value: '(?<=\\$)\\d+' }, 'costs $42'), true, 'lookbehind without groups runs');
  });

  it('is-json: valid JSON, and with a schema its conformance (deterministic.md "Is-JSON" example schema)', () => {
    const schema = {
      required: ['latitude', 'longitude'],
      type: 'object',
      properties: {
        latitude: { minimum: -90, type: 'number', maximum: 90 },
        longitude: { minimum: -180, type: 'number', maximum: 180 },
      },
    };
    assert.equal(passes({ type: 'is-json' }, '{"a": 1}'), true);
    assert.equal(passes({ type: 'is-json' }, '[1, "two"]'), true);
    assert.equal(passes({ type: 'is-json' }, 'Here: {"a": 1}'), false);
    assert.equal(passes({ type: 'is-json', value: schema }, '{"latitude": 48.85, "longitude": 2.35}'), true);
    assert.equal(passes({ type: 'is-json', value: schema }, '{"latitude": 148.85, "longitude": 2.35}'), false);
    assert.equal(passes({ type: 'is-json', value: schema }, '{"latitude": 48.85}'), false);
    const [result] = grade([{ type: 'is-json', value: schema }], '{"latitude": 48.85}').results;
    assert.match(result?.reason ?? '', /^The JSON does not conform to the schema: data must have required property 'longitude'$/);
  });

  it('is-json: a schema written as JSON text is read as the object', () => {
    assert.equal(passes({ type: 'is-json', value: '{"type": "array"}' }, '[1]'), true);
    assert.equal(passes({ type: 'is-json', value: '{"type": "array"}' }, '{}'), false);
  });

  it('contains-json: an object inside text, fenced or not (deterministic.md "Contains-JSON")', () => {
    const schema = { required: ['latitude', 'longitude'], type: 'object', properties: { latitude: { type: 'number', minimum: -90, maximum: 90 }, longitude: { type: 'number', minimum: -180, maximum: 180 } } };
    assert.equal(passes({ type: 'contains-json' }, 'Sure: ```json\n{"a": {"b": [1, 2]}}\n```'), true);
    assert.equal(passes({ type: 'contains-json' }, 'no braces here'), false);
    assert.equal(passes({ type: 'contains-json' }, 'a set {1, 2} is not JSON'), false);
    assert.equal(passes({ type: 'contains-json' }, 'only an array: [1, 2]'), false, 'promptfoo looks for objects only');
    assert.equal(passes({ type: 'contains-json', value: schema }, 'First {"x": 1}, then {"latitude": 1, "longitude": 2}.'), true, 'any object that conforms');
    assert.equal(passes({ type: 'contains-json', value: schema }, 'Only {"x": 1} here'), false);
    assert.equal(passes({ type: 'contains-json' }, 'Cut off: {"a": {"b": 1}'), true, 'promptfoo closes an object the output left open');
  });

  it('levenshtein: distance at most the threshold, 5 by default (deterministic.md "Levenshtein distance")', () => {
    assert.equal(passes({ type: 'levenshtein', threshold: 5, value: 'hello world' }, 'hallo warld'), true);
    assert.equal(passes({ type: 'levenshtein', threshold: 3, value: 'kitten' }, 'sitting'), true, 'kitten → sitting is 3');
    assert.equal(passes({ type: 'levenshtein', threshold: 2, value: 'kitten' }, 'sitting'), false);
    assert.equal(passes({ type: 'levenshtein', value: 'hello world' }, 'hello world!!!!!'), true, 'default threshold 5');
    assert.equal(passes({ type: 'levenshtein', value: 'hello world' }, 'hello world!!!!!!'), false);
    assert.equal(passes({ type: 'levenshtein', threshold: 0, value: 'same' }, 'same'), true, 'a threshold of 0 is honoured, not replaced by 5');
    assert.equal(passes({ type: 'levenshtein', threshold: 1, value: 'a' }, '😀'), false, 'UTF-16 units, as promptfoo (fastest-levenshtein): an emoji is 2 edits from "a"');
  });

  it('levenshtein: the lengths decide when they can; a comparison too large to compute fails, saying so', () => {
    const gap = grade([{ type: 'levenshtein', value: 'abc', threshold: 2 }], 'abcdef').results[0];
    assert.deepEqual([gap?.pass, gap?.reason], [false, 'Levenshtein distance is at least 3 (the difference in length), greater than the threshold 2']);
    assert.equal(passes({ type: 'not-levenshtein', value: 'abc', threshold: 2 }, 'abcdef'), true);
    assert.equal(passes({ type: 'levenshtein', value: 'abc', threshold: 6 }, 'xyzxyz'), true, 'never more than the longer length');
    const huge = grade([{ type: 'levenshtein', value: 'a'.repeat(65_536), threshold: 5_000 }], 'a'.repeat(70_000)).results[0];
    assert.equal(huge?.pass, false);
    assert.equal(
      huge?.reason,
      'Computing the Levenshtein distance of the output (70,000 characters) and the value (65,536 characters) would take about 2.8 billion steps, more than the 40 million steps one assertion may take (about 50 ms: checks run beside the editor and must not stall it), so it was not run. Check a shorter output or a simpler assertion.',
    );
    assert.equal(passes({ type: 'not-levenshtein', value: 'a'.repeat(65_536), threshold: 5_000 }, 'a'.repeat(70_000)), false, 'not- does not turn it into a pass');
  });

  it('levenshtein: {{expected}} from the test variables (deterministic.md)', () => {
    assert.equal(grade([{ type: 'levenshtein', threshold: 2, value: '{{expected}}' }], 'foobaz', { vars: { expected: 'foobar' } }).pass, true);
  });

  it('latency: fails when the call took longer than the threshold in ms (deterministic.md "Latency")', () => {
    assert.equal(passes({ type: 'latency', threshold: 5000 }, 'x', 4999), true);
    assert.equal(passes({ type: 'latency', threshold: 5000 }, 'x', 5000), true);
    assert.equal(passes({ type: 'latency', threshold: 5000 }, 'x', 5001), false);
    assert.equal(passes({ type: 'not-latency', threshold: 5000 }, 'x', 5001), true);
  });

  it('word-count: exact, range, min only, max only (deterministic.md "Word Count")', () => {
    const text = 'one two  three\nfour ';
    assert.equal(countWords(text), 4);
    assert.equal(countWords('   '), 0);
    assert.equal(passes({ type: 'word-count', value: 4 }, text), true);
    assert.equal(passes({ type: 'word-count', value: { min: 2, max: 4 } }, text), true);
    assert.equal(passes({ type: 'word-count', value: { min: 5 } }, text), false);
    assert.equal(passes({ type: 'word-count', value: { max: 3 } }, text), false);
    assert.equal(passes({ type: 'not-word-count', value: { max: 3 } }, text), true);
  });

  it('character-count: code points, so an emoji counts once (promptfoo main, characterCount.ts)', () => {
    assert.equal(countCharacters('ab😀'), 3);
    assert.equal(passes({ type: 'character-count', value: { max: 3 } }, 'ab😀'), true);
    assert.equal(passes({ type: 'character-count', value: { max: 2 } }, 'ab😀'), false);
    assert.equal(passes({ type: 'character-count', value: 3 }, 'ab😀'), true);
  });

  it('a reason quotes outside text inertly: hidden characters as escapes, cut to its limits', () => {
    const [result] = grade([{ type: 'equals', value: 'safe' }], 'evil\u202e\u200btxt.exe\nnext line').results;
    assert.equal(result?.reason, 'Expected the output "evil\\u202e\\u200btxt.exe\\nnext line" to equal "safe"');
    assert.equal(result?.actual, 'evil\u202e\u200btxt.exe\nnext line', 'the diff keeps the text as it is');
    const long = grade([{ type: 'equals', value: 'x'.repeat(5000) }], 'y'.repeat(100_000)).results[0];
    assert.ok((long?.reason.length ?? 0) <= 1_000 + 40, `${long?.reason.length}`);
    assert.match(long?.reason ?? '', /… \(99,800 more characters\)"/);
    assert.equal(long?.actual?.length, 65_536 + ' (34,464 more characters)'.length + 1);
  });

  it('contains-json on an output made of braces stops at its budget and says so', () => {
    const [result] = grade([{ type: 'contains-json' }], '{"a":'.repeat(400_000)).results;
    assert.equal(result?.pass, false);
    assert.equal(result?.reason, 'Expected the output to contain a JSON object (the search stopped early: the output has too many braces to try them all)');
  });

  it('refuses values a type cannot use, at the assertion', () => {
    assert.deepEqual(problemsOf([{ type: 'contains' }]), ['6: contains needs a "value".']);
    assert.deepEqual(problemsOf([{ type: 'contains', value: '' }]), ['8: contains needs a text or a number as its value, not an empty one.']);
    assert.deepEqual(problemsOf([{ type: 'contains-all', value: [] }]), ['8: contains-all needs a list of texts as its value, such as ["Loom", "Ada"], not an empty one.']);
    assert.deepEqual(problemsOf([{ type: 'latency' }]), ['6: latency needs a "threshold": the largest latency that passes, in milliseconds.']);
    assert.deepEqual(problemsOf([{ type: 'word-count', value: { min: 5, max: 2 } }]), ['8: word-count: min (5) is above max (2).']);
    assert.deepEqual(problemsOf([{ type: 'contains', value: 'x', threshold: 0.5 }]), [
      '9: "threshold" has no meaning for contains (promptfoo ignores it): only levenshtein, latency and llm-rubric take one. For a test\'s pass mark, put "threshold" on the test.',
    ]);
    assert.deepEqual(problemsOf([{ type: 'contains-any', value: Array.from({ length: 1_001 }, (_, i) => `v${i}`) }]), ['8: contains-any takes at most 1,000 values.']);
    assert.deepEqual(problemsOf([{ type: 'is-json', value: 'file://schema.json' }]), ['8: is-json: schemas from files (file://) are not supported; write the JSON Schema here.']);
  });

  it('refuses a JSON Schema Ajv cannot compile, or one using format (no ajv-formats), at its value', () => {
    assert.deepEqual(problemsOf([{ type: 'is-json', value: { type: 'strin' } }]).length, 1);
    assert.match(problemsOf([{ type: 'is-json', value: { typo: 1 } }])[0] ?? '', /^8: is-json: the JSON Schema does not compile: strict mode: unknown keyword: "typo"\.$/);
    assert.match(problemsOf([{ type: 'is-json', value: { type: 'string', format: 'email' } }])[0] ?? '', /unknown format "email"/);
    assert.match(problemsOf([{ type: 'contains-json', value: { type: 'object', properties: { a: { type: 'string', pattern: 'a(?=b)' } } } }])[0] ?? '', /lookahead/);
  });
});
