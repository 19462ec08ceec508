// The results view's pure half: the index of a results file (built once, then extended by what is
// appended), the order and filters of its rows, the rows as the webview gets them, and the export.
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { exportResults } from '../../../src/lab/resultsExport';
import { spreadsheetSafe } from '../../../src/shared/csvRecord';
import { indexCounts } from '../../../src/lab/resultsFigures';
import { ResultsIndex, textHash } from '../../../src/lab/resultsIndex';
import { orderRows, rowDiffers, rowHasFailure } from '../../../src/lab/resultsQuery';
import { rowsContaining, viewRows } from '../../../src/lab/resultsRows';
import type { ViewQuery } from '../../../src/lab/resultsViewProtocol';
import { packVerdictCells, unpackVerdictCells, verdictCells } from '../../../src/lab/verdictCells';
import type { CellResult } from '../../../src/review/cellResult';
import { resultsHeaderOf } from '../../fixtures/resultsHeader';
import { resultLineOf } from '../../fixtures/resultLine';

const header = resultsHeaderOf();

function result(row: number, variant: string, content: string | null, latencyMs: number, error?: { kind: string; message: string }): string {
  return JSON.stringify(resultLineOf({ row, variant, content, latencyMs, error: error ?? null }));
}

/** The index's rows with each sample's fields as plain values, to compare two indexes by what they hold. */
function plainRows(index: ResultsIndex): unknown[] {
  return [...index.rows.values()]
    .sort((a, b) => a.row - b.row)
    .map((row) => ({
      ...row,
      cells: row.cells.map((samples) =>
        samples.map((sample) => sample && { offset: sample.offset, bytes: sample.bytes, failed: sample.failed, errorKind: sample.errorKind, latencyMs: sample.latencyMs, length: sample.length, hash: sample.hash, sortKey: sample.sortKey, callId: sample.callId, passed: sample.passed }),
      ),
    }));
}

const BY_ROW: ViewQuery = { sort: { by: 'row' }, descending: false, filter: '', onlyDifferent: false, onlyFailures: false };

