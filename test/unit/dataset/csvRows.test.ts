// The CSV reader: RFC 4180 (quoted fields with commas, quotes and line breaks; CRLF; a BOM), an
// empty file and a header alone, the line each row starts on, and malformed rows reported with
// their line and the rows after them still read.
import { strict as assert } from 'node:assert';
import { csvRows } from '../../../src/dataset/csvRows';
import { isDataFileError } from '../../../src/dataset/dataFileError';
import type { DataEvent } from '../../../src/dataset/dataRecord';
import { brief, CHUNK_SIZES, chunksOf, collect } from './chunks';

async function read(text: string | Buffer, size = 64 * 1024, maxRowBytes?: number): Promise<{ events: DataEvent[]; error?: unknown }> {
  return collect(csvRows(chunksOf(text, size), maxRowBytes === undefined ? {} : { maxRowBytes }));
}

/** The same result whatever the chunk size. */
async function readEverySize(text: string): Promise<string[]> {
  const results = await Promise.all(CHUNK_SIZES.map(async (size) => brief((await read(text, size)).events)));
  for (const [index, result] of results.entries()) {
    assert.deepEqual(result, results[0], `chunks of ${CHUNK_SIZES[index]} bytes read as whole`);
  }
  return results[0] ?? [];
}

describe('CSV rows', function () {
  it('reads quoted fields with commas, doubled quotes and line breaks, each row at the line it starts on', async function () {
    const text = 'name,note\nAda,"likes, commas"\nGrace,"says ""hi"""\nAlan,"two\nlines"\nEdsger,plain\n';
    assert.deepEqual(await readEverySize(text), [
      'header@1:name|note',
      '#1@2:name=Ada|note=likes, commas',
      '#2@3:name=Grace|note=says "hi"',
      '#3@4:name=Alan|note=two\nlines',
      '#4@6:name=Edsger|note=plain',
    ]);
  });

  it('reads CRLF files, CRLF inside quotes counting as one line break', async function () {
    const text = 'a,b\r\n1,"x\r\ny\r\nz"\r\n2,3\r\n';
    assert.deepEqual(await readEverySize(text), ['header@1:a|b', '#1@2:a=1|b=x\r\ny\r\nz', '#2@5:a=2|b=3']);
  });

  it('drops a byte order mark from the first column name', async function () {
    assert.deepEqual(await readEverySize('\uFEFFname,age\r\nAda,36\r\n'), ['header@1:name|age', '#1@2:name=Ada|age=36']);
  });

  it('refuses an empty file: a CSV file needs its header', async function () {
    for (const text of ['', '\n\n', '\uFEFF']) {
      const { events, error } = await read(text);
      assert.deepEqual(events, []);
      assert.ok(isDataFileError(error) && error.kind === 'empty', String(error));
      assert.match(error.message, /header line/);
    }
  });

  it('reads a header alone (with or without its line break) as no rows', async function () {
    assert.deepEqual(await readEverySize('a,b\n'), ['header@1:a|b']);
    assert.deepEqual(await readEverySize('a,b'), ['header@1:a|b']);
  });

  it('reads a last row without a line break, and skips empty lines, keeping the lines right', async function () {
    assert.deepEqual(await readEverySize('a\n\n1\n\r\n\n2'), ['header@1:a', '#1@3:a=1', '#2@6:a=2']);
    // A file edited on several systems: LF, CRLF and CR all end a record.
    assert.deepEqual(await readEverySize('a\r\n1\n2\r3\r\n'), ['header@1:a', '#1@2:a=1', '#2@3:a=2', '#3@4:a=3']);
  });

  it('reads multi-byte characters cut between chunks', async function () {
    assert.deepEqual(await readEverySize('topic,text\nhaiku,"古池や 蛙飛び込む\n水の音 🐸"\n'), ['header@1:topic|text', '#1@2:topic=haiku|text=古池や 蛙飛び込む\n水の音 🐸']);
  });

  it('gives a row with fewer fields only the columns it has, and refuses one with more (its values would be lost)', async function () {
    const { events } = await read('a,b,c\n1,2\n1,2,3,4\n5,6,7\n');
    assert.deepEqual(brief(events), ['header@1:a|b|c', '#1@2:a=1|b=2', 'bad#2@3', '#3@4:a=5|b=6|c=7']);
    const bad = events[2];
    assert.ok(bad?.kind === 'bad');
    assert.match(bad.reason, /4 fields and the header names 3 columns/);
  });

  it('reports a quote inside an unquoted field at its line and reads on', async function () {
    const { events } = await read('a,b\n1,2\n3,ba"d\n4,5\n');
    assert.deepEqual(brief(events), ['header@1:a|b', '#1@2:a=1|b=2', 'bad#2@3', '#3@4:a=4|b=5']);
    assert.ok(events[2]?.kind === 'bad');
    assert.match(events[2].reason, /put the field in quotes/);
  });

  it('reports two malformed rows in a row each at its own line', async function () {
    const { events } = await read('a,b\n1,2\n3,ba"d\n5,ba"d\n6,7\n');
    assert.deepEqual(brief(events), ['header@1:a|b', '#1@2:a=1|b=2', 'bad#2@3', 'bad#3@4', '#4@5:a=6|b=7']);
  });

  it('reports a quote that is never closed at the line it opens, saying the rest of the file went into it', async function () {
    const { events, error } = await read('a,b\n1,2\n3,"abc\n4,5\n');
    assert.equal(error, undefined);
    assert.deepEqual(brief(events), ['header@1:a|b', '#1@2:a=1|b=2', 'bad#2@3']);
    assert.ok(events[2]?.kind === 'bad');
    assert.match(events[2].reason, /never closed/);
  });

  it('reports a bad closing quote that leaves the quote open as one bad row', async function () {
    const { events } = await read('a,b\n1,2\n3,"bad"x\n4,5\n');
    assert.deepEqual(brief(events), ['header@1:a|b', '#1@2:a=1|b=2', 'bad#2@3']);
    assert.ok(events[2]?.kind === 'bad');
    assert.match(events[2].reason, /after its closing quote.*never closed/);
  });

  it('says a row\'s reason once when csv-parse reports it twice (two bare quotes in one field, text after two closing quotes)', async function () {
    for (const text of ['a,b\n1,2 "x" y\n3,4\n', 'a,b\n1,"x"y"z"\n3,4\n']) {
      const { events } = await read(text);
      assert.deepEqual(brief(events), ['header@1:a|b', 'bad#1@2', '#2@3:a=3|b=4'], text);
      assert.ok(events[1]?.kind === 'bad');
      const sentences = events[1].reason.split('; ');
      assert.deepEqual(sentences, [...new Set(sentences)], `each reason once: ${events[1].reason}`);
    }
  });

  it('places a malformed row right after CRLFs inside quotes', async function () {
    const { events } = await read('a,b\r\n1,"x\r\ny"\r\n3,ba"d\r\n4,5\r\n');
    assert.deepEqual(brief(events), ['header@1:a|b', '#1@2:a=1|b=x\r\ny', 'bad#2@4', '#3@5:a=4|b=5']);
  });

  it('refuses a header that names a column twice', async function () {
    const { error } = await read('name,age,name\nAda,36,Lovelace\n');
    assert.ok(isDataFileError(error) && error.kind === 'header', String(error));
    assert.match(error.message, /column “name” twice \(columns 1 and 3\)/);
  });

  it('keeps __proto__, constructor and toString as ordinary columns', async function () {
    const { events } = await read('__proto__,constructor,toString\n1,2,3\n');
    const row = events[1];
    assert.ok(row?.kind === 'row');
    assert.equal(Object.getPrototypeOf(row.values), null);
    assert.deepEqual({ ...row.values }, JSON.parse('{"__proto__":"1","constructor":"2","toString":"3"}'));
    assert.ok(Object.hasOwn(row.values, '__proto__'));
  });

  it('refuses a row past the size cap instead of holding it, with the line it starts on', async function () {
    const text = `a,b\n1,2\n3,"${'x'.repeat(5000)}\n`;
    const { events, error } = await read(text, 512, 1024);
    assert.deepEqual(brief(events), ['header@1:a|b', '#1@2:a=1|b=2']);
    assert.ok(isDataFileError(error) && error.kind === 'rowTooLarge', String(error));
    assert.equal(error.line, 3);
  });
});
