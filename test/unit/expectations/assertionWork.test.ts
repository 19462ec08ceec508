// No assertion blocks the extension host for long, whatever the test file and the output: each
// assertion's work is estimated from its input before it runs (assertionWork.ts) and refused over
// MAX_ASSERTION_WORK, with the reason. Held by counting, never by timing: the hostile cases below
// ran for minutes before (each in a child killed at a deadline, so the suite survives the old
// code), and a property test over hostile schemas and outputs counts the pairs Ajv's uniqueItems
// really compares (its `equal`, instrumented) against the estimate and the budget.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { overBudget, schemaWork, shapeOf, WORK } from '../../../src/expectations/assertionWork';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';
import { MAX_ASSERTION_WORK } from '../../../src/expectations/checkLimits';
import { callInChild } from '../support/childCall';
import { countCharacters, countWords } from '../../../src/expectations/runAssertion';
import { grade } from './checkFixture';

const NOT_RUN = /would take about [\d.]+ (?:million|billion) steps, more than the 40 million steps one assertion may take \(about 50 ms: checks run beside the editor and must not stall it\), so it was not run\./;

/** One hostile assertion graded in a child, killed after 60 s: before the bound, each took minutes or more. */
async function hostile(assertion: Record<string, unknown>, output: string, size: number): Promise<{ pass: boolean; reason: string }> {
  const call = await callInChild(require.resolve('./hostileGrade'), 'gradeHostile', [assertion, output, size], 60_000);
  assert.equal(call.timedOut, false, 'the grade came back (the child was not killed at its deadline)');
  assert.equal(call.error, undefined);
  return call.value as { pass: boolean; reason: string };
}

