// Rows of an RFC 4180 CSV file with a header line, parsed by csv-parse as the bytes stream in:
// quoted fields with commas, quotes ("") and line breaks in them, CRLF or LF, a byte order mark,
// empty lines skipped. Each row carries the line it starts on, counted here from byte offsets
// (csv-parse counts a CRLF inside quotes as two lines). Pure: no `vscode`.
import type { CsvError, Options } from 'csv-parse';
import { MAX_DATA_ROW_BYTES } from '../shared/limits';
import { oneLine } from '../shared/oneLine';
import { DataFileError } from './dataFileError';
import type { BadRow, DataEvent } from './dataRecord';
import { flatten } from './batches';
import { LineIndex } from './lineIndex';
import { csvRowValues, headerProblem } from './rowValues';

type ParserEvent =
  | { readonly kind: 'record'; readonly fields: string[]; readonly end: number; readonly parserLine: number }
  | { readonly kind: 'skip'; readonly error: CsvError };

function lineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/** What `directParser` uses of csv-parse's parser. */
interface DirectParser {
  readonly info: { readonly bytes: number; readonly lines: number };
  /** Parses a chunk (`end` with none at the end); each record goes to `push`, as it is found; returns a fatal error. */
  parse(chunk: Buffer | undefined, end: boolean, push: (record: unknown) => void, close: () => void): Error | undefined;
}

/**
 * csv-parse's parser underneath its stream, driven directly: each record comes to `push` while
 * `info` says where it ends. Through the stream that takes `on_record`, whose context csv-parse
 * builds for every record by copying its counters twice: 3.1 µs a row against 1.3 (a lab run
 * parses a row for every call or two). The stream's Parser holds this parser as `api` (csv-parse
 * 5 to 7); a version without it fails here, in every test of CSV files, never silently.
 */
function directParser(stream: unknown): DirectParser {
  const api = (stream as { api?: Partial<DirectParser> }).api;
  if (typeof api?.parse !== 'function' || typeof api.info?.bytes !== 'number' || typeof api.info.lines !== 'number') {
    throw new Error('This csv-parse has no parser underneath its stream (Parser.api): the CSV reader needs csv-parse 5 to 7.');
  }
  return api as DirectParser;
}

/** A sentence for csv-parse's error codes; the ones a user meets, in words, the rest as csv-parse says them. */
function reasonOf(error: CsvError): string {
  switch (error.code) {
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quoted field has text after its closing quote (a quote inside quotes is written as two: "")';
    case 'INVALID_OPENING_QUOTE':
      return 'a field that does not start with a quote has one inside it (put the field in quotes and double the quote)';
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quote opened here is never closed, so the rest of the file was read as one field';
    default:
      return oneLine(error.message, 200);
  }
}

export interface CsvRowsOptions {
  /** Bytes one row may take before the file is refused (its end cannot be found safely). Default MAX_DATA_ROW_BYTES. */
  readonly maxRowBytes?: number;
}

/**
 * Yields the header, then every row or bad row. A row with a quoting error is a bad row: csv-parse
 * goes on after it, but where the next row starts cannot always be known (an unclosed quote takes
 * the rest of the file), and what it took is reported with it. Throws a DataFileError for a file
 * with no header, a header that cannot name the columns, or a row past the size cap.
 */
export function csvRows(chunks: AsyncIterable<Uint8Array>, options: CsvRowsOptions = {}): AsyncGenerator<DataEvent> {
  return flatten(csvRowBatches(chunks, options));
}

