// The CSV export read back as a spreadsheet reads it (support/spreadsheetCsv.ts, a port of
// LibreOffice Calc's record and field splitting): whatever a results file's values, outputs and
// error messages hold, each data row is one record with its cells as written, and no cell starts
// a formula.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { exportResults } from '../../../src/lab/resultsExport';
import { ResultsIndex } from '../../../src/lab/resultsIndex';
import { resultsHeaderOf } from '../../fixtures/resultsHeader';
import { resultLineOf } from '../../fixtures/resultLine';
import { spreadsheetRecords } from '../support/spreadsheetCsv';

/** What a spreadsheet runs as a formula (OWASP's CSV injection list), also after blanks and invisible characters, and full-width. */
const FORMULA = /^[\t\r]|^[\s\u200b-\u200f\u2060\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]/u;

const PIECES = ['\r', '\n', '\r\n', '\n\r', '"', '""', ',', ';', '=', '+', '-', '@', '\t', ' ', '\u2028', '\u2029', '\u0085', '\u200b', '＝', "'", '=cmd|\' /C calc\'!A0', '=HYPERLINK("http://evil.example","x")', '@SUM(1+1)*cmd|\' /C calc\'!A0', 'Dear Ada', 'x'];
const hostile = fc.oneof(fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((parts) => parts.join('')), fc.string({ maxLength: 12 }));

async function exported(file: string): Promise<string> {
  const index = await ResultsIndex.open(file);
  let csv = '';
  await exportResults(index, 'csv', (chunk) => Promise.resolve(void (csv += chunk)));
  return csv;
}

describe('CSV export as a spreadsheet reads it', function () {
  let dir: string;

  before(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-csv-export-'));
  });

  after(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  it('a value or an output with a line break stays in its cell, and the next line cannot start a formula', async function () {
    const file = path.join(dir, 'breaks.gistrun.jsonl');
    const lines = [resultsHeaderOf({}, 1), { ...resultLineOf({ row: 1, variant: 'formal', content: 'Dear Ada\n=cmd|\' /C calc\'!A0' }), values: { name: 'Ada\r@SUM(1+1)' } }, resultLineOf({ row: 1, variant: 'friendly', content: 'Hi\r\nAda' })];
    writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const records = spreadsheetRecords(await exported(file));
    assert.deepEqual(records, [
      ['row', 'name', 'formal', 'friendly'],
      ['1', 'Ada\r@SUM(1+1)', 'Dear Ada\n=cmd|\' /C calc\'!A0', 'Hi\r\nAda'],
    ]);
  });

  it('for any values, outputs and error messages, reads back every row and cell as written, none starting a formula', async function () {
    const row = fc.record({ value: hostile, formal: hostile, friendly: fc.oneof(hostile, hostile.map((message) => ({ message }))) });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 4 }), async (rows) => {
        const file = path.join(dir, 'hostile.gistrun.jsonl');
        const lines: unknown[] = [resultsHeaderOf({}, rows.length)];
        const expected: string[][] = [['row', 'name', 'formal', 'friendly']];
        rows.forEach(({ value, formal, friendly }, i) => {
          const n = i + 1;
          lines.push({ ...resultLineOf({ row: n, variant: 'formal', content: formal }), values: { name: value } });
          const failed = typeof friendly !== 'string';
          lines.push({ ...resultLineOf({ row: n, variant: 'friendly', content: failed ? null : friendly, error: failed ? { kind: 'service', message: friendly.message } : null }), values: { name: value } });
          expected.push([String(n), value, formal, failed ? `[failed: service] ${friendly.message}` : friendly]);
        });
        writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
        const records = spreadsheetRecords(await exported(file));
        assert.equal(records.length, expected.length, 'a record per data row, and the heading');
        records.forEach((record, r) => {
          assert.equal(record.length, expected[r]!.length, `record ${r} has every cell`);
          record.forEach((cell, c) => {
            const written = expected[r]![c]!;
            assert.ok(cell === written || (cell === `'${written}` && FORMULA.test(written)), `record ${r} cell ${c}: ${JSON.stringify(cell)} for ${JSON.stringify(written)}`);
            assert.ok(!FORMULA.test(cell), `record ${r} cell ${c} starts a formula: ${JSON.stringify(cell)}`);
          });
        });
      }),
      { numRuns: 200 },
    );
  });
});