describe('checks: the work of one assertion is bounded by its input', function () {
  this.timeout(180_000);

  before(async function () {
    await loadCheckLibraries();
  });

  it('uniqueItems over 20,000 distinct objects (200 million pairs for Ajv) fails at once, saying why, whichever way it reads', async function () {
    for (const type of ['is-json', 'not-is-json']) {
      const result = await hostile({ type, value: { type: 'array', uniqueItems: true } }, 'distinctObjects', 20_000);
      assert.equal(result.pass, false, type);
      assert.match(result.reason, /^The JSON could not be checked against the JSON Schema: Checking this JSON \(100,001 values\) against the JSON Schema \(uniqueItems compares the items of its arrays pairwise: up to 1,999,900,000 values compared\) would take about/);
      assert.match(result.reason, NOT_RUN);
    }
  });

  it('a regular expression of 4,071 RE2 instructions over a 4 MiB output (RE2 tries every instruction at every character) fails, saying why', async function () {
    const pattern = Array.from({ length: 380 }, (_, index) => `a{0,3}x${index}`).join('|');
    const result = await hostile({ type: 'regex', value: pattern }, 'letters', 4 * 1024 * 1024);
    assert.equal(result.pass, false);
    assert.match(result.reason, /^Matching the regular expression \(4,071 RE2 instructions, each tried at every character\) on the output \(4,194,304 characters\) would take about 2.1 billion steps/);
  });

  it('contains-any of 1,000 values over a 16 MiB output (each value searched in the whole output) fails, saying why', async function () {
    const values = Array.from({ length: 1_000 }, (_, index) => `b${index}`);
    const result = await hostile({ type: 'contains-any', value: values }, 'letters', 16 * 1024 * 1024);
    assert.equal(result.pass, false);
    assert.match(result.reason, /^Searching the output \(16,777,216 characters\) for each of 1,000 values would take about 671.1 billion steps/);
  });

  it('contains over 16 MiB of "a"s (V8 takes 400 ms to find "ab" there) fails, saying why; over 500 KB it runs', function () {
    for (const type of ['contains', 'not-icontains']) {
      const [refused] = grade([{ type, value: 'ab' }], 'a'.repeat(16 * 1024 * 1024)).results;
      assert.equal(refused?.pass, false, type);
      assert.match(refused?.reason ?? '', /^Searching the output \(16,777,216 characters\) for the value would take about [\d.]+ million steps/, type);
    }
    assert.equal(grade([{ type: 'not-contains', value: 'ab' }], 'a'.repeat(500_000)).pass, true);
  });

  it('parsing a 16 MiB output as JSON fails before it starts, saying why; a 500 KB one is parsed and checked', function () {
    const big = JSON.stringify(Array.from({ length: 16 * 1024 * 1024 / 8 }, () => 1234567));
    const [refused] = grade([{ type: 'is-json' }], big).results;
    assert.equal(refused?.pass, false);
    assert.match(refused?.reason ?? '', /^Parsing the output \(16,777,217 characters\) as JSON would take about 838.9 million steps/);
    const fine = JSON.stringify(Array.from({ length: 500_000 / 8 }, () => 1234567));
    assert.equal(grade([{ type: 'is-json', value: { type: 'array', items: { type: 'number' } } }], fine).pass, true);
  });

  it('word-count and character-count count as promptfoo’s split and for…of do, without a string per word or character (property), and refuse outputs too long to count', function () {
    const unit = fc.constantFrom('a', 'b', ' ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u200b', '\ud83d', '\ude00', '😀', 'é');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const words = text.trim().split(/\s+/).filter((word) => word.length > 0).length;
        assert.equal(countWords(text), words, JSON.stringify(text));
        assert.equal(countCharacters(text), [...text].length, JSON.stringify(text));
      }),
      { numRuns: 500 },
    );
    const large = '😀 '.repeat(1_000_000);
    assert.equal(grade([{ type: 'character-count', value: 2_000_000 }], large).pass, true);
    assert.equal(grade([{ type: 'word-count', value: 1_000_000 }], large).pass, true);
    const [refused] = grade([{ type: 'word-count', value: 1 }], 'a '.repeat(8 * 1024 * 1024)).results;
    assert.match(refused?.reason ?? '', /^Counting the words of the output \(16,777,216 characters\) would take about 167.8 million steps/);
  });

  describe('property: over hostile schemas and outputs, what Ajv compares stays within the estimate and the budget', function () {
    // Ajv's uniqueItems, enum and const compare values with this function: counting its calls counts their work.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const equalModule = require('ajv/dist/runtime/equal') as { default: (a: unknown, b: unknown) => boolean };
    const original = equalModule.default;
    let compared = 0;
    before(function () {
      equalModule.default = (a, b) => {
        compared += 1;
        return original(a, b);
      };
    });
    after(function () {
      equalModule.default = original;
    });

    const item = fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.record({ id: fc.integer(), tag: fc.string({ maxLength: 4 }) }), fc.array(fc.integer(), { maxLength: 3 }));
    const schema = fc.record({
      items: fc.oneof(fc.constant({}), fc.constant({ type: 'object' }), fc.constant({ not: { enum: [[1, 2, 3], { id: -1, tag: 'x' }, 'zzz'] } })),
      nested: fc.boolean(),
      pattern: fc.boolean(),
    });

    it('the equal calls Ajv makes are at most the estimate’s item comparisons, and never more than the budget allows', function () {
      let refusals = 0;
      let checked = 0;
      fc.assert(
        fc.property(schema, fc.oneof(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 2_500 })), fc.integer({ min: 0, max: 1_000_000 }), item, (shape, length, seed, filler) => {
          // Distinct items (an id each), some with a duplicate at the end: Ajv compares until the first duplicate.
          const items: unknown[] = Array.from({ length }, (_, index) => ({ id: index, seed, filler }));
          if (seed % 3 === 0 && length > 1) items.push({ id: 0, seed, filler });
          const value = shape.nested ? { list: items, again: [items.slice(0, 50)] } : items;
          const arraySchema: Record<string, unknown> = { type: 'array', uniqueItems: true, items: shape.items };
          const fullSchema = shape.nested
            ? { type: 'object', properties: { list: arraySchema, again: { type: 'array', uniqueItems: true, items: arraySchema } }, ...(shape.pattern ? { propertyNames: { pattern: '^[a-z]+$' } } : {}) }
            : arraySchema;
          // Compiling the schema compares too (Ajv checks that an enum's items differ): counted apart, on an output it never looks into.
          compared = 0;
          grade([{ type: 'is-json', value: fullSchema }], 'null');
          const compiling = compared;
          compared = 0;
          const [result] = grade([{ type: 'is-json', value: fullSchema }], JSON.stringify(value)).results;
          compared -= compiling;
          const measured = shapeOf(value, Number.MAX_SAFE_INTEGER)!;
          const refused = /so it was not run/.test(result?.reason ?? '');
          if (refused) {
            refusals += 1;
            assert.equal(compared, 0, 'a refused check compares nothing');
            return;
          }
          checked += 1;
          // What Ajv did: each call compares two items, at most the smaller one's values.
          assert.ok(compared <= measured.itemComparisons + measured.values * 3, `${compared} equal calls, estimate ${measured.itemComparisons}`);
          assert.ok(compared * WORK.equalValue <= MAX_ASSERTION_WORK, `${compared} equal calls ran`);
          assert.ok(!overBudget(schemaWork(measured, { checksPerValue: 1, enumChars: 0, patternInstructions: 0, uniqueItems: true })) || compared === 0);
          assert.ok(compared <= measured.itemPairs + measured.values * 3, `${compared} equal calls, ${measured.itemPairs} pairs`);
        }),
        { numRuns: 40 },
      );
      assert.ok(refusals > 0 && checked > 0, `both kinds of case seen: ${refusals} refused, ${checked} checked`);
    });
  });
});