/** The header and rows of `chunks`, in one batch per chunk: those that end in it. */
export async function* csvRowBatches(chunks: AsyncIterable<Uint8Array>, options: CsvRowsOptions = {}): AsyncGenerator<DataEvent[]> {
  const maxRowBytes = options.maxRowBytes ?? MAX_DATA_ROW_BYTES;
  const index = new LineIndex();
  const events: ParserEvent[] = [];
  let fatal: Error | undefined;
  // Loaded when a CSV file is read: the extension's startup bundle leaves it out (esbuild.mjs).
  const { Parser } = await import('csv-parse');
  const parserOptions: Options = {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    // Files edited on several systems mix CRLF and LF: every break ends a record.
    record_delimiter: ['\r\n', '\n', '\r'],
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error !== undefined) {
        events.push({ kind: 'skip', error });
      }
      return undefined;
    },
  };
  const parser = directParser(new Parser(parserOptions));
  // Rows are taken here, synchronously, as each chunk is parsed, with where each ends.
  const push = (fields: unknown): void => {
    events.push({ kind: 'record', fields: fields as string[], end: parser.info.bytes, parserLine: parser.info.lines });
  };
  const parse = (chunk: Uint8Array | undefined): void => {
    fatal ??= parser.parse(chunk === undefined ? undefined : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength), chunk === undefined, push, () => undefined);
  };

  let columns: readonly string[] | undefined;
  let lastEnd = 0;
  /** csv-parse's line count minus ours at the last record, to place a skipped row that csv-parse reports by its own count. */
  let drift = 0;
  let row = 0;
  /** A bad row is held until the next event: csv-parse may report one broken row twice (a bad quote, then the quote never closed). */
  let held: BadRow | undefined;

  function* take(): Generator<DataEvent, void, undefined> {
    for (const event of events.splice(0)) {
      if (event.kind === 'record') {
        // Line breaks in a record are inside its quoted fields, so it starts that many lines before it ends.
        const endLine = index.lastContentLineBefore(event.end);
        const line = endLine - event.fields.reduce((breaks, field) => breaks + lineBreaks(field), 0);
        drift = event.parserLine - endLine;
        lastEnd = event.end;
        if (held !== undefined) {
          yield held;
          held = undefined;
        }
        if (columns === undefined) {
          const problem = headerProblem(event.fields);
          if (problem !== undefined) {
            throw new DataFileError('header', `Line ${line}: ${problem}`, line);
          }
          columns = event.fields;
          yield { kind: 'header', line, columns };
          continue;
        }
        row += 1;
        const values = csvRowValues(columns, event.fields);
        yield values.ok ? { kind: 'row', row, line, values: values.values } : { kind: 'bad', row, line, reason: values.reason };
        continue;
      }
      const start = index.contentLineFrom(lastEnd);
      const line = event.error.code === 'CSV_QUOTE_NOT_CLOSED' ? start : Math.max(start, Number(event.error.lines) - drift || start);
      const reason = reasonOf(event.error);
      if (columns === undefined) {
        throw new DataFileError('header', `Line ${line}: the header line cannot be read: ${reason}.`, line, event.error);
      }
      if (held !== undefined && held.line === line) {
        // A second report of the same row: a new reason is added, one it gave already is not.
        if (!held.reason.split('; ').includes(reason)) held = { ...held, reason: `${held.reason}; ${reason}` };
        continue;
      }
      if (held !== undefined) {
        yield held;
      }
      row += 1;
      held = { kind: 'bad', row, line, reason };
    }
  }

  const checkFatal = (): void => {
    if (fatal !== undefined) {
      const line = index.contentLineFrom(lastEnd);
      throw new DataFileError('syntax', `Line ${line}: the CSV file cannot be read past this line (${oneLine(fatal.message, 200)}).`, line, fatal);
    }
  };

  for await (const chunk of chunks) {
    index.push(chunk);
    if (fatal === undefined) {
      parse(chunk);
    }
    checkFatal();
    const batch = [...take()];
    if (batch.length > 0) {
      yield batch;
    }
    if (index.length - lastEnd > maxRowBytes) {
      const line = index.contentLineFrom(lastEnd);
      throw new DataFileError(
        'rowTooLarge',
        `Line ${line}: the row starting here is larger than ${Math.round(maxRowBytes / 1024 / 1024)} MiB (a quote that is never closed?), so the file cannot be read past it.`,
        line,
      );
    }
  }
  if (fatal === undefined) {
    parse(undefined);
  }
  checkFatal();
  const last = [...take()];
  if (held !== undefined) {
    last.push(held);
  }
  if (last.length > 0) {
    yield last;
  }
  if (columns === undefined) {
    throw new DataFileError('empty', 'The CSV file is empty: it needs a header line that names the columns.');
  }
}
