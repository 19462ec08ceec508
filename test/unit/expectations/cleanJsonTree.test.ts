// The clean pass (cleanJsonTree) against jsonc-parser's (parseJsonNodesWithJsonc) over generated
// texts: JSON of every shape, the same with comments, trailing commas and other spacing, and both
// with characters cut, doubled or swapped in. Whenever the clean pass gives a tree, jsonc-parser
// reads the text without a problem and gives the same tree: kinds, values, ranges, keys and key
// ranges. On a text that is clean JSON with no key twice, the clean pass never gives up.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { LineIndex, parseJsonNodes, parseJsonNodesWithJsonc, type JsonNode } from '../../../src/expectations/jsonNode';
import { cleanJsonTree } from '../../../src/expectations/cleanJsonTree';

/** A node as data: what the two passes are compared on. */
function shape(node: JsonNode): unknown {
  const { start, end } = node.range;
  const at = `${start.line}:${start.character}-${end.line}:${end.character}`;
  switch (node.kind) {
    case 'object':
      return { at, entries: node.entries.map((entry) => ({ key: entry.key, keyAt: `${entry.keyRange.start.line}:${entry.keyRange.start.character}-${entry.keyRange.end.line}:${entry.keyRange.end.character}`, value: shape(entry.value) })) };
    case 'array':
      return { at, items: node.items.map(shape) };
    case 'null':
      return { at, kind: 'null' };
    default:
      // Object.is: -0 and NaN are told apart.
      return { at, kind: node.kind, value: typeof node.value === 'number' ? (Object.is(node.value, -0) ? '-0' : String(node.value)) : node.value };
  }
}

/** The clean pass's tree, its ranges made at once (the comparison does not go through jsonNode's lazy nodes). */
function cleanTree(text: string): JsonNode | undefined {
  const lines = new LineIndex(text);
  return cleanJsonTree(text, {
    object: (entries, offset, length) => ({ kind: 'object', entries, range: lines.range(offset, length) }),
    array: (items, offset, length) => ({ kind: 'array', items, range: lines.range(offset, length) }),
    literal: (kind, value, offset, length) => (kind === 'null' ? { kind, range: lines.range(offset, length) } : ({ kind, value, range: lines.range(offset, length) } as JsonNode)),
    entry: (key, value, offset, length) => ({ key, value, keyRange: lines.range(offset, length) }),
  });
}

/** Holds the clean pass to jsonc-parser's on `text`; true when the clean pass gave a tree. */
function agrees(text: string): boolean {
  const clean = cleanTree(text);
  if (clean === undefined) return false;
  const jsonc = parseJsonNodesWithJsonc(text, new LineIndex(text));
  assert.ok(jsonc.ok, `the clean pass read ${JSON.stringify(text.slice(0, 200))}, which jsonc-parser reports: ${jsonc.ok ? '' : jsonc.problems.map((problem) => problem.message).join('; ')}`);
  assert.ok(jsonc.root !== undefined);
  assert.deepEqual(shape(clean), shape(jsonc.root), `the trees of ${JSON.stringify(text.slice(0, 200))} differ`);
  return true;
}

function hasDuplicateKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasDuplicateKey);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(hasDuplicateKey);
  return false;
}

/** Spacing and comments jsonc-parser allows between tokens. */
const trivia = fc.constantFrom('', ' ', '\t', '\n', '\r\n', '\r', '  \n\t', '// a comment\n', '/* a */', '/* two\nlines */', '/**/', '//\r\n');

/** A JSON text respaced: trivia after each structural character, and sometimes a trailing comma. */
const respaced = fc.tuple(fc.json({ depthSize: 'medium' }), fc.array(trivia, { minLength: 1, maxLength: 40 }), fc.boolean()).map(([text, spacing, trailing]) => {
  let index = 0;
  let out = '';
  let inString = false;
  /** The last character of the JSON text itself (not of the trivia put in). */
  let previous = '';
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (inString) {
      out += char;
      if (char === '\\') out += text[++at] ?? '';
      else if (char === '"') inString = false;
      previous = char;
      continue;
    }
    if (char === '"') inString = true;
    if (trailing && (char === '}' || char === ']') && previous !== '{' && previous !== '[') out += ',';
    previous = char;
    out += char;
    if ('{}[],:'.includes(char)) out += spacing[index++ % spacing.length];
  }
  return `${spacing[0]}${out}${spacing[spacing.length - 1]}`;
});

