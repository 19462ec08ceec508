// The results file: the writer appends lines, redacted of every key in every form; the reader
// streams them back, checks every line as hostile input, ignores a last line cut short, and the
// writer cuts that line off before it appends again. Every line written passes the published
// JSON Schema (media/gistrun.schema.json), checked with ajv.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import fc from 'fast-check';
import { recordOf } from '../../../src/shared/keyedRecord';
import { MAX_RESULT_CONTENT_BYTES } from '../../../src/shared/limits';
import { writtenForms } from '../support/writtenForms';
import { isResultsFileError } from '../../../src/runs/resultsFileError';
import { openResults, readResultsHeader, type ResultsEntry } from '../../../src/runs/resultsReader';
import { ResultsIndex } from '../../../src/lab/resultsIndex';
import { codePointLength, keptContent, lineText, orderedJson, orderedJsonSlowly } from '../../../src/runs/resultsText';
import { ResultsWriter } from '../../../src/runs/resultsWriter';
import { dataPathOf, relativeDataPath, resultsPathFor } from '../../../src/runs/resultsFormat';
import { failed, header, result, rowError } from './resultsSamples';

const KEY = 'gk_leak_canary_5e1f9c0d7a3b';
const OTHER_KEY = 'sk-other"profile\\key';

async function entriesOf(file: string): Promise<ResultsEntry[]> {
  const { entries } = await openResults(file);
  const all: ResultsEntry[] = [];
  for await (const entry of entries) {
    all.push(entry);
  }
  return all;
}

/** Counts the writes `writer` makes to its file from now on (each is a file event for VS Code's watchers). */
function countWrites(writer: ResultsWriter): { count: number } {
  type Write = (...args: unknown[]) => Promise<unknown>;
  const handle = (writer as unknown as { handle: { write: Write; writev: Write } }).handle;
  const writes = { count: 0 };
  for (const name of ['write', 'writev'] as const) {
    const original = handle[name].bind(handle);
    handle[name] = (...args: unknown[]) => {
      writes.count += 1;
      return original(...args);
    };
  }
  return writes;
}

function schemaValidator(): (line: unknown) => boolean {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const schema = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', '..', '..', 'media', 'gistrun.schema.json'), 'utf8')) as object;
  const validate = ajv.compile(schema);
  return (line) => validate(line) === true;
}

