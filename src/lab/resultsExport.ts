// Export of a results file as a table: CSV (RFC 4180, by csv-stringify) or a Markdown table, a row
// per data row and a column per variant (and sample). Rows are read back from the file one at a
// time through the index, so no export holds the run's texts. The texts are hostile: in CSV a cell
// that a spreadsheet would run as a formula (starting with = + - @, tab or CR) is prefixed with
// `'` (OWASP's advice against CSV injection); in Markdown every cell is one line of inert text.
// Pure Node: no `vscode`.
import { markdownText } from '../shared/markdown';
import type { CellResult } from '../runs/resultsFormat';
import { variantLabel } from '../runs/variants';
import { ResultLines } from './resultsRows';
import type { ResultsIndex } from './resultsIndex';

export type ExportFormat = 'csv' | 'markdown';

/** Characters of one text in a Markdown table: a table is for reading, the CSV has it all. */
const MARKDOWN_CELL_CHARS = 500;

function columns(index: ResultsIndex): Array<{ readonly label: string; readonly variant: number; readonly sample: number }> {
  const { header } = index;
  return header.variants.flatMap((variant, variantIndex) =>
    Array.from({ length: header.samples }, (_, sample) => ({
      label: header.samples > 1 ? `${variantLabel(variant)} #${sample + 1}` : variantLabel(variant),
      variant: variantIndex,
      sample: sample + 1,
    })),
  );
}

function cellText(result: CellResult | undefined): string {
  if (result === undefined) return '';
  return result.error !== null ? `[failed: ${result.error.kind}] ${result.error.message}` : (result.content ?? '');
}

/**
 * Formulas start with = + - @ (OWASP's CSV injection list, with tab and carriage return); some
 * spreadsheets also read them after leading spaces, line breaks or invisible characters, and in
 * their full-width forms (＝ ＋ － ＠).
 */
const FORMULA_START = /^[\t\r]|^[\s\u200b-\u200f\u2060\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]/u;

/** A cell a spreadsheet would not run: one that could start a formula is written after a `'`. */
export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Writes the table through `write`, a row at a time; resolves when every row is written. */
export async function exportResults(index: ResultsIndex, format: ExportFormat, write: (chunk: string) => Promise<void>): Promise<number> {
  // Loaded on an export: the extension's startup bundle leaves it out (esbuild.mjs).
  const { stringify } = await import('csv-stringify/sync');
  const cols = columns(index);
  const variables = Object.keys(index.header.mapping);
  const heading = ['row', ...variables, ...cols.map((col) => col.label)];
  if (format === 'csv') {
    await write(stringify([heading.map(spreadsheetSafe)], { record_delimiter: '\r\n' }));
  } else {
    await write(`| ${heading.map((label) => markdownText(label, MARKDOWN_CELL_CHARS)).join(' | ')} |\n| ${heading.map(() => '---').join(' | ')} |\n`);
  }
  const rows = [...index.rows.keys()].sort((a, b) => a - b);
  const lines = await ResultLines.open(index);
  try {
    for (const rowNumber of rows) {
      const row = index.rows.get(rowNumber);
      if (row === undefined) continue;
      const results: Array<CellResult | undefined> = [];
      for (const col of cols) results.push(await lines.cell(rowNumber, col.variant, col.sample));
      const values = results.find((result) => result !== undefined)?.values;
      const valueCells = row.rowError !== undefined ? variables.map((_, i) => (i === 0 ? `[not sent] ${row.rowError}` : '')) : variables.map((name) => (values !== undefined && Object.hasOwn(values, name) ? (values[name] ?? '') : ''));
      const cells = [String(rowNumber), ...valueCells, ...results.map(cellText)];
      await write(
        format === 'csv'
          ? stringify([cells.map(spreadsheetSafe)], { record_delimiter: '\r\n' })
          : `| ${cells.map((cell) => markdownText(cell, MARKDOWN_CELL_CHARS)).join(' | ')} |\n`,
      );
    }
  } finally {
    await lines.close();
  }
  return rows.length;
}
