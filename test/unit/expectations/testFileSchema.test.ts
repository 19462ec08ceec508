// media/gisttest.schema.json, the schema VS Code applies to *.gisttest.json (package.json
// `jsonValidation`): it accepts every example of docs/checks-format.md and rejects what the
// parser rejects, and its assertion types are the ones checks run. Validated with Ajv, whose
// draft-07 is the one VS Code's JSON language service reads; VS Code's own keywords
// (markdownDescription…) are declared so that strict mode still catches any other unknown one.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { parse } from 'jsonc-parser';
import { SUPPORTED_TYPES } from '../../../src/expectations/assertionTypes';
import { parseText } from './checkFixture';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const schema = JSON.parse(readFileSync(path.join(ROOT, 'media', 'gisttest.schema.json'), 'utf8')) as Record<string, unknown>;

let compiled: ValidateFunction | undefined;

/** The schema compiled once (compiling takes a few hundred milliseconds); validating keeps no state. */
function validator(): ValidateFunction {
  if (compiled === undefined) {
    const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
    for (const keyword of ['markdownDescription', 'markdownEnumDescriptions', 'defaultSnippets']) {
      ajv.addKeyword({ keyword });
    }
    compiled = ajv.compile(schema);
  }
  return compiled;
}

/** The ```jsonc blocks of the format's documentation: each is a whole test file. */
function documentedExamples(): string[] {
  const markdown = readFileSync(path.join(ROOT, 'docs', 'checks-format.md'), 'utf8');
  return [...markdown.matchAll(/```jsonc\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

const schemaAccepts = (validate: ValidateFunction, text: string): boolean => validate(parse(text, [], { allowTrailingComma: true })) === true;

/** Files the parser refuses, each for a reason a schema can also see. */
const REFUSED: ReadonlyArray<[string, unknown]> = [
  ['no gist', { tests: [] }],
  ['no tests and no testsFile', { gist: 'g' }],
  ['a gist id with spaces around it', { gist: ' g', tests: [] }],
  ['an unknown file field', { gist: 'g', tests: [], prompts: ['x'] }],
  ['empty variants', { gist: 'g', variants: [], tests: [] }],
  ['a variant twice', { gist: 'g', variants: ['a', 'a'], tests: [] }],
  ['repeat 0', { gist: 'g', repeat: 0, tests: [] }],
  ['repeat 1.5', { gist: 'g', repeat: 1.5, tests: [] }],
  ['testsFile outside the workspace', { gist: 'g', testsFile: '../people.csv' }],
  ['testsFile absolute', { gist: 'g', testsFile: '/data/people.csv' }],
  ['testsFile not a CSV', { gist: 'g', testsFile: 'people.xlsx' }],
  ['an unknown test field', { gist: 'g', tests: [{ options: {} }] }],
  ['a test threshold over 1', { gist: 'g', tests: [{ threshold: 2 }] }],
  ['a list variable', { gist: 'g', tests: [{ vars: { x: ['a', 'b'] } }] }],
  ['a null variable', { gist: 'g', tests: [{ vars: { x: null } }] }],
  ['an editor placeholder', { gist: 'g', tests: [{ vars: { x: 'see ${clipboard}' } }] }],
  ['a file:// variable', { gist: 'g', tests: [{ vars: { x: 'file://a.txt' } }] }],
  ['a model-graded type other than llm-rubric', { gist: 'g', tests: [{ assert: [{ type: 'g-eval', value: 'polite' }] }] }],
  ['llm-rubric without a rubric', { gist: 'g', tests: [{ assert: [{ type: 'llm-rubric' }] }] }],
  ['llm-rubric with a threshold over 1', { gist: 'g', tests: [{ assert: [{ type: 'llm-rubric', value: 'polite', threshold: 2 }] }] }],
  ['a code-bearing type', { gist: 'g', tests: [{ assert: [{ type: 'javascript', value: 'true' }] }] }],
  ['a misspelt type', { gist: 'g', tests: [{ assert: [{ type: 'contians', value: 'x' }] }] }],
  ['a misspelt field', { gist: 'g', tests: [{ assert: [{ type: 'contains', vlaue: 'x' }] }] }],
  ['a transform', { gist: 'g', tests: [{ assert: [{ type: 'contains', value: 'x', transform: 'output' }] }] }],
  ['contains without value', { gist: 'g', tests: [{ assert: [{ type: 'contains' }] }] }],
  ['contains with an empty value', { gist: 'g', tests: [{ assert: [{ type: 'contains', value: '' }] }] }],
  ['contains with a list', { gist: 'g', tests: [{ assert: [{ type: 'contains', value: ['a'] }] }] }],
  ['contains-all with an empty list', { gist: 'g', tests: [{ assert: [{ type: 'contains-all', value: [] }] }] }],
  ['starts-with with a number', { gist: 'g', tests: [{ assert: [{ type: 'starts-with', value: 1 }] }] }],
  ['is-json with a number', { gist: 'g', tests: [{ assert: [{ type: 'is-json', value: 3 }] }] }],
  ['latency without threshold', { gist: 'g', tests: [{ assert: [{ type: 'latency' }] }] }],
  ['latency with a value', { gist: 'g', tests: [{ assert: [{ type: 'latency', value: 3000, threshold: 3000 }] }] }],
  ['a threshold on contains', { gist: 'g', tests: [{ assert: [{ type: 'contains', value: 'x', threshold: 0.5 }] }] }],
  ['a negative weight', { gist: 'g', tests: [{ assert: [{ type: 'is-json', weight: -1 }] }] }],
  ['word-count with a fraction', { gist: 'g', tests: [{ assert: [{ type: 'word-count', value: 2.5 }] }] }],
  ['word-count with an unknown bound', { gist: 'g', tests: [{ assert: [{ type: 'word-count', value: { most: 3 } }] }] }],
  ['character-count with no bound', { gist: 'g', tests: [{ assert: [{ type: 'character-count', value: {} }] }] }],
  ['an assert-set without assert', { gist: 'g', tests: [{ assert: [{ type: 'assert-set' }] }] }],
  ['an assert-set with a value', { gist: 'g', tests: [{ assert: [{ type: 'assert-set', value: 'x', assert: [{ type: 'is-json' }] }] }] }],
  ['a set threshold over 1', { gist: 'g', tests: [{ assert: [{ type: 'assert-set', threshold: 2, assert: [{ type: 'is-json' }] }] }] }],
  ['a set in a set', { gist: 'g', tests: [{ assert: [{ type: 'assert-set', assert: [{ type: 'assert-set', assert: [{ type: 'is-json' }] }] }] }] }],
  ['a threshold on a set member that ignores it', { gist: 'g', tests: [{ assert: [{ type: 'assert-set', assert: [{ type: 'is-json', threshold: 1 }] }] }] }],
  ['not-assert-set', { gist: 'g', tests: [{ assert: [{ type: 'not-assert-set', assert: [{ type: 'is-json' }] }] }] }],
  ['defaultTest with options', { gist: 'g', defaultTest: { options: {} }, tests: [] }],
];

describe('checks: the test file JSON Schema', () => {
  before(() => loadCheckLibraries());
  it('is valid draft-07 and names exactly the types checks run, each described', () => {
    const validate = validator();
    assert.ok(validate);
    const definitions = schema.definitions as Record<string, { properties: { type: { enum: string[]; markdownEnumDescriptions: string[] } } }>;
    const check = definitions.check!.properties.type;
    assert.deepEqual(check.enum, [...SUPPORTED_TYPES, ...SUPPORTED_TYPES.map((type) => `not-${type}`), 'assert-set']);
    assert.equal(check.markdownEnumDescriptions.length, check.enum.length);
    assert.deepEqual(definitions.assertion!.properties.type.enum, check.enum.slice(0, -1));
  });

  it('accepts every example of docs/checks-format.md, which the parser reads without a problem', () => {
    const validate = validator();
    const examples = documentedExamples();
    assert.ok(examples.length >= 5, `found ${examples.length} examples`);
    for (const example of examples) {
      assert.deepEqual(parseText(example).problems, [], example);
      assert.ok(schemaAccepts(validate, example), `${example}\n${JSON.stringify(validate.errors, null, 2)}`);
    }
  });

  it('accepts every type with a valid value, as the parser does', () => {
    const validate = validator();
    const assertions = [
      { type: 'equals', value: 'x' },
      { type: 'equals', value: { a: [1] } },
      { type: 'not-contains', value: 0 },
      { type: 'icontains', value: 'x' },
      { type: 'contains-any', value: 'a, "b,c"' },
      { type: 'icontains-all', value: ['a', 2, true] },
      { type: 'starts-with', value: 'x' },
      { type: 'regex', value: '^x' },
      { type: 'is-json' },
      { type: 'contains-json', value: { type: 'object' } },
      { type: 'is-json', value: '{"type": "array"}' },
      { type: 'levenshtein', value: 'x' },
      { type: 'levenshtein', value: '', threshold: 0 },
      { type: 'not-latency', threshold: 10, weight: 0, metric: 'slow' },
      { type: 'word-count', value: 3 },
      { type: 'character-count', value: { min: 1, max: 280 } },
      { type: 'llm-rubric', value: 'Is polite to {{ a }}' },
      { type: 'not-llm-rubric', value: 'Apologises', threshold: 0.7, weight: 2, metric: 'tone' },
      { type: 'assert-set', threshold: 0.5, weight: 2, metric: 'm', assert: [{ type: 'is-json' }, { type: 'latency', threshold: 5 }] },
    ];
    const file = JSON.stringify({ gist: 'g', variants: ['a', null], repeat: 2, testsFile: 'data/rows.csv', tests: [{ description: 'd', vars: { a: 'x', n: 1 }, threshold: 0, assert: assertions }] });
    assert.deepEqual(parseText(file).problems, []);
    assert.ok(schemaAccepts(validate, file), JSON.stringify(validate.errors, null, 2));
  });

  for (const [what, file] of REFUSED) {
    it(`rejects what the parser rejects: ${what}`, () => {
      const text = JSON.stringify(file);
      assert.notDeepEqual(parseText(text).problems, [], 'the parser accepted it');
      assert.equal(schemaAccepts(validator(), text), false, 'the schema accepted it');
    });
  }
});