describe('results file', function () {
  let folder: string;
  let file: string;

  beforeEach(async function () {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gist-results-'));
    file = path.join(folder, 'people.welcome-email.gistrun.jsonl');
  });

  afterEach(async function () {
    await rm(folder, { recursive: true, force: true });
  });

  it('is named after the data file and the gist, beside the data, and records the data path relative to itself', function () {
    assert.equal(resultsPathFor('/w/data/people.csv', 'welcome-email'), path.join('/w/data', 'people.welcome-email.gistrun.jsonl'));
    assert.equal(path.basename(resultsPathFor('/w/rows.jsonl', '../a/b:c')), 'rows.__a_b_c.gistrun.jsonl');
    assert.equal(relativeDataPath('/w/out/r.gistrun.jsonl', '/w/data/people.csv'), '../data/people.csv');
    assert.equal(dataPathOf('/w/out/r.gistrun.jsonl', header({ data: { path: '../data/people.csv', sha256: 'a'.repeat(64), format: 'csv', rows: 1 } })), path.resolve('/w/data/people.csv'));
  });

  it('writes a header and appended lines that read back the same, each passing the JSON Schema', async function () {
    const valid = schemaValidator();
    const writer = await ResultsWriter.create(file, header(), { secrets: [KEY] });
    const lines = [result(1, 'formal', 1), result(1, null, 1), failed(2, 'formal', 2), rowError(3)];
    for (const line of lines) {
      writer.append(line);
    }
    await writer.close();
    const text = await readFile(file, 'utf8');
    assert.ok(text.endsWith('\n'));
    for (const line of text.trimEnd().split('\n')) {
      assert.ok(valid(JSON.parse(line)), line);
    }
    const read = await readResultsHeader(file);
    assert.deepEqual({ ...read, mapping: { ...read.mapping }, extensions: { ...read.extensions } }, { ...header(), mapping: { ...header().mapping }, extensions: {} });
    const entries = await entriesOf(file);
    assert.deepEqual(
      entries.map((entry): unknown => (entry.kind === 'line' ? JSON.parse(JSON.stringify(entry.line)) : entry)),
      lines.map((line): unknown => JSON.parse(JSON.stringify(line))),
    );
    assert.deepEqual(
      entries.map((entry) => entry.kind === 'line' && entry.lineNumber),
      [2, 3, 4, 5],
    );
  });

  it('gathers the lines that arrive while a write is under way into the next write, not a write each', async function () {
    // A lab run appends thousands of lines a second; each write costs CPU and wakes file watchers.
    const writer = await ResultsWriter.create(file, header(), { secrets: [KEY] });
    const writes = countWrites(writer);
    const started = Date.now();
    let appended = 0;
    while (Date.now() - started < 350) {
      writer.append(result(appended + 1, 'formal', 1));
      appended += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writer.close();
    // One write a second, or each time 8 MiB has gathered, and the header's and the last.
    const { size } = await stat(file);
    const most = Math.ceil(size / (8 * 1024 * 1024)) + 3;
    assert.ok(writes.count <= most, `${appended} lines (${size} bytes) over 350 ms went out in ${writes.count} writes; at most ${most} expected`);
    assert.equal((await entriesOf(file)).length, appended);
  });

  it('writes a run at full speed (megabytes a second) about once a second, not once per megabyte', async function () {
    // Each write is a file event for VS Code's watcher, the workbench and every extension host:
    // at six a second they held Run over Data to ~0.7 × a bare pool inside VS Code.
    const writer = await ResultsWriter.create(file, header(), { secrets: [KEY] });
    const writes = countWrites(writer);
    // 4 MB over ~400 ms: 10 MB a second, faster than a lab run writes on a fast machine.
    const content = 'lorem ipsum '.repeat(340);
    let appended = 0;
    for (let batch = 0; batch < 40; batch++) {
      for (let line = 0; line < 25; line++) {
        appended += 1;
        writer.append(result(appended, 'formal', 1, { content, length: content.length }));
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await writer.close();
    const { size } = await stat(file);
    assert.ok(size > 4_000_000, `${size} bytes written`);
    // The header's write, then the lines at close: 4 MB in well under a second gathers into one.
    assert.ok(writes.count <= 3, `${appended} lines (${size} bytes) over ~400 ms went out in ${writes.count} writes; at most 3 expected`);
    assert.equal((await entriesOf(file)).length, appended);
  });

  it('finishes a gathered write the file system took only part of, from the byte it stopped at, and gathers the next lines in the written buffers', async function () {
    // The lines go out as the buffers they gathered in, in one call, not joined into a copy: a
    // write may take only some of them (a full disk, a signal), and the rest follow exactly.
    const writer = await ResultsWriter.create(file, header(), { secrets: [KEY] });
    type Writev = (buffers: Buffer[], position?: number) => Promise<{ bytesWritten: number; buffers: Buffer[] }>;
    const handle = (writer as unknown as { handle: { writev: Writev } }).handle;
    const writev = handle.writev.bind(handle);
    const calls: number[] = [];
    handle.writev = async (buffers, position) => {
      calls.push(buffers.length);
      const total = buffers.reduce((sum, one) => sum + one.length, 0);
      if (calls.length > 2) return writev(buffers, position);
      // The first two calls take an odd number of bytes, ending inside a buffer and then inside a line.
      const take = Math.floor(total / 3) + 7;
      let left = take;
      const some: Buffer[] = [];
      for (const one of buffers) {
        if (left <= 0) break;
        some.push(one.subarray(0, Math.min(one.length, left)));
        left -= one.length;
      }
      return writev(some, position);
    };
    const content = 'lorem ipsum '.repeat(100);
    const lines = Array.from({ length: 300 }, (_, at) => result(at + 1, at % 2 === 0 ? 'formal' : null, 1, { content: `${at}: ${content}`, length: content.length }));
    for (const line of lines.slice(0, 150)) writer.append(line);
    await writer.flushed();
    assert.ok(calls[0] !== undefined && calls[0] > 1, `the lines went out as ${String(calls[0])} buffers`);
    const spare = (writer as unknown as { spare: Buffer[] }).spare;
    assert.ok(spare.length > 0, 'the written buffers are kept for the next lines');
    for (const line of lines.slice(150)) writer.append(line);
    await writer.close();
    const entries = await entriesOf(file);
    assert.deepEqual(
      entries.map((entry): unknown => (entry.kind === 'line' ? JSON.parse(JSON.stringify(entry.line)) : entry)),
      lines.map((line): unknown => JSON.parse(JSON.stringify(line))),
    );
  });

  it('writes a result line member by member exactly as JSON.stringify writes the ordered line (property)', function () {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('"', '\\', '\u2028', '\ud800', ''));
    const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-0, 1e21, 0.1 + 0.2));
    const line = fc.record(
      {
        type: fc.constant('result' as const),
        row: number,
        line: number,
        values: fc.dictionary(text, text).map((entries) => recordOf(Object.entries(entries))),
        variant: fc.option(text, { nil: null }),
        sample: number,
        callId: fc.option(text, { nil: null }),
        content: fc.option(text, { nil: null }),
        length: fc.option(number, { nil: null }),
        truncated: fc.boolean(),
        error: fc.option(fc.record({ kind: text, message: text, status: number }, { requiredKeys: ['kind', 'message'] }), { nil: null }),
        attempts: number,
        latencyMs: number,
        finishedAt: text,
        extensions: fc.dictionary(text, fc.jsonValue()),
      },
      { requiredKeys: ['type', 'row', 'line', 'values', 'variant', 'sample', 'callId', 'content', 'length', 'error', 'attempts', 'latencyMs', 'finishedAt'] },
    );
    fc.assert(
      fc.property(line, (one) => {
        assert.equal(orderedJson(one), orderedJsonSlowly(one));
      }),
      { numRuns: 5000 },
    );
    assert.equal(orderedJson(result(1, 'formal', 1)), orderedJsonSlowly(result(1, 'formal', 1)));
  });

  it('closes the file after reading its header alone, and after entries given back before their first', async function () {
    // An async generator given back before its first step runs no `finally`: the file it would
    // have closed stayed open until the garbage collector closed it (Node's DEP0137 warning).
    await (await ResultsWriter.create(file, header(), { secrets: [] })).close();
    const openFiles = (): number => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    for (let time = 0; time < 3; time++) {
      assert.equal((await readResultsHeader(file)).gist, header().gist);
      await (await openResults(file)).entries.return(undefined);
    }
    assert.equal(openFiles(), before, 'files left open');
  });

  it('refuses to replace a results file unless asked to', async function () {
    await (await ResultsWriter.create(file, header(), { secrets: [] })).close();
    await assert.rejects(ResultsWriter.create(file, header(), { secrets: [] }), (error: unknown) => isResultsFileError(error) && error.kind === 'exists');
    await (await ResultsWriter.create(file, header({ gist: 'haiku' }), { secrets: [], overwrite: true })).close();
    assert.equal((await readResultsHeader(file)).gist, 'haiku');
  });

  it('never writes a key, in any form, wherever it appears (values, content, error, call id, mapping, profile)', async function () {
    const forms = [...writtenForms(KEY), ...writtenForms(OTHER_KEY)];
    const leaky = header({
      profile: `profile ${KEY}`,
      mapping: recordOf([[`v ${KEY}`, { constant: JSON.stringify({ key: OTHER_KEY }) }]]),
    });
    const writer = await ResultsWriter.create(file, leaky, { secrets: [KEY, OTHER_KEY] });
    writer.append(result(1, 'formal', 1, { values: recordOf([['name', `a ${encodeURIComponent(KEY)} b`]]), content: `echo ${KEY} and ${JSON.stringify(OTHER_KEY)}`, callId: KEY }));
    writer.append(result(1, 'formal', 2, { callId: null, content: null, length: null, error: { kind: 'authentication', message: `Key ${JSON.stringify(JSON.stringify(KEY))} is suspended` } }));
    // A newline before the key's tail: JSON writes "\n" + "ak_…", which spells a key starting with "n".
    writer.append(result(2, 'formal', 1, { content: `x\n${KEY.slice(1)}` }));
    await writer.close();
    const text = await readFile(file, 'utf8');
    for (const form of forms) {
      assert.ok(!text.includes(form), `the file holds ${form}`);
    }
    assert.ok(text.includes('***'));
    assert.equal((await entriesOf(file)).filter((entry) => entry.kind === 'line').length, 3, 'every line still reads');
    // The newline case with a key that starts with "n".
    const nKey = `n${KEY.slice(1)}`;
    const line = lineText(result(3, 'formal', 1, { content: `x\n${KEY.slice(1)}` }), [nKey]);
    assert.ok(!line.includes(nKey), line);
    JSON.parse(line);
  });

  it('cuts content past 1 MiB, marks it, and keeps its whole length in characters', function () {
    const content = '🐸'.repeat(MAX_RESULT_CONTENT_BYTES / 4 + 10);
    const kept = keptContent(content);
    assert.ok(kept.truncated);
    assert.equal(Buffer.byteLength(kept.content), MAX_RESULT_CONTENT_BYTES);
    assert.equal(codePointLength(content), MAX_RESULT_CONTENT_BYTES / 4 + 10);
    assert.equal(codePointLength('a🐸é'), 3);
    assert.deepEqual(keptContent('short'), { content: 'short', truncated: false });
  });

  it('ignores a last line cut short by a crash, and cuts it off before appending again', async function () {
    const writer = await ResultsWriter.create(file, header(), { secrets: [] });
    writer.append(result(1, 'formal', 1));
    writer.append(result(1, 'formal', 2));
    await writer.close();
    const whole = lineText(result(2, 'formal', 1), []);
    await appendFile(file, whole.slice(0, whole.length / 2));
    const entries = await entriesOf(file);
    assert.deepEqual(
      entries.map((entry) => entry.kind),
      ['line', 'line', 'truncated'],
    );
    const again = await ResultsWriter.reopen(file, { secrets: [] });
    again.append(result(2, 'formal', 1));
    await again.close();
    const after = await entriesOf(file);
    assert.deepEqual(
      after.map((entry) => entry.kind),
      ['line', 'line', 'line'],
    );
    assert.equal((await readFile(file, 'utf8')).split('\n').length, 5, 'header, three lines, and the end');
  });

  it('reports hostile lines and reads the rest: wrong types, sizes, unknown variants, samples out of range, not JSON', async function () {
    const valid = schemaValidator();
    await (await ResultsWriter.create(file, header(), { secrets: [] })).close();
    const good = JSON.parse(lineText(result(1, 'formal', 1), [])) as Record<string, unknown>;
    const hostile: Array<[string, unknown]> = [
      ['not JSON', '{"type":"result",'],
      ['an array', [1, 2]],
      ['another type', { ...good, type: 'header' }],
      ['a variant not in the header', { ...good, variant: 'casual' }],
      ['sample past samples', { ...good, sample: 3 }],
      ['row zero', { ...good, row: 0 }],
      ['row as text', { ...good, row: '1' }],
      ['a value not text', { ...good, values: { name: 1 } }],
      ['too many values', { ...good, values: Object.fromEntries(Array.from({ length: 65 }, (_, at) => [`v${at}`, 'x'])) }],
      ['a value too large', { ...good, values: { name: 'é'.repeat(40_000) } }],
      ['content too large', { ...good, content: 'x'.repeat(MAX_RESULT_CONTENT_BYTES + 1) }],
      ['success without content', { ...good, content: null }],
      ['failure with content', { ...good, error: { kind: 'service', message: 'x' } }],
      ['an error kind that is not a word', { ...good, content: null, error: { kind: 'a b', message: 'x' } }],
      ['a negative latency', { ...good, latencyMs: -1 }],
      ['attempts past the retries', { ...good, attempts: 12 }],
      ['a date that is not one', { ...good, finishedAt: 'yesterday' }],
    ];
    const text = hostile.map(([, value]) => (typeof value === 'string' ? value : JSON.stringify(value))).join('\n');
    await appendFile(file, `${text}\n${JSON.stringify(good)}\n`);
    const entries = await entriesOf(file);
    assert.equal(entries.length, hostile.length + 1);
    for (const [index, [name, value]] of hostile.entries()) {
      assert.equal(entries[index]?.kind, 'invalid', name);
      // What only the reader can tell: the header's variants and samples, sizes in bytes, dates.
      const readerOnly = ['a variant not in the header', 'sample past samples', 'a value too large', 'a date that is not one'];
      if (typeof value !== 'string' && !readerOnly.includes(name)) {
        assert.ok(!valid(value), `the schema refuses ${name} too`);
      }
    }
    assert.equal(entries.at(-1)?.kind, 'line');
  });

  it('reads __proto__ and constructor in values as ordinary variables, into null-prototype records', async function () {
    await (await ResultsWriter.create(file, header(), { secrets: [] })).close();
    const good = JSON.parse(lineText(result(1, 'formal', 1), [])) as Record<string, unknown>;
    await appendFile(file, `${JSON.stringify(good).replace('"values":{', '"values":{"__proto__":"p","constructor":"c",')}\n`);
    const [entry] = await entriesOf(file);
    assert.ok(entry?.kind === 'line' && entry.line.type === 'result');
    assert.equal(Object.getPrototypeOf(entry.line.values), null);
    assert.equal(entry.line.values.__proto__, 'p');
    assert.equal(entry.line.values.constructor, 'c');
  });

  it('keeps the members of the extensions the header declares, and only those', async function () {
    const writer = await ResultsWriter.create(file, header({ extensions: { checks: 1 } }), { secrets: [] });
    writer.append(result(1, 'formal', 1, { extensions: { checks: { pass: true, assertions: [] }, other: 1 } }));
    await writer.close();
    const [entry] = await entriesOf(file);
    assert.ok(entry?.kind === 'line' && entry.line.type === 'result');
    assert.deepEqual({ ...entry.line.extensions }, { checks: { pass: true, assertions: [] } });
  });

  it('says why line 1 is not a header in one sentence, the same from the reader and from the results view\'s index', async function () {
    const cases: Array<[string, RegExp]> = [
      ['{"hello": "world"}\n', /^This is not a results file of a gist run\. Line 1: it is not the header of a results file/],
      ['name,product\nAda,Loom\n', /^This is not a results file of a gist run\. Line 1: it is not JSON\.$/],
      [`${JSON.stringify({ ...JSON.parse(lineText(header(), [])), variants: [] })}\n`, /^This is not a results file of a gist run\. Line 1: variants /],
    ];
    for (const [text, expected] of cases) {
      await writeFile(file, text);
      const messages = await Promise.all([openResults(file), ResultsIndex.open(file)].map((opening) => opening.then(() => 'opened', (error: unknown) => (isResultsFileError(error) ? error.message : String(error)))));
      assert.match(messages[0] ?? '', expected, `the reader, ${JSON.stringify(text.slice(0, 30))}`);
      assert.equal(messages[1], messages[0], `the index, ${JSON.stringify(text.slice(0, 30))}`);
    }
  });

  it('refuses a file that is empty, is not a results file, or is of a newer version', async function () {
    const cases: Array<[string, string]> = [
      ['', 'empty'],
      ['{"type":"header","format":"gistrun"', 'empty'],
      ['name,product\nAda,Loom\n', 'notResults'],
      [`${JSON.stringify({ ...JSON.parse(lineText(header(), [])), variants: [] })}\n`, 'notResults'],
      [`${JSON.stringify({ ...JSON.parse(lineText(header(), [])), version: 2 })}\n`, 'newerVersion'],
    ];
    for (const [text, kind] of cases) {
      await writeFile(file, text);
      await assert.rejects(openResults(file), (error: unknown) => isResultsFileError(error) && error.kind === kind, `${JSON.stringify(text.slice(0, 40))} is ${kind}`);
    }
    await assert.rejects(openResults(path.join(folder, 'gone.gistrun.jsonl')), (error: unknown) => isResultsFileError(error) && error.kind === 'unreadable' && /does not exist/.test(error.message));
  });
});
