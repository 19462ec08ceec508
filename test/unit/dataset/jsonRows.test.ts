// The JSONL and JSON readers: one object per line, or one array of objects streamed element by
// element; every row at the line it starts on; values that are not text converted by one rule;
// bad rows reported with their lines; a file that stops being JSON refused at its line.
import { strict as assert } from 'node:assert';
import { isDataFileError } from '../../../src/dataset/dataFileError';
import type { DataEvent } from '../../../src/dataset/dataRecord';
import { jsonArrayRows } from '../../../src/dataset/jsonArrayRows';
import { jsonlRows } from '../../../src/dataset/jsonlRows';
import { textOf } from '../../../src/dataset/textValue';
import { brief, CHUNK_SIZES, chunksOf, collect } from './chunks';

type Reader = (chunks: AsyncIterable<Uint8Array>, options?: { maxRowBytes?: number }) => AsyncGenerator<DataEvent>;

async function everySize(reader: Reader, text: string): Promise<{ brief: string[]; events: DataEvent[]; error?: unknown }> {
  const results = await Promise.all(CHUNK_SIZES.map((size) => collect(reader(chunksOf(text, size)))));
  for (const [index, result] of results.entries()) {
    assert.deepEqual(brief(result.events), brief(results[0]?.events ?? []), `chunks of ${CHUNK_SIZES[index]} bytes read as whole`);
    assert.equal(String(result.error), String(results[0]?.error));
  }
  const first = results[0] ?? { events: [] };
  return { ...first, brief: brief(first.events) };
}

describe('text of a JSON value', function () {
  it('keeps strings, makes null empty, and writes everything else as compact JSON', function () {
    assert.equal(textOf('Ada'), 'Ada');
    assert.equal(textOf(''), '');
    assert.equal(textOf(null), '');
    assert.equal(textOf(42), '42');
    assert.equal(textOf(1.5), '1.5');
    assert.equal(textOf(JSON.parse('1.50')), '1.5');
    assert.equal(textOf(JSON.parse('1e3')), '1000');
    assert.equal(textOf(true), 'true');
    assert.equal(textOf(false), 'false');
    assert.equal(textOf([1, 'a', null]), '[1,"a",null]');
    assert.equal(textOf({ a: { b: [true] } }), '{"a":{"b":[true]}}');
  });
});

describe('JSONL rows', function () {
  it('reads one object per line, skipping blank lines, with CRLF and a byte order mark', async function () {
    const text = '\uFEFF{"name":"Ada","age":36}\r\n\r\n{"name":"Grace","age":null}\n   \n{"name":"Alan","tags":["a","b"]}';
    assert.deepEqual((await everySize(jsonlRows, text)).brief, ['#1@1:name=Ada|age=36', '#2@3:name=Grace|age=', '#3@5:name=Alan|tags=["a","b"]']);
  });

  it('reports a line that is not JSON, or not an object, and reads the next', async function () {
    const { events, brief: rows } = await everySize(jsonlRows, '{"a":"1"}\n{"a": oops}\n[1,2]\n"text"\nnull\n{"a":"2"}\n');
    assert.deepEqual(rows, ['#1@1:a=1', 'bad#2@2', 'bad#3@3', 'bad#4@4', 'bad#5@5', '#6@6:a=2']);
    const reasons = events.map((event) => (event.kind === 'bad' ? event.reason : ''));
    assert.match(reasons[1] ?? '', /not valid JSON/);
    assert.match(reasons[2] ?? '', /an array, not an object/);
    assert.match(reasons[3] ?? '', /a string, not an object/);
    assert.match(reasons[4] ?? '', /null, not an object/);
  });

  it('reports a line past the size cap without keeping it, and reads the next', async function () {
    const text = `{"a":"1"}\n{"a":"${'x'.repeat(3000)}"}\n{"a":"2"}\n`;
    const { events } = await collect(jsonlRows(chunksOf(text, 100), { maxRowBytes: 1000 }));
    assert.deepEqual(brief(events), ['#1@1:a=1', 'bad#2@2', '#3@3:a=2']);
    assert.ok(events[1]?.kind === 'bad');
    assert.match(events[1].reason, /3008 bytes long; a row is at most 1000 bytes/);
  });

  it('keeps __proto__ and constructor as ordinary columns', async function () {
    const { events } = await collect(jsonlRows(chunksOf('{"__proto__":"p","constructor":{"x":1}}\n', 5)));
    const row = events[0];
    assert.ok(row?.kind === 'row');
    assert.equal(Object.getPrototypeOf(row.values), null);
    assert.ok(Object.hasOwn(row.values, '__proto__'));
    assert.equal(row.values.__proto__, 'p');
    assert.equal(row.values.constructor, '{"x":1}');
  });

  it('reads an empty file as no rows', async function () {
    assert.deepEqual((await everySize(jsonlRows, '')).brief, []);
  });
});

