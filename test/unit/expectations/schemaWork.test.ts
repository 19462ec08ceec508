// JSON Schemas from test files whose `$ref`s could make checking an output slow or endless are
// refused as problems of the file, before any output is checked; and whatever an accepted schema
// or an output does, grading returns a result instead of throwing (audit: 40 definitions each
// referring twice to the next took weeks to check one value; a definition referring to itself
// through allOf overflowed the stack, and nothing caught it).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';
import { gradeTest } from '../../../src/expectations/gradeTest';
import { grade, parseText, passes, problemsOf } from './checkFixture';

/** n definitions, each with two `$ref`s to the next; the last accepts nothing, so every branch is tried: 2^n checks. */
function doublingSchema(n: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    $defs[`a${i}`] = { anyOf: [{ $ref: `#/$defs/a${i + 1}` }, { $ref: `#/$defs/a${i + 1}` }] };
  }
  $defs[`a${n}`] = { not: {} };
  return { $ref: '#/$defs/a0', $defs };
}

/** The one problem of a file whose only check is `assertion`. */
function onlyProblem(assertion: Record<string, unknown>): string {
  const problems = problemsOf([assertion]);
  assert.equal(problems.length, 1, `problems: ${JSON.stringify(problems)}`);
  return problems[0] ?? '';
}

/** JSON nested `depth` arrays deep, with a value at the bottom. */
function nestedArrays(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

const tree = {
  $ref: '#/$defs/node',
  $defs: {
    node: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
      additionalProperties: false,
    },
  },
};

