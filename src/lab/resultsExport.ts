// Export of a results file as a table: CSV or a Markdown table, a row per data row and a column
// per variant (and sample). Rows are read back from the file one at a time through the index, so
// no export holds the run's texts. The texts are hostile: CSV goes through the one CSV writer
// (shared/csvRecord.ts: quoting a spreadsheet reads as one cell, formulas guarded); in Markdown
// every cell is one line of inert text. Pure Node: no `vscode`.
import { csvRecord } from '../shared/csvRecord';
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

/** Writes the table through `write`, a row at a time; resolves when every row is written. */
export async function exportResults(index: ResultsIndex, format: ExportFormat, write: (chunk: string) => Promise<void>): Promise<number> {
  const cols = columns(index);
  const variables = Object.keys(index.header.mapping);
  const heading = ['row', ...variables, ...cols.map((col) => col.label)];
  if (format === 'csv') {
    await write(csvRecord(heading));
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
          ? csvRecord(cells)
          : `| ${cells.map((cell) => markdownText(cell, MARKDOWN_CELL_CHARS)).join(' | ')} |\n`,
      );
    }
  } finally {
    await lines.close();
  }
  return rows.length;
}