describe('JSON array rows', function () {
  it('reads each element of the array as a row at the line its object starts on', async function () {
    const text = '[\n  {"name": "Ada", "age": 36},\n  {\n    "name": "Grace",\n    "note": "a\\nb"\n  },\n  {"name": "Alan", "ok": true, "x": {"y": [1, null]}}\n]\n';
    assert.deepEqual((await everySize(jsonArrayRows, text)).brief, [
      '#1@2:name=Ada|age=36',
      '#2@3:name=Grace|note=a\nb',
      '#3@7:name=Alan|ok=true|x={"y":[1,null]}',
    ]);
  });

  it('counts lines by CRLF and reads a byte order mark and multi-byte text', async function () {
    const text = '\uFEFF[\r\n{"t":"古池や 🐸"},\r\n{"t":"é"}\r\n]';
    assert.deepEqual((await everySize(jsonArrayRows, text)).brief, ['#1@2:t=古池や 🐸', '#2@3:t=é']);
  });

  it('reports an element that is not an object as a bad row and reads on', async function () {
    const { brief: rows, events } = await everySize(jsonArrayRows, '[{"a":"1"},\n[1,{"b":2}],\n"x",\n7,\n{"a":"2"}]');
    assert.deepEqual(rows, ['#1@1:a=1', 'bad#2@2', 'bad#3@3', 'bad#4@4', '#5@5:a=2']);
    assert.ok(events[1]?.kind === 'bad');
    assert.match(events[1].reason, /an array, not an object/);
  });

  it('reads an empty array as no rows', async function () {
    assert.deepEqual((await everySize(jsonArrayRows, ' [ ] ')).brief, []);
  });

  it('refuses an empty file and a file that is not an array', async function () {
    const empty = await collect(jsonArrayRows(chunksOf('  \n', 4)));
    assert.ok(isDataFileError(empty.error) && empty.error.kind === 'empty', String(empty.error));
    const object = await collect(jsonArrayRows(chunksOf('\n{"rows": []}', 4)));
    assert.ok(isDataFileError(object.error) && object.error.kind === 'notArray', String(object.error));
    assert.equal(object.error.line, 2);
    assert.match(object.error.message, /\.jsonl/);
  });

  it('stops at the line where the file stops being JSON, after the rows before it', async function () {
    const { events, error } = await everySize(jsonArrayRows, '[\n{"a":"1"},\n{"a":"2"},\n{"a": 3 "b"},\n{"a":"4"}\n]');
    assert.deepEqual(brief(events), ['#1@2:a=1', '#2@3:a=2']);
    assert.ok(isDataFileError(error) && error.kind === 'syntax', String(error));
    assert.equal(error.line, 4);
    assert.match(error.message, /^Line 4: the file stops being valid JSON/);
  });

  it('refuses a file cut short, and one with text after the array', async function () {
    const cut = await collect(jsonArrayRows(chunksOf('[{"a":"1"},{"a":', 3)));
    assert.deepEqual(brief(cut.events), ['#1@1:a=1']);
    assert.ok(isDataFileError(cut.error) && cut.error.kind === 'syntax', String(cut.error));
    const after = await collect(jsonArrayRows(chunksOf('[{"a":"1"}]\n[{"a":"2"}]', 3)));
    assert.ok(isDataFileError(after.error) && after.error.kind === 'syntax', String(after.error));
    assert.equal(after.error.line, 2);
  });

  it('keeps __proto__ as an ordinary column', async function () {
    const { events } = await collect(jsonArrayRows(chunksOf('[{"__proto__":"p","toString":"t"}]', 2)));
    const row = events[0];
    assert.ok(row?.kind === 'row');
    assert.equal(Object.getPrototypeOf(row.values), null);
    assert.deepEqual(Object.keys(row.values), ['__proto__', 'toString']);
  });

  it('refuses an element past the size cap instead of building it, at the line it starts on', async function () {
    const text = `[{"a":"1"},\n{"a":"${'x'.repeat(5000)}"},\n{"a":"2"}]`;
    const { events, error } = await collect(jsonArrayRows(chunksOf(text, 256), { maxRowBytes: 1024 }));
    assert.deepEqual(brief(events), ['#1@1:a=1']);
    assert.ok(isDataFileError(error) && error.kind === 'rowTooLarge', String(error));
    assert.equal(error.line, 2);
  });
});