describe('checks: JSON Schemas whose $refs could make checking slow', () => {
  before(() => loadCheckLibraries());

  it('refuses the doubling schema of 40 definitions as a problem at once: no output is checked', () => {
    const schema = doublingSchema(40);
    assert.ok(JSON.stringify(schema).length < 3_000);
    const started = Date.now();
    const problem = onlyProblem({ type: 'is-json', value: schema });
    assert.ok(Date.now() - started < 2_000, `refused in ${Date.now() - started} ms`);
    assert.match(problem, /^8: is-json: the JSON Schema applies more than 100 subschemas to one value once its \$refs are followed/);
    assert.match(onlyProblem({ type: 'not-contains-json', value: doublingSchema(8) }), /^8: not-contains-json: the JSON Schema applies more than 100 subschemas/);
  });

  it('refuses $refs that loop without going into the value: they would never end (Ajv overflowed the stack)', () => {
    const selfAllOf = { $ref: '#/$defs/a', $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } } };
    assert.equal(
      onlyProblem({ type: 'is-json', value: selfAllOf }),
      '8: is-json: the JSON Schema\'s $refs loop back to "#/$defs/a" without going into a property or an item of the value, so checking it would never end: a $ref back to a definition belongs under properties, items or another keyword that looks inside the value.',
    );
    assert.match(onlyProblem({ type: 'is-json', value: { anyOf: [{ $ref: '#' }] } }), /loop back to "#"/);
    assert.match(onlyProblem({ type: 'is-json', value: { $ref: '#/$defs/b', $defs: { b: { not: { $ref: '#/$defs/c' } }, c: { oneOf: [{ type: 'string' }, { $ref: '#/$defs/b' }] } } } }), /loop back to "#\/\$defs\/b"/);
  });

  it('refuses a recursion that applies a definition more often at each level of the value (2^depth)', () => {
    const twice = { $ref: '#/$defs/a', $defs: { a: { type: 'array', allOf: [{ items: { $ref: '#/$defs/a' } }, { items: { $ref: '#/$defs/a' } }] } } };
    assert.match(onlyProblem({ type: 'is-json', value: twice }), /applies more than 100 subschemas to one value/);
    const chained = { $ref: '#/$defs/a', $defs: { a: { type: 'array', items: { $ref: '#/$defs/a' }, contains: { $ref: '#/$defs/a' } } } };
    assert.match(onlyProblem({ type: 'is-json', value: chained }), /applies more than 100 subschemas to one value/);
    // Kinds of a oneOf that each refer back under `children`: Ajv tries every kind at every level.
    const kinds = ['paragraph', 'list', 'quote'];
    const children = { type: 'array', items: { $ref: '#/$defs/block' } };
    const kindsEach = { $ref: '#/$defs/block', $defs: { block: { type: 'object', oneOf: kinds.map((kind) => ({ $ref: `#/$defs/${kind}` })) }, ...Object.fromEntries(kinds.map((kind) => [kind, { type: 'object', properties: { kind: { const: kind }, children } }])) } };
    assert.match(onlyProblem({ type: 'is-json', value: kindsEach }), /applies more than 100 subschemas to one value/);
    // The same written with `children` once, beside the oneOf (docs/checks-format.md), is linear and accepted.
    const kindsOnce = { $ref: '#/$defs/block', $defs: { block: { type: 'object', properties: { children }, oneOf: kinds.map((kind) => ({ $ref: `#/$defs/${kind}` })) }, ...Object.fromEntries(kinds.map((kind) => [kind, { type: 'object', properties: { kind: { const: kind } } }])) } };
    assert.equal(passes({ type: 'is-json', value: kindsOnce }, JSON.stringify({ kind: 'list', children: [{ kind: 'paragraph' }, { kind: 'quote', children: [] }] })), true);
    assert.equal(passes({ type: 'is-json', value: kindsOnce }, JSON.stringify({ kind: 'list', children: [{ kind: 'table' }] })), false);
  });

  it('refuses a schema that grows past 10,000 subschemas once its $refs are followed (Ajv would compile each copy)', () => {
    const shared = { allOf: Array.from({ length: 80 }, (_, i) => ({ type: 'number', minimum: -i })) };
    const properties = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`p${i}`, { $ref: '#/$defs/shared' }]));
    const started = Date.now();
    assert.match(onlyProblem({ type: 'is-json', value: { type: 'object', properties, $defs: { shared } } }), /^8: is-json: the JSON Schema has more than 10,000 subschemas once its \$refs are followed/);
    assert.ok(Date.now() - started < 2_000, `refused in ${Date.now() - started} ms`);
  });

  it('a recursive tree schema still works, and an output nested too deeply for it fails saying so', () => {
    assert.deepEqual(problemsOf([{ type: 'is-json', value: tree }]), []);
    assert.equal(passes({ type: 'is-json', value: tree }, JSON.stringify({ name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }, { name: 'd' }] })), true);
    assert.equal(passes({ type: 'is-json', value: tree }, JSON.stringify({ name: 'a', children: [{ name: 'b', children: [{ id: 3 }] }] })), false);
    const binary = { $ref: '#/$defs/t', $defs: { t: { type: 'object', properties: { left: { $ref: '#/$defs/t' }, right: { $ref: '#/$defs/t' }, value: { type: 'number' } } } } };
    assert.equal(passes({ type: 'is-json', value: binary }, JSON.stringify({ value: 1, left: { value: 2, right: { value: 3 } } })), true);
    const jsonValue = { $ref: '#/$defs/v', $defs: { v: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }, { type: 'array', items: { $ref: '#/$defs/v' } }, { type: 'object', additionalProperties: { $ref: '#/$defs/v' } }] } } };
    assert.equal(passes({ type: 'contains-json', value: jsonValue }, 'Here: {"a": [1, {"b": null}]}'), true);

    // Ajv follows a recursive $ref with a recursive call: the stack ends first, whichever way the assertion reads.
    // 20,000 levels (540 KB): deep enough for the stack, small enough to parse within the assertion's work (MAX_ASSERTION_WORK).
    const deepTree = '{"name": "a", "children": ['.repeat(20_000) + ']}'.repeat(20_000);
    // contains-json looks at objects of at most 100,000 characters: one of arrays nested 49,000 deep.
    const deepObject = `Here: {"a": ${nestedArrays(49_000)}}`;
    for (const [type, schema, output] of [['is-json', tree, deepTree], ['not-is-json', tree, deepTree], ['contains-json', jsonValue, deepObject], ['not-contains-json', jsonValue, deepObject]] as const) {
      const [result] = grade([{ type, value: schema }], output).results;
      assert.equal(result?.pass, false, type);
      assert.match(result?.reason ?? '', /could not be checked against the JSON Schema: it nests too deeply/, type);
    }
  });

  it('equals on an output nested too deeply to show fails saying why instead of throwing', () => {
    const [result] = grade([{ type: 'equals', value: { a: 1 } }], nestedArrays(200_000)).results;
    assert.equal(result?.pass, false);
    assert.match(result?.reason ?? '', /^Expected the output to equal .* as JSON/);
  });

  it('follows $refs as Ajv does: escaped names, definitions and the root; refuses what it cannot follow', () => {
    const defs = { 'a/b': { const: 1 }, 'a~b': { const: 2 }, 'été': { const: 3 }, 'a b': { const: 4 } };
    const refTo = (ref: string): Record<string, unknown> => ({ type: 'is-json', value: { $ref: ref, $defs: defs } });
    assert.equal(passes(refTo('#/$defs/a~1b'), '1'), true);
    assert.equal(passes(refTo('#/$defs/a%2Fb'), '1'), true);
    assert.equal(passes(refTo('#/$defs/a~0b'), '2'), true);
    assert.equal(passes(refTo('#/$defs/%C3%A9t%C3%A9'), '3'), true);
    assert.equal(passes(refTo('#/$defs/a%20b'), '4'), true);
    assert.equal(passes({ type: 'is-json', value: { definitions: { n: { type: 'number' } }, type: 'array', items: { $ref: '#/definitions/n' } } }, '[1, 2]'), true);
    assert.match(onlyProblem(refTo('#/$defs/missing')), /^8: is-json: the \$ref "#\/\$defs\/missing" does not point to a schema within the JSON Schema\.$/);
    assert.match(onlyProblem(refTo('#/constructor')), /does not point to a schema/);
    assert.match(onlyProblem(refTo('http://json-schema.org/draft-07/schema#')), /^8: is-json: the \$ref "http:\/\/json-schema.org\/draft-07\/schema#" points outside the JSON Schema/);
    assert.match(onlyProblem(refTo('#anchor')), /^8: is-json: the \$ref "#anchor" is not a path/);
    assert.match(onlyProblem({ type: 'is-json', value: { '': { type: 'string' }, anyOf: [{ $ref: '#/' }] } }), /loop back to "#"/, '"#/" is the root, as in Ajv');
    const nestedId = { $ref: '#/$defs/s', $defs: { s: { $id: 'http://example.com/s', $ref: '#/$defs/t', $defs: { t: { type: 'string' } } } } };
    assert.match(onlyProblem({ type: 'is-json', value: nestedId }), /^8: is-json: a JSON Schema with \$refs takes \$id only at its top/);
    assert.deepEqual(problemsOf([{ type: 'is-json', value: { $id: 'http://example.com/root', type: 'object', properties: { a: { $id: 'http://example.com/a', type: 'string' } } } }]), [], '$id without $refs changes nothing');
  });

  it('grading never throws, whatever small schema of anyOf, allOf, oneOf, not and $refs a file holds', () => {
    const names = ['d0', 'd1', 'd2', 'd3'];
    const schema: fc.Memo<unknown> = fc.memo((size) =>
      size <= 1
        ? fc.oneof(fc.constantFrom(...names).map((name) => ({ $ref: `#/$defs/${name}` })), fc.constant({ $ref: '#' }), fc.constantFrom({}, { type: 'string' }, { type: 'number' }, { type: 'array' }, { type: 'object' }, { not: {} }))
        : fc.oneof(
            fc.array(schema(size - 1), { minLength: 1, maxLength: 3 }).map((list) => ({ anyOf: list })),
            fc.array(schema(size - 1), { minLength: 1, maxLength: 3 }).map((list) => ({ allOf: list })),
            fc.array(schema(size - 1), { minLength: 1, maxLength: 3 }).map((list) => ({ oneOf: list })),
            schema(size - 1).map((inner) => ({ not: inner })),
            schema(size - 1).map((inner) => ({ type: 'array', items: inner })),
            schema(size - 1).map((inner) => ({ type: 'object', properties: { a: inner }, additionalProperties: inner })),
            schema(1),
          ),
    );
    const file = fc.record({ root: schema(3), defs: fc.array(schema(3), { minLength: 4, maxLength: 4 }) });
    const outputs = ['{}', '[]', '"x"', '1', '[[1, "a"], {"a": [[]]}]', '{"a": {"a": {"a": {}}}}', nestedArrays(50_000), 'not json {"a": [1]}'];
    fc.assert(
      fc.property(file, ({ root, defs }) => {
        const value = { ...(root as object), $defs: Object.fromEntries(names.map((name, i) => [name, defs[i]])) };
        const parsed = parseText(JSON.stringify({ gist: 'g', tests: [{ assert: [{ type: 'is-json', value }, { type: 'not-contains-json', value }] }] }));
        for (const entry of parsed.tests) {
          if (!entry.ok) continue;
          for (const output of outputs) {
            const graded = gradeTest(entry.assert, entry.threshold, { output, latencyMs: 1 });
            assert.equal(graded.results.length, 2);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
