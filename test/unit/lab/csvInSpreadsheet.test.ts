// The CSV export opened by a real spreadsheet: LibreOffice Calc (headless) imports it with
// formulas evaluated, as a user's double-click would, and writes every cell back out as tab-
// separated text with each text cell quoted. Every record must come back as the row written and
// every cell as the text written: a record split at a line break, or a cell Calc ran as a formula
// (its result is written instead of its text, unquoted), fails. Needs `soffice`
// (libreoffice-calc-nogui; .ci/run installs it).
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { exportResults } from '../../../src/lab/resultsExport';
import { ResultsIndex } from '../../../src/lab/resultsIndex';
import { resultsHeaderOf } from '../../fixtures/resultsHeader';
import { resultLineOf } from '../../fixtures/resultLine';
import { spreadsheetCells } from '../support/spreadsheetCsv';

const run = promisify(execFile);

const PIECES = ['\r', '\n', '\r\n', '\n\r', '"', '""', ',', ';', '\t', ' ', '=', '+', '-', '@', '\u2028', '\u2029', '\u0085', '\u200b', '＝', "'", '=1+1', '=cmd|\' /C calc\'!A0', '=HYPERLINK("http://evil.example","x")', '@SUM(1+1)', '+1+1', '-1+1', 'Dear Ada', 'x'];
const hostile = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((parts) => parts.join(''));

/** Calc keeps a line break inside a cell as LF, whichever was written (CRLF and LFCR are one break). */
const stored = (text: string): string => text.replace(/\r\n|\n\r|\r/g, '\n');

describe('CSV export opened in LibreOffice Calc', function () {
  this.timeout(180_000);
  let dir: string;

  before(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-csv-calc-'));
  });

  after(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads every row and cell as written, none run as a formula, for hostile values, outputs and error messages', async function () {
    const rows = fc.sample(fc.record({ value: hostile, formal: hostile, friendly: hostile, failed: fc.boolean() }), { numRuns: 150, seed: 46 });
    rows.unshift({ value: 'Ada\r=1+1', formal: 'Dear Ada\n=1+1', friendly: '=1+1', failed: true }, { value: ' =1+1', formal: '\r\n@SUM(1+1)', friendly: 'a\u2028=1+1', failed: false });
    const lines: unknown[] = [resultsHeaderOf({}, rows.length)];
    const written: string[][] = [['row', 'name', 'formal', 'friendly']];
    rows.forEach(({ value, formal, friendly, failed }, i) => {
      const n = i + 1;
      lines.push({ ...resultLineOf({ row: n, variant: 'formal', content: formal }), values: { name: value } });
      lines.push({ ...resultLineOf({ row: n, variant: 'friendly', content: failed ? null : friendly, error: failed ? { kind: 'service', message: friendly } : null }), values: { name: value } });
      written.push([String(n), value, formal, failed ? `[failed: service] ${friendly}` : friendly]);
    });
    const results = path.join(dir, 'hostile.gistrun.jsonl');
    writeFileSync(results, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    let csv = '';
    await exportResults(await ResultsIndex.open(results), 'csv', (chunk) => Promise.resolve(void (csv += chunk)));
    const input = path.join(dir, 'export.csv');
    writeFileSync(input, csv);

    // Import: comma, double quote, UTF-8, from line 1, formulas evaluated (token 13). Export: tab, every text cell quoted.
    await run('soffice', ['--headless', '--norestore', `-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--infilter=CSV:44,34,76,1,,0,false,false,false,false,false,-1,true', '--convert-to', 'csv:Text - txt - csv (StarCalc):9,34,76,1,,0,true,true', '--outdir', path.join(dir, 'out'), input], { timeout: 150_000 });
    const read = spreadsheetCells(readFileSync(path.join(dir, 'out', 'export.csv'), 'utf8'), '\t');

    assert.equal(read.length, written.length, 'Calc reads a record per data row, and the heading');
    read.forEach((record, r) => {
      const want = written[r]!;
      assert.equal(record.length, want.length, `record ${r}: ${JSON.stringify(record)}`);
      record.forEach((cell, c) => {
        const text = stored(want[c]!);
        // Calc writes a number or a formula's result bare: only the row numbers and empty cells may be.
        if (!cell.quoted) assert.ok((c === 0 || text === '') && cell.text === text, `record ${r} cell ${c}: Calc made ${JSON.stringify(cell.text)} of ${JSON.stringify(text)}`);
        else assert.ok(cell.text === text || cell.text === `'${text}`, `record ${r} cell ${c}: ${JSON.stringify(cell.text)} for ${JSON.stringify(text)}`);
      });
    });
  });
});
