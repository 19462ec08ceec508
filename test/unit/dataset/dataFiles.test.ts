// Data files on disk: the scan before a run (columns, rows, bad rows with their lines, SHA-256),
// the run's row cap, an unreadable file, the line splitter, and streaming: a reader yields its
// first row long before the end of a large file is read.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { recordOf } from '../../../src/shared/keyedRecord';
import { isDataFileError } from '../../../src/dataset/dataFileError';
import { formatOfPath } from '../../../src/dataset/dataFormat';
import { dataEvents, readDataFile, readDataFileBatches, READ_CHUNK_BYTES, RUN_PARSE_BYTES } from '../../../src/dataset/dataRows';
import { scanDataFile } from '../../../src/dataset/dataScan';
import { sha256OfFile } from '../../../src/dataset/fileHash';
import { splitLines } from '../../../src/dataset/lineSplitter';
import { chunksOf, collect } from './chunks';

describe('data files', function () {
  let folder: string;

  beforeEach(async function () {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gist-dataset-'));
  });

  afterEach(async function () {
    await rm(folder, { recursive: true, force: true });
  });

  async function file(name: string, text: string): Promise<string> {
    const target = path.join(folder, name);
    await writeFile(target, text);
    return target;
  }

  it('hands a run its rows a few kilobytes at a time (the same rows, in small batches), reading the file in whole chunks still', async function () {
    // A batch's rows wait until calls take them: a chunk's 1,800 rows outlived the young generation.
    const rows = Array.from({ length: 5000 }, (_, at) => `Person ${at + 1},"Product ${at}, the ${'é'.repeat(at % 5)} one"`);
    const data = await file('people.csv', `name,product\r\n${rows.join('\r\n')}\r\n`);
    for (const format of ['csv', 'jsonl'] as const) {
      const target = format === 'csv' ? data : await file('people.jsonl', `${rows.map((row, at) => JSON.stringify({ name: `Person ${at + 1}`, product: row })).join('\n')}\n`);
      const whole: unknown[][] = [];
      for await (const batch of readDataFileBatches(target, format)) whole.push([...batch]);
      const chunksRead: number[] = [];
      const sliced: unknown[][] = [];
      for await (const batch of readDataFileBatches(target, format, { parseBytes: RUN_PARSE_BYTES, onChunk: (chunk) => chunksRead.push(chunk.length) })) sliced.push([...batch]);
      assert.deepEqual(sliced.flat(), whole.flat(), format);
      assert.ok(chunksRead.every((bytes, at) => bytes === READ_CHUNK_BYTES || at === chunksRead.length - 1), `${format}: read in chunks of ${chunksRead.join(', ')}`);
      // Rows of at least 30 bytes: no batch holds more than a slice's worth (and the row it ends in).
      const most = Math.max(...sliced.map((batch) => batch.length));
      assert.ok(most <= Math.ceil(RUN_PARSE_BYTES / 30) + 1, `${format}: a batch of ${most} rows`);
      assert.ok(sliced.length > whole.length * 8, `${format}: ${sliced.length} batches against ${whole.length}`);
    }
  });

  it('tells the format by the extension', function () {
    assert.equal(formatOfPath('/a/people.CSV'), 'csv');
    assert.equal(formatOfPath('rows.jsonl'), 'jsonl');
    assert.equal(formatOfPath('rows.ndjson'), 'jsonl');
    assert.equal(formatOfPath('rows.json'), 'json');
    assert.equal(formatOfPath('rows.txt'), undefined);
    assert.equal(formatOfPath('csv'), undefined);
  });

  it('scans a CSV file: its header, rows, bad rows with their lines, and its SHA-256', async function () {
    const text = 'name,product\nAda,Loom\nGrace\nba"d,1\nAlan,Engine\n';
    const target = await file('people.csv', text);
    const scan = await scanDataFile(target, 'csv');
    assert.deepEqual(scan.columns, ['name', 'product']);
    assert.equal(scan.rows, 4);
    assert.equal(scan.badRows, 1);
    assert.deepEqual(
      scan.firstBadRows.map((row) => [row.row, row.line]),
      [[3, 4]],
    );
    assert.equal(scan.sha256, createHash('sha256').update(text).digest('hex'));
    assert.equal(scan.sha256, await sha256OfFile(target));
    assert.equal(scan.bytes, Buffer.byteLength(text));
    // With the mapping, the row without a product fails too.
    const mapped = await scanDataFile(target, 'csv', { mapping: { mapping: recordOf([['name', { column: 'name' }], ['product', { column: 'product' }]]), variables: ['name', 'product'] } });
    assert.equal(mapped.badRows, 2);
    assert.equal(mapped.usableRows, 2);
    assert.deepEqual(
      mapped.firstBadRows.map((row) => row.line),
      [3, 4],
    );
  });

  it('scans a JSONL file: its columns are every key, in the order first seen', async function () {
    const target = await file('rows.jsonl', '{"a":"1"}\n{"b":2,"a":"3"}\nnope\n');
    const scan = await scanDataFile(target, 'jsonl');
    assert.deepEqual(scan.columns, ['a', 'b']);
    assert.equal(scan.rows, 3);
    assert.equal(scan.badRows, 1);
  });

  it('caps the rows of a run with a message that says how many and what to do', async function () {
    for (const [format, text] of [
      ['csv', 'a\n1\n2\n3\n'],
      ['jsonl', '{"a":1}\n{"a":2}\n{"a":3}\n'],
      ['json', '[{"a":1},\n{"a":2},\n{"a":3}]'],
    ] as const) {
      const { events, error } = await collect(dataEvents(chunksOf(text, 4), format, { maxRows: 2 }));
      assert.equal(events.filter((event) => event.kind === 'row').length, 2, format);
      assert.ok(isDataFileError(error) && error.kind === 'tooManyRows', String(error));
      assert.match(error.message, /more than 2 rows .*row 3.*at most 2\. Split the file/);
    }
  });

  it('says why a file cannot be read', async function () {
    const missing = await collect(readDataFile(path.join(folder, 'gone.csv'), 'csv'));
    assert.ok(isDataFileError(missing.error) && missing.error.kind === 'unreadable', String(missing.error));
    assert.match(missing.error.message, /does not exist/);
    await assert.rejects(scanDataFile(folder, 'csv'), (error: unknown) => isDataFileError(error) && /folder/.test(error.message));
  });

  for (const format of ['csv', 'jsonl', 'json'] as const) {
    it(`streams a large ${format} file: the first row comes after a few chunks, not the whole file`, async function () {
      let produced = 0;
      const rows = 50_000;
      async function* large(): AsyncGenerator<Uint8Array> {
        yield Buffer.from(format === 'csv' ? 'name,text\n' : format === 'json' ? '[\n' : '');
        for (let index = 0; index < rows; index += 1000) {
          const lines: string[] = [];
          for (let one = index; one < index + 1000; one++) {
            lines.push(format === 'csv' ? `n${one},"some text, ${one}"` : `{"name":"n${one}","text":"some text, ${one}"}${format === 'json' && one < rows - 1 ? ',' : ''}`);
          }
          const chunk = Buffer.from(lines.join('\n') + '\n');
          produced += chunk.length;
          await Promise.resolve();
          yield chunk;
        }
        if (format === 'json') {
          yield Buffer.from(']');
        }
      }
      const events = dataEvents(large(), format, { maxRows: rows });
      let first: number | undefined;
      let count = 0;
      for await (const event of events) {
        if (event.kind === 'row') {
          first ??= produced;
          count += 1;
        }
      }
      assert.equal(count, rows);
      assert.ok(first !== undefined && first < produced / 20, `first row after ${first} of ${produced} bytes`);
    });
  }
});

describe('line splitter', function () {
  it('splits at LF, drops a CR before it, and marks a last line without LF', async function () {
    const { events } = await collect(splitLines(chunksOf('\uFEFFa\r\nbé\n\nlast', 1), 100));
    assert.deepEqual(
      events.map((line) => [line.line, line.text, line.bytes, line.terminated]),
      [
        [1, 'a', 4, true],
        [2, 'bé', 3, true],
        [3, '', 0, true],
        [4, 'last', 4, false],
      ],
    );
  });

  it('counts a line past the cap without keeping its text', async function () {
    const { events } = await collect(splitLines(chunksOf(`ok\n${'x'.repeat(50)}\r\nok\n`, 7), 10));
    assert.deepEqual(
      events.map((line) => [line.line, line.text, line.bytes]),
      [
        [1, 'ok', 2],
        [2, undefined, 50],
        [3, 'ok', 2],
      ],
    );
  });
});