describe('results view (pure)', function () {
  let dir: string;
  let file: string;

  beforeEach(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-results-view-'));
    file = path.join(dir, 'people.welcome-email.gistrun.jsonl');
    const lines = [
      JSON.stringify(header),
      result(2, 'formal', 'Dear Bea', 120),
      result(1, 'formal', 'Dear Al', 300),
      result(1, 'friendly', 'Hi Al', 80),
      result(2, 'friendly', 'Dear Bea', 95),
      result(3, 'formal', null, 40, { kind: 'service', message: 'The gist service failed (HTTP 500).' }),
      'not json at all',
      JSON.stringify({ type: 'result', row: 'x' }),
      JSON.stringify({ type: 'rowError', row: 4, line: 5, message: 'Line 5: a quote is never closed.' }),
    ];
    writeFileSync(file, `${lines.join('\n')}\n`);
  });

  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  it('indexes every cell by its line, and says which lines it skipped and why', async function () {
    const index = await ResultsIndex.open(file);
    assert.equal(index.header.gist, 'welcome-email');
    assert.deepEqual([...index.rows.keys()].sort(), [1, 2, 3, 4]);
    const row1 = index.rows.get(1)!;
    assert.equal(row1.cells[0]?.[0]?.latencyMs, 300);
    assert.equal(row1.cells[1]?.[0]?.hash, textHash('Hi Al'));
    assert.equal(index.rows.get(3)?.cells[0]?.[0]?.failed, true);
    assert.equal(index.rows.get(4)?.rowError, 'Line 5: a quote is never closed.');
    assert.equal(index.problems.length, 2);
    assert.match(index.problems[0]!, /^Line 7 is not JSON/);
    assert.match(index.problems[1]!, /^Line 8 /);
  });

  it('reads only what was appended, and a last line without its line break only once it is whole', async function () {
    const index = await ResultsIndex.open(file);
    const line = result(3, 'friendly', 'Hey Cy', 70);
    appendFileSync(file, line.slice(0, 40));
    assert.equal(await index.catchUp(), false, 'half a line is not read');
    assert.equal(index.rows.get(3)?.cells[1]?.[0], undefined);
    appendFileSync(file, `${line.slice(40)}\n`);
    assert.equal(await index.catchUp(), true);
    assert.equal(index.rows.get(3)?.cells[1]?.[0]?.length, 6);
  });

  it('reads a big file in slices that end at line ends, to the same index as one read (CRLF and lines across reads too)', async function () {
    const lines = [JSON.stringify(header)];
    for (let row = 1; row <= 3000; row++) {
      // Long texts, so that lines straddle the reader's 1 MiB reads; every third line ends with CRLF.
      lines.push(result(row, row % 2 === 0 ? 'formal' : 'friendly', `Text ${row} ${'é'.repeat(row % 700)}`, row) + (row % 3 === 0 ? '\r' : ''));
    }
    lines.push('not json at all');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const whole = await ResultsIndex.open(file);
    assert.equal(whole.more, false);
    const sliced = await ResultsIndex.open(file, undefined, 64 * 1024);
    assert.equal(sliced.more, true);
    assert.ok(sliced.rows.size > 0 && sliced.rows.size < 3000, `the first slice holds some rows (${sliced.rows.size})`);
    let slices = 1;
    while (sliced.more) {
      await sliced.catchUp(undefined, 64 * 1024);
      slices += 1;
    }
    assert.ok(slices > 10, `read in ${slices} slices`);
    assert.equal(sliced.rows.size, 3000);
    assert.deepEqual(plainRows(sliced), plainRows(whole));
    assert.deepEqual(sliced.problems, whole.problems);
    assert.match(whole.problems[0] ?? '', /^Line 3002 is not JSON/);
    const row3 = whole.rows.get(3)?.cells[1]?.[0];
    assert.equal(row3?.hash, textHash(`Text 3 ${'é'.repeat(3)}`), 'the carriage return is not part of the line');
    assert.equal(await sliced.catchUp(), false, 'nothing is left to read');
  });

  it('reads in slices of time too: each read stops at a line end past its budget, to the same index as one read', async function () {
    const lines = [JSON.stringify(header)];
    for (let row = 1; row <= 400; row++) lines.push(result(row, row % 2 === 0 ? 'formal' : 'friendly', `Text ${row}`, row));
    writeFileSync(file, `${lines.join('\n')}\n`);
    const whole = await ResultsIndex.open(file);
    const timed = await ResultsIndex.open(file, undefined, 1);
    let reads = 1;
    while (timed.more) {
      assert.ok(await timed.catchUp(undefined, Number.POSITIVE_INFINITY, 0), 'every read with its budget spent reads a line');
      reads += 1;
    }
    assert.ok(reads > 20, `read in ${reads} slices`);
    assert.deepEqual(plainRows(timed), plainRows(whole));
    assert.equal(await timed.catchUp(undefined, Number.POSITIVE_INFINITY, 0), false, 'nothing left');
  });

  it('hands the verdicts each cell as a record, also through the packed columns the worker gets', async function () {
    const index = await ResultsIndex.open(file);
    const packed = packVerdictCells(index);
    assert.equal(packed.count, 5);
    const byCell = (cells: readonly CellResult[]): CellResult[] => [...cells].sort((a, b) => a.row - b.row || a.variant.localeCompare(b.variant));
    const expected: CellResult[] = [
      { row: 1, sample: 1, variant: 'formal', callId: 'call-1-formal', latencyMs: 300, contentLength: 7, contentDigest: textHash('Dear Al').toString(36) },
      { row: 1, sample: 1, variant: 'friendly', callId: 'call-1-friendly', latencyMs: 80, contentLength: 5, contentDigest: textHash('Hi Al').toString(36) },
      { row: 2, sample: 1, variant: 'formal', callId: 'call-2-formal', latencyMs: 120, contentLength: 8, contentDigest: textHash('Dear Bea').toString(36) },
      { row: 2, sample: 1, variant: 'friendly', callId: 'call-2-friendly', latencyMs: 95, contentLength: 8, contentDigest: textHash('Dear Bea').toString(36) },
      { row: 3, sample: 1, variant: 'formal', callId: '', latencyMs: 40, error: 'service' },
    ];
    assert.deepEqual(byCell(unpackVerdictCells(packed)), expected);
    assert.deepEqual(byCell(verdictCells(index)), expected);
  });

  it('reads a file that was replaced by a shorter one from the start', async function () {
    const index = await ResultsIndex.open(file);
    writeFileSync(file, `${JSON.stringify(header)}\n${result(1, 'formal', 'Only this', 10)}\n`);
    await index.catchUp();
    assert.deepEqual([...index.rows.keys()], [1]);
    assert.equal(index.problems.length, 0);
  });

  it('refuses a file that is not a results file, and one of a newer version, saying what to do', async function () {
    writeFileSync(file, '{"hello": "world"}\n');
    await assert.rejects(ResultsIndex.open(file), /not a results file of a gist run/);
    writeFileSync(file, `${JSON.stringify({ ...header, version: 2 })}\n`);
    await assert.rejects(ResultsIndex.open(file), /newer version of Gist Generate.*Update the extension/);
    writeFileSync(file, '');
    await assert.rejects(ResultsIndex.open(file), /no header line/);
  });

  it('orders rows by row, by a variant’s text, latency or length, either way', async function () {
    const index = await ResultsIndex.open(file);
    assert.deepEqual(orderRows(index, BY_ROW, undefined), [1, 2, 3, 4]);
    assert.deepEqual(orderRows(index, { ...BY_ROW, descending: true }, undefined), [4, 3, 2, 1]);
    assert.deepEqual(orderRows(index, { ...BY_ROW, sort: { by: 'latency', variant: 0 } }, undefined), [3, 2, 1, 4]);
    assert.deepEqual(orderRows(index, { ...BY_ROW, sort: { by: 'text', variant: 1 } }, undefined).slice(0, 2), [2, 1]);
  });

  it('keeps only the rows with a failure, or where the variants differ', async function () {
    const index = await ResultsIndex.open(file);
    assert.deepEqual(orderRows(index, { ...BY_ROW, onlyFailures: true }, undefined), [3, 4]);
    // Row 1: different texts; row 2: the same text; row 3: one failed, one missing.
    assert.equal(rowDiffers(index.rows.get(1)!), true);
    assert.equal(rowDiffers(index.rows.get(2)!), false);
    assert.equal(rowHasFailure(index.rows.get(2)!), false);
    assert.deepEqual(orderRows(index, { ...BY_ROW, onlyDifferent: true }, undefined), [1]);
  });

  it('filters by text in values, texts and errors, case-insensitively', async function () {
    assert.deepEqual([...(await rowsContaining(file, 'dear BEA'))], [2]);
    assert.deepEqual([...(await rowsContaining(file, 'person 1'))], [1]);
    assert.deepEqual([...(await rowsContaining(file, 'HTTP 500'))].sort(), [3]);
    assert.deepEqual([...(await rowsContaining(file, 'quote is never'))], [4]);
    const index = await ResultsIndex.open(file);
    assert.deepEqual(orderRows(index, BY_ROW, await rowsContaining(file, 'dear')), [1, 2]);
  });

  it('hands the webview rows with inert previews: invisible characters made visible', async function () {
    appendFileSync(file, `${result(5, 'formal', 'Visible\u202Eesrever\u200b', 10)}\n`);
    const index = await ResultsIndex.open(file);
    const rows = await viewRows(index, orderRows(index, BY_ROW, undefined).slice(0, 10));
    assert.deepEqual(
      rows.map((row) => row.row),
      [1, 2, 3, 4, 5],
    );
    assert.equal(rows[0]?.values, 'name: Person 1');
    assert.deepEqual(rows[0]?.cells.map((cell) => cell.preview), ['Dear Al', 'Hi Al']);
    assert.equal(rows[2]?.cells[0]?.failed, true);
    assert.equal(rows[2]?.cells[0]?.errorKind, 'service');
    assert.equal(rows[2]?.cells[1]?.missing, true);
    assert.equal(rows[3]?.rowError, 'Line 5: a quote is never closed.');
    assert.equal(rows[4]?.cells[0]?.preview, 'Visible⟨U+202E⟩esrever⟨U+200B⟩');
  });

  it('counts per variant: calls, failures, latency and length of the calls that succeeded, cells still missing', async function () {
    const index = await ResultsIndex.open(file);
    const counts = indexCounts(index);
    assert.deepEqual(
      counts.figures.map((figures) => [figures.label, figures.calls, figures.failures, figures.latencyP50Ms]),
      [
        ['formal', 3, 1, 210],
        ['friendly', 2, 0, 87.5],
      ],
    );
    assert.equal(counts.failedCells, 1);
    // 4 rows × 2 variants = 8 cells: 5 recorded, 2 of row 4 not sent (a row error), 1 missing.
    assert.equal(counts.missingCells, 1);
  });

  it('exports CSV whose formulas a spreadsheet will not run, and Markdown that stays text', async function () {
    appendFileSync(file, `${result(5, 'formal', '=HYPERLINK("http://evil.example","x")', 10)}\n${result(5, 'friendly', '[a](command:x) | <b>b</b>\nnext', 12)}\n`);
    const index = await ResultsIndex.open(file);
    let csv = '';
    await exportResults(index, 'csv', (chunk) => Promise.resolve(void (csv += chunk)));
    const lines = csv.split('\r\n');
    assert.equal(lines[0], 'row,name,formal,friendly');
    assert.equal(lines[1], '1,Person 1,Dear Al,Hi Al');
    assert.ok(csv.includes(`"'=HYPERLINK(""http://evil.example"",""x"")"`), csv);
    assert.equal(spreadsheetSafe('-1+1'), "'-1+1");
    // After spaces, line breaks or invisible characters, and full-width (audit).
    for (const formula of [' =1+1', '\n=HYPERLINK("http://e")', '\u200b=1', '\ufeff@SUM(A1)', '＝1+1', '＋1', '－1', '＠x', ' \t=1']) {
      assert.equal(spreadsheetSafe(formula), `'${formula}`, JSON.stringify(formula));
    }
    for (const text of ['Dear Ada', 'a=1', '1-2', ' plain', '']) assert.equal(spreadsheetSafe(text), text);
    let markdown = '';
    await exportResults(index, 'markdown', (chunk) => Promise.resolve(void (markdown += chunk)));
    const row5 = markdown.split('\n').find((line) => line.startsWith('| 5 |'))!;
    assert.ok(row5.includes('\\[a\\]\\(command\\:x\\) \\| \\<b\\>b\\<\\/b\\>'), row5);
    assert.equal(markdown.split('\n').filter((line) => line.startsWith('| ')).length, 2 + 5, 'a heading, its rule and a line per row');
    assert.ok(readFileSync(file, 'utf8').length > 0);
  });
});

