import { strict as assert } from 'node:assert';
import { MAX_CATALOG_GISTS } from '../../../src/catalog/catalog';
import { catalogFromBytes, lineAndColumn, MAX_CATALOG_BYTES } from '../../../src/catalog/catalogText';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('catalog file text', () => {
  it('reads comments and trailing commas as VS Code writes them', () => {
    const result = catalogFromBytes(bytes('\uFEFF// team gists\n[\n  { "id": "a", /* inline */ "label": "A", },\n]\n'), 'gists.json', 'workspace');
    assert.ok(result.ok);
    assert.deepEqual(
      result.catalog.gists.map((gist) => [gist.id, gist.label, gist.source, gist.origin]),
      [['a', 'A', 'gists.json', 'workspace']],
    );
  });

  it('leaves comment-like and comma-like text inside strings alone', () => {
    const result = catalogFromBytes(bytes('[{ "id": "http://x/*y*/", "label": "a,]", "description": "q\\"//" }]'), 'f', 'workspace');
    assert.ok(result.ok);
    assert.deepEqual(
      result.catalog.gists.map((gist) => [gist.id, gist.label, gist.description]),
      [['http://x/*y*/', 'a,]', 'q"//']],
    );
  });

  it('reports invalid JSON with its line and column, and an empty file as nothing', () => {
    const result = catalogFromBytes(bytes('[\n  { "id": }\n]'), 'f', 'workspace');
    assert.ok(!result.ok);
    assert.match(result.reason, /^not valid JSON \(ValueExpected at line 2, column 11\)$/);
    assert.deepEqual(catalogFromBytes(bytes('  // nothing yet\n'), 'f', 'workspace'), { ok: true, catalog: { gists: [], problems: [] } });
    assert.deepEqual(catalogFromBytes(bytes(''), 'f', 'workspace'), { ok: true, catalog: { gists: [], problems: [] } });
  });

  it('counts lines and columns from 1', () => {
    assert.deepEqual(lineAndColumn('ab\ncd\nef', 0), { line: 1, column: 1 });
    assert.deepEqual(lineAndColumn('ab\ncd\nef', 4), { line: 2, column: 2 });
    assert.deepEqual(lineAndColumn('ab\ncd\nef', 6), { line: 3, column: 1 });
  });

  it(`refuses a file over ${MAX_CATALOG_BYTES} bytes by its size, naming the limit`, () => {
    // Not JSON at all: a parser that ran would report that instead of the size.
    const result = catalogFromBytes(new Uint8Array(MAX_CATALOG_BYTES + 1).fill(0x7b), 'gists.json', 'workspace');
    assert.ok(!result.ok);
    assert.equal(result.reason, '1,025 KiB, over the limit of 1,024 KiB');
  });

  it(`reads a 40,000-entry file (about 600 KiB) and keeps the first ${MAX_CATALOG_GISTS}, with a problem`, () => {
    const entries = Array.from({ length: 40_000 }, (_, i) => `{ "id": "g${i}" }`);
    const text = `[\n${entries.join(',\n')}\n]`;
    assert.ok(text.length < MAX_CATALOG_BYTES);
    const result = catalogFromBytes(bytes(text), 'gists.json', 'workspace');
    assert.ok(result.ok);
    assert.equal(result.catalog.gists.length, MAX_CATALOG_GISTS);
    assert.deepEqual(result.catalog.problems, [`gists.json lists 40000 gists; only the first ${MAX_CATALOG_GISTS} are offered.`]);
    assert.deepEqual(result.catalog.capped, ['gists.json'], 'named, for the warning that opens it');
  });
});