/** A text with a few characters cut, doubled or replaced by one of JSON's own. */
const mutated = fc.tuple(fc.oneof(fc.json(), respaced), fc.array(fc.tuple(fc.nat(), fc.constantFrom('cut', 'double', 'replace'), fc.constantFrom('"', '\\', '/', '*', ',', ':', '{', '}', '[', ']', '-', '.', 'e', '0', 'u', 'x', '\n', '\u00a0', '\u2028', '\u0001', 't', 'n')), { minLength: 1, maxLength: 4 })).map(([text, edits]) => {
  let out = text;
  for (const [where, edit, char] of edits) {
    if (out.length === 0) break;
    const at = where % out.length;
    out = edit === 'cut' ? out.slice(0, at) + out.slice(at + 1) : edit === 'double' ? out.slice(0, at + 1) + out.slice(at) : out.slice(0, at) + char + out.slice(at + 1);
  }
  return out;
});

describe('checks: the clean JSON pass reads as jsonc-parser does', () => {
  it('reads every JSON text with no key twice, to the same tree', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'medium' }), (text) => {
        const read = agrees(text);
        if (!hasDuplicateKey(JSON.parse(text))) assert.ok(read, `the clean pass gave up on ${text.slice(0, 200)}`);
      }),
      { numRuns: 1500 },
    );
  });

  it('reads comments, trailing commas, tabs and CR LF line breaks to the same tree', () => {
    fc.assert(
      fc.property(respaced, (text) => {
        assert.ok(agrees(text), `the clean pass gave up on ${JSON.stringify(text.slice(0, 200))}`);
      }),
      { numRuns: 1500 },
    );
  });

  it('on a text with characters cut, doubled or replaced, gives a tree only where jsonc-parser gives the same one', () => {
    let read = 0;
    fc.assert(
      fc.property(mutated, (text) => {
        if (agrees(text)) read++;
      }),
      { numRuns: 4000 },
    );
    // Some mutations leave valid JSON (a digit doubled): the comparison is not only of refusals.
    assert.ok(read > 100, `only ${read} mutated texts read cleanly`);
  });

  it('gives up on what jsonc-parser reports, and jsonNode then reports it', () => {
    const cases = [
      '',
      '   ',
      '// only a comment',
      '{"a": 1, "a": 2}',
      '{"a": 1 "b": 2}',
      '[1,,2]',
      '[,]',
      '{,}',
      '{"a" 1}',
      '{a: 1}',
      "{'a': 1}",
      '"\\x"',
      '"\\u12"',
      '"a\tb"',
      '"line\nbreak"',
      '01',
      '1.',
      '.5',
      '1e',
      '-',
      '+1',
      'truex',
      'nul',
      'True',
      '[1] 2',
      '/* open',
      '[1 / 2]',
      '\u00a0[1]',
      '\ufeff[1]',
      '\v[1]',
      '[NaN]',
      '{"a": [1, 2}',
    ];
    for (const text of cases) {
      assert.equal(cleanTree(text), undefined, `the clean pass read ${JSON.stringify(text)}`);
      const parsed = parseJsonNodes(text, new LineIndex(text));
      assert.equal(parsed.ok, false, `${JSON.stringify(text)} has no problem`);
    }
  });

  it('gives up past its depth, and jsonc-parser reads the text as before', () => {
    const deep = `${'['.repeat(300)}1${']'.repeat(300)}`;
    assert.equal(cleanTree(deep), undefined);
    const parsed = parseJsonNodes(deep, new LineIndex(deep));
    assert.ok(parsed.ok);
    const shallow = `${'['.repeat(200)}1${']'.repeat(200)}`;
    assert.ok(agrees(shallow));
  });

  it('reads escapes, surrogates, -0, big numbers and __proto__ as jsonc-parser does', () => {
    for (const text of ['"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\ud83d\\ude00\\ud800"', '[-0, 0, 1e400, -1E-7, 12.5e+3, 123456789012345678901234567890]', '{"__proto__": {"constructor": 1}, "toString": null}', '{"":""}', '"\u2028\u2029\u00a0"']) {
      assert.ok(agrees(text), `the clean pass gave up on ${JSON.stringify(text)}`);
    }
  });
});