describe('results view of a check run (the checks extension)', function () {
  let dir: string;
  let file: string;
  const checksHeader = { ...header, data: { path: 'people.gisttest.json', sha256: 'b'.repeat(64), format: 'gisttest', rows: 3 }, mapping: {}, extensions: { checks: 1 } };
  const graded = (row: number, variant: string, pass: boolean | 'hostile' | 'absent'): string => {
    const line = JSON.parse(result(row, variant, `Text ${row}`, 100)) as Record<string, unknown>;
    if (pass === 'absent') return JSON.stringify(line);
    const failed = { type: 'contains', pass: false, score: 0, reason: 'Expected the output to contain "Ada"\u202e', line: 7 };
    const member =
      pass === 'hostile'
        ? { pass: 'yes', score: 9, reason: 1, test: {}, assertions: 'none' }
        : { pass, score: pass ? 1 : 0, reason: pass ? 'All assertions passed' : failed.reason, test: `Test ${row}`, assertions: pass ? [] : [failed] };
    return JSON.stringify({ ...line, checks: member });
  };

  beforeEach(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-results-checks-'));
    file = path.join(dir, 'people.gistrun.jsonl');
    const lines = [
      JSON.stringify(checksHeader),
      graded(1, 'formal', true),
      graded(1, 'friendly', false),
      graded(2, 'formal', true),
      graded(2, 'friendly', 'hostile'),
      result(3, 'formal', null, 10, { kind: 'service', message: 'HTTP 500' }),
      graded(3, 'friendly', 'absent'),
    ];
    writeFileSync(file, `${lines.join('\n')}\n`);
  });

  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts per variant the cells whose checks passed, over the cells run; a malformed grade counts as not graded', async function () {
    const index = await ResultsIndex.open(file);
    const counts = indexCounts(index);
    assert.deepEqual(
      counts.figures.map((figures) => [figures.label, figures.calls, figures.checked, figures.passed]),
      [
        ['formal', 3, 2, 2],
        ['friendly', 3, 1, 0],
      ],
    );
    assert.equal(counts.failedChecks, 1);
  });

  it('shows each cell’s grade with the failed assertions’ reasons as inert text, and “only failures” keeps failed checks', async function () {
    const index = await ResultsIndex.open(file);
    const rows = await viewRows(index, [1, 2, 3]);
    assert.deepEqual(rows[0]?.cells.map((cell) => cell.check), [
      { pass: true, reasons: [] },
      { pass: false, reasons: ['Expected the output to contain "Ada"⟨U+202E⟩'] },
    ]);
    assert.equal(rows[1]?.cells[1]?.check, undefined, 'a grade that is not one is not shown');
    assert.equal(rows[2]?.cells[0]?.check, undefined, 'a failed call was not graded');
    assert.deepEqual(orderRows(index, { ...BY_ROW, onlyFailures: true }, undefined), [1, 3]);
  });

  it('a results file without the checks extension keeps no grades, whatever its lines hold', async function () {
    writeFileSync(file, `${[JSON.stringify({ ...checksHeader, extensions: {} }), graded(1, 'formal', false)].join('\n')}\n`);
    const index = await ResultsIndex.open(file);
    assert.deepEqual(indexCounts(index).figures.map((figures) => figures.checked), [undefined, undefined]);
    assert.equal((await viewRows(index, [1]))[0]?.cells[0]?.check, undefined);
  });
});
