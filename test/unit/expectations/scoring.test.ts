// not-, weights, thresholds and assert-set, aggregated as promptfoo's AssertionsResult does.
// Examples from promptfoo's site/docs/configuration/expected-outputs/index.md ("Weighted
// assertions", "Setting a score requirement", "Grouping assertions via Assertion Sets") and
// deterministic.md ("Assert-Set"); the rules from promptfoo 0.123.1's AssertionsResult.
import { strict as assert } from 'node:assert';
import { failedAssertions } from '../../../src/expectations/gradeTest';
import { grade, passes } from './checkFixture';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';

const equalsAndContains = [
  { type: 'equals', value: 'Hello world', weight: 2 },
  { type: 'contains', value: 'world', weight: 1 },
];

describe('checks: not-, weights, thresholds and assert-set', () => {
  before(() => loadCheckLibraries());
  it('not- inverts every type', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'equals', value: 'a' }, 'a'],
      [{ type: 'contains', value: 'a' }, 'xay'],
      [{ type: 'icontains', value: 'A' }, 'xay'],
      [{ type: 'contains-any', value: ['a', 'b'] }, 'b'],
      [{ type: 'contains-all', value: ['a', 'b'] }, 'ab'],
      [{ type: 'icontains-any', value: ['A'] }, 'a'],
      [{ type: 'icontains-all', value: ['A', 'B'] }, 'ab'],
      [{ type: 'starts-with', value: 'a' }, 'ab'],
      [{ type: 'regex', value: '^a' }, 'ab'],
      [{ type: 'is-json' }, '{}'],
      [{ type: 'contains-json' }, 'x {"a": 1}'],
      [{ type: 'levenshtein', value: 'abc', threshold: 1 }, 'abd'],
      [{ type: 'word-count', value: 2 }, 'a b'],
      [{ type: 'character-count', value: { max: 3 } }, 'abc'],
    ];
    for (const [assertion, matching] of cases) {
      const type = String(assertion.type);
      assert.equal(passes(assertion, matching), true, type);
      assert.equal(passes({ ...assertion, type: `not-${type}` }, matching), false, `not-${type}`);
    }
  });

  it('not-is-json and not-contains-json with a schema pass unless some JSON conforms (promptfoo json.ts)', () => {
    const schema = { type: 'object', required: ['a'] };
    assert.equal(passes({ type: 'not-is-json', value: schema }, '{"a": 1}'), false);
    assert.equal(passes({ type: 'not-is-json', value: schema }, '{"b": 1}'), true);
    assert.equal(passes({ type: 'not-is-json', value: schema }, 'not json'), true);
    assert.equal(passes({ type: 'not-contains-json', value: schema }, 'x {"b": 1} y {"a": 2}'), false);
    assert.equal(passes({ type: 'not-contains-json', value: schema }, 'x {"b": 1}'), true);
    assert.equal(passes({ type: 'not-contains-json', value: schema }, 'no json'), true);
  });

  it('index.md "Weighted assertions": equals ×2 fails, contains ×1 passes on "Goodbye world": score 1/3, the test fails', () => {
    const result = grade(equalsAndContains, 'Goodbye world');
    assert.equal(result.score, 1 / 3);
    assert.equal(result.pass, false);
    assert.match(result.reason, /^Expected the output "Goodbye world" to equal "Hello world"$/);
  });

  it('index.md "Setting a score requirement": 0.33 is below a 0.5 threshold (fails) and above 0.2 (passes)', () => {
    const below = grade(equalsAndContains, 'Goodbye world', { threshold: 0.5 });
    assert.equal(below.pass, false);
    assert.equal(below.reason, 'Aggregate score 0.33 < 0.5 threshold');
    const above = grade(equalsAndContains, 'Goodbye world', { threshold: 0.2 });
    assert.equal(above.pass, true);
    assert.equal(above.reason, 'Aggregate score 0.33 ≥ 0.2 threshold');
  });

  it('index.md: a threshold of 0 passes whatever fails; without one any failure fails the test', () => {
    assert.equal(grade(equalsAndContains, 'nothing', { threshold: 0 }).pass, true);
    assert.equal(grade(equalsAndContains, 'nothing', { threshold: 0 }).score, 0);
    assert.equal(grade(equalsAndContains, 'nothing').pass, false);
    assert.equal(grade(equalsAndContains, 'Hello world', { threshold: 1 }).pass, true);
  });

  it('index.md: "If weight is set to 0, the assertion automatically passes"; it adds nothing to the score', () => {
    const result = grade([{ type: 'contains', value: 'x', weight: 0, metric: 'has_x' }, { type: 'contains', value: 'a' }], 'abc');
    assert.equal(result.pass, true);
    assert.equal(result.score, 1);
    assert.equal(result.namedScores.has_x, 0, 'the metric still records the failed score');
    const only = grade([{ type: 'contains', value: 'x', weight: 0 }], 'abc');
    assert.equal(only.pass, true);
    assert.equal(only.score, 0, 'promptfoo: no weight at all gives a score of 0');
  });

  it('checks-format.md: an assert-set of weight 0 whose members fail still fails the test, as in promptfoo (only a single assertion of weight 0 passes by itself)', () => {
    const set = { type: 'assert-set', weight: 0, assert: [{ type: 'contains', value: 'x' }] };
    const result = grade([set, { type: 'contains', value: 'a' }], 'abc');
    assert.equal(result.pass, false);
    assert.equal(result.score, 1, 'it adds nothing to the score');
    assert.equal(grade([set, { type: 'contains', value: 'a' }], 'abc', { threshold: 1 }).pass, true, 'with a threshold only the score counts');
  });

  it('a test without assertions passes with score 1 ("No assertions")', () => {
    const result = grade([], 'anything');
    assert.deepEqual([result.pass, result.score, result.reason], [true, 1, 'No assertions']);
  });

  it('index.md "Assertion Sets": all of a set must pass; with threshold 0.5 one of two is enough', () => {
    const set = { type: 'assert-set', assert: [{ type: 'contains', value: 'cheap' }, { type: 'latency', threshold: 200 }] };
    assert.equal(grade([set], 'cheap', { latencyMs: 100 }).pass, true);
    assert.equal(grade([set], 'cheap', { latencyMs: 300 }).pass, false);
    const half = { ...set, threshold: 0.5 };
    assert.equal(grade([half], 'cheap', { latencyMs: 300 }).pass, true);
    assert.equal(grade([half], 'dear', { latencyMs: 300 }).pass, false);
  });

  it('deterministic.md "Assert-Set": threshold 0.25, weight 2 and a metric; the set counts as one check with its weight', () => {
    const set = {
      type: 'assert-set',
      threshold: 0.25,
      weight: 2,
      metric: 'quality_checks',
      assert: [{ type: 'contains', value: 'key phrase' }, { type: 'contains', value: 'expected output' }, { type: 'is-json' }, { type: 'starts-with', value: '{' }],
    };
    const result = grade([set, { type: 'contains', value: 'zzz' }], 'a key phrase');
    const [setResult] = result.results;
    assert.equal(setResult?.pass, true, '1 of 4 equal weights reaches 0.25');
    assert.equal(setResult?.score, 0.25);
    assert.equal(setResult?.reason, 'Aggregate score 0.25 ≥ 0.25 threshold');
    assert.equal(result.score, (0.25 * 2 + 0) / 3);
    assert.equal(result.pass, false, 'the failed contains outside the set fails the test');
    assert.equal(result.namedScores.quality_checks, 0.25);
  });

  it('weights inside a set weigh its members; the set reason is the last failure without a threshold', () => {
    const set = { type: 'assert-set', assert: [{ type: 'contains', value: 'a', weight: 3 }, { type: 'contains', value: 'z', weight: 1 }] };
    const result = grade([set], 'abc');
    assert.equal(result.results[0]?.score, 0.75);
    assert.equal(result.pass, false);
    assert.equal(result.reason, 'Expected the output to contain "z"');
  });

  it('the reason of a failure in a set wins over one outside it (sets are added last, as promptfoo does)', () => {
    const result = grade([{ type: 'assert-set', assert: [{ type: 'contains', value: 'in-set' }] }, { type: 'contains', value: 'outside' }], 'x');
    assert.equal(result.reason, 'Expected the output to contain "in-set"');
  });

  it('named metrics are weighted means; a metric in a set and outside it combine', () => {
    const result = grade(
      [
        { type: 'contains', value: 'a', metric: 'tone', weight: 3 },
        { type: 'contains', value: 'z', metric: 'tone', weight: 1 },
        { type: 'assert-set', weight: 2, assert: [{ type: 'contains', value: 'z', metric: 'tone' }] },
      ],
      'abc',
    );
    assert.equal(result.namedScores.tone, (1 * 3 + 0 * 1 + 0 * 2) / 6);
    assert.equal(Object.getPrototypeOf(result.namedScores), null);
  });

  it('failedAssertions lists the failed members, sets opened, weight-0 ones left out', () => {
    const result = grade(
      [
        { type: 'contains', value: 'z' },
        { type: 'contains', value: 'y', weight: 0 },
        { type: 'assert-set', assert: [{ type: 'contains', value: 'a' }, { type: 'regex', value: '^q' }] },
      ],
      'abc',
    );
    assert.deepEqual(
      failedAssertions(result).map((failed) => [failed.type, failed.range.start.line]),
      [
        ['contains', 5],
        ['regex', 21],
      ],
    );
  });

  it('a metric name takes {{ var }} from the test (promptfoo renders metric names with the variables)', () => {
    const result = grade([{ type: 'contains', value: 'a', metric: 'lang_{{lang}}' }], 'a', { vars: { lang: 'fr' } });
    assert.deepEqual(Object.keys(result.namedScores), ['lang_fr']);
  });
});
