// The rows the results view asks for, read back from the file: the row's values and the start of
// each variant's text, as inert one-screen previews. And the text filter, which reads the file
// through once. Pure Node: no `vscode`.
import { open } from 'node:fs/promises';
import { revealInvisible } from '../shared/invisibles';
import { oneLine } from '../shared/oneLine';
import type { CellResult, ResultsLine, RunHeader } from '../runs/resultsFormat';
import { openResults } from '../runs/resultsReader';
import { resultsLineJson } from '../runs/resultsLineJson';
import { parseResultsLine } from '../runs/resultsValidation';
import { CHECKS_EXTENSION, failedReasons, parseChecksMember } from '../runs/checksMember';
import { cellDistribution } from './cellDistribution';
import type { IndexedRow, IndexedSample, ResultsIndex } from './resultsIndex';
import type { ViewCell, ViewRow } from './resultsViewProtocol';

/** Characters of a cell's text the table shows (it shows three lines of it). */
const PREVIEW_CHARS = 400;
const VALUES_CHARS = 300;

type FileHandle = Awaited<ReturnType<typeof open>>;

/** Outside text as the webview shows it: every character that shows nothing made visible. */
function visibleText(text: string): string {
  return revealInvisible(text).text;
}

async function lineAt(handle: FileHandle, header: RunHeader, offset: number, bytes: number): Promise<ResultsLine | undefined> {
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, offset);
    const json = resultsLineJson(buffer.subarray(0, bytesRead).toString('utf8').replace(/\r$/, ''));
    const parsed = json.ok ? parseResultsLine(json.value, header) : json;
    return parsed.ok ? parsed.value : undefined;
  } catch {
    // The file changed under the index: nothing is shown for it until the index catches up.
    return undefined;
  }
}

/** The start of a text as the table shows it: line breaks kept, invisible characters made visible. */
export function previewOf(text: string): string {
  const start = text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
  return visibleText(start);
}

export function valuesLine(values: Readonly<Record<string, string>>): string {
  return oneLine(
    Object.entries(values)
      .map(([name, value]) => `${name}: ${value}`)
      .join(' · '),
    VALUES_CHARS,
  );
}

function cellOf(samples: ReadonlyArray<IndexedSample | undefined>, line: CellResult | undefined, samplesPerCell: number): ViewCell {
  const recorded = samples.filter((sample): sample is IndexedSample => sample !== undefined);
  const first = recorded[0];
  if (first === undefined || line === undefined) {
    return { preview: '', failed: false, latencyMs: 0, samples: 0, distinct: 0, missing: true };
  }
  const distinct = new Set(recorded.map((sample) => (sample.failed ? `failed:${sample.errorKind ?? ''}` : sample.hash))).size;
  const preview = line.error !== null ? visibleText(oneLine(line.error.message, PREVIEW_CHARS)) : previewOf(line.content ?? '');
  const grade = line.error === null ? parseChecksMember(line.extensions?.[CHECKS_EXTENSION]) : undefined;
  const distribution = cellDistribution(samples, samplesPerCell);
  return {
    ...(distribution !== undefined ? { distribution } : {}),
    ...(grade !== undefined ? { check: { pass: grade.pass, reasons: failedReasons(grade).slice(0, 3).map((reason) => visibleText(oneLine(reason, PREVIEW_CHARS))) } } : {}),
    preview,
    failed: line.error !== null,
    ...(line.error === null ? { length: line.length ?? 0 } : { errorKind: line.error.kind }),
    latencyMs: line.latencyMs,
    samples: recorded.length,
    distinct,
    missing: false,
  };
}

/** The view rows of these data rows, read on one handle (a row the index does not have is left out). */
export async function viewRows(index: ResultsIndex, rowNumbers: readonly number[]): Promise<ViewRow[]> {
  if (rowNumbers.length === 0) return [];
  const handle = await open(index.path, 'r');
  try {
    const rows: ViewRow[] = [];
    for (const rowNumber of rowNumbers) {
      const row = index.rows.get(rowNumber);
      if (row === undefined) continue;
      rows.push(await viewRow(handle, index.header, row));
    }
    return rows;
  } finally {
    await handle.close();
  }
}

async function viewRow(handle: FileHandle, header: RunHeader, row: IndexedRow): Promise<ViewRow> {
  const cells: ViewCell[] = [];
  let values: Readonly<Record<string, string>> = {};
  for (const samples of row.cells) {
    const first = samples.find((sample) => sample !== undefined);
    const line = first === undefined ? undefined : await lineAt(handle, header, first.offset, first.bytes);
    const result = line?.type === 'result' ? line : undefined;
    if (result !== undefined && Object.keys(values).length === 0) values = result.values;
    cells.push(cellOf(samples, result, header.samples));
  }
  if (Object.keys(values).length === 0 && row.bytes > 0) {
    const line = await lineAt(handle, header, row.offset, row.bytes);
    if (line?.type === 'result') values = line.values;
  }
  return {
    row: row.row,
    line: row.line,
    values: visibleText(valuesLine(values)),
    ...(row.rowError === undefined ? {} : { rowError: visibleText(oneLine(row.rowError, VALUES_CHARS)) }),
    cells,
  };
}

/** Result lines read back from a results file through its index, on one open file handle. */
export class ResultLines {
  private constructor(
    private readonly index: ResultsIndex,
    private readonly handle: FileHandle,
  ) {}

  static async open(index: ResultsIndex): Promise<ResultLines> {
    return new ResultLines(index, await open(index.path, 'r'));
  }

  /** One cell's result line: its first recorded sample, or `sample`. */
  async cell(rowNumber: number, variant: number, sample?: number): Promise<CellResult | undefined> {
    const samples = this.index.rows.get(rowNumber)?.cells[variant] ?? [];
    const chosen = sample === undefined ? samples.find((candidate) => candidate !== undefined) : samples[sample - 1];
    if (chosen === undefined) return undefined;
    const line = await lineAt(this.handle, this.index.header, chosen.offset, chosen.bytes);
    return line?.type === 'result' ? line : undefined;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

/** One cell's result line (its first sample, or `sample`), for opening it in an editor. */
export async function cellResult(index: ResultsIndex, rowNumber: number, variant: number, sample?: number): Promise<CellResult | undefined> {
  const lines = await ResultLines.open(index);
  try {
    return await lines.cell(rowNumber, variant, sample);
  } finally {
    await lines.close();
  }
}

/** The rows whose values or texts hold `needle`, case-insensitively; read through the file once. */
export async function rowsContaining(path: string, needle: string, signal?: AbortSignal): Promise<Set<number>> {
  const wanted = needle.toLocaleLowerCase();
  const rows = new Set<number>();
  const { entries } = await openResults(path, signal === undefined ? {} : { signal });
  for await (const entry of entries) {
    if (entry.kind !== 'line' || rows.has(entry.line.row)) continue;
    const line = entry.line;
    const texts = line.type === 'result' ? [line.content ?? '', line.error?.message ?? '', ...Object.values(line.values)] : [line.message];
    if (texts.some((text) => text.toLocaleLowerCase().includes(wanted))) rows.add(line.row);
  }
  return rows;
}
