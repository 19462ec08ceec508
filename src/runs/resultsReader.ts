// Reads a results file as a stream, one line at a time: the header first, then every result and
// row error, each checked as hostile input. A line that does not pass is reported and skipped; a
// last line without its line break (the writer stopped in the middle of it) is ignored, so that
// cell counts as not done. Pure Node: no `vscode`.
import { fileChunks, whyUnreadable } from '../dataset/dataRows';
import { splitLines, type SplitLine } from '../dataset/lineSplitter';
import { MAX_RESULT_LINE_BYTES } from '../shared/limits';
import { headerLineProblem, resultsLineJson } from './resultsLineJson';
import { RESULTS_VERSION, type ResultsLine, type RunHeader } from './resultsFormat';
import { notResultsFile, ResultsFileError } from './resultsFileError';
import { parseHeader, parseResultsLine } from './resultsValidation';

export type ResultsEntry =
  | { readonly kind: 'line'; readonly lineNumber: number; readonly line: ResultsLine }
  /** A line that is not a result or row error this version reads, and why; it is skipped. */
  | { readonly kind: 'invalid'; readonly lineNumber: number; readonly problem: string }
  /** The last line, without its line break: cut short when the writer stopped. */
  | { readonly kind: 'truncated'; readonly lineNumber: number };

export interface ResultsStream {
  readonly header: RunHeader;
  readonly entries: AsyncGenerator<ResultsEntry>;
}

/** A line as JSON, in the reader's words ("it …"). */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  const json = resultsLineJson(text);
  return json.ok ? json : { ok: false, problem: `it ${json.problem}` };
}

/**
 * Opens a results file: reads and checks its header, and streams the rest through `entries`
 * (read them, or call `entries.return()` to close the file). Throws a ResultsFileError when the
 * file cannot be read, is empty, does not start with a results header, or is of a newer version.
 */
export async function openResults(path: string, options: { readonly signal?: AbortSignal } = {}): Promise<ResultsStream> {
  const lines = splitLines(fileChunks(path, { signal: options.signal }), MAX_RESULT_LINE_BYTES);
  let first: IteratorResult<SplitLine>;
  try {
    first = await lines.next();
  } catch (error) {
    throw new ResultsFileError('unreadable', `The results file cannot be read: ${whyUnreadable(error)}.`, error);
  }
  const firstLine = first.done === true ? undefined : first.value;
  if (firstLine === undefined || !firstLine.terminated) {
    await lines.return(undefined);
    throw new ResultsFileError('empty', 'The results file has no header line: the run that made it wrote nothing. Start a new run.');
  }
  const json = firstLine.text === undefined ? undefined : resultsLineJson(firstLine.text);
  const header = json === undefined ? { ok: false as const, problem: `it is longer than ${MAX_RESULT_LINE_BYTES / 1024 / 1024} MiB` } : json.ok ? parseHeader(json.value) : { ok: false as const, problem: headerLineProblem(json) };
  if (!header.ok) {
    await lines.return(undefined);
    throw notResultsFile(header.problem);
  }
  if (header.value.version > RESULTS_VERSION) {
    await lines.return(undefined);
    throw new ResultsFileError('newerVersion', `The results file is of format version ${header.value.version}, written by a newer version of Gist Generate; this one reads version ${RESULTS_VERSION}. Update the extension.`);
  }
  return { header: header.value, entries: closingLines(entriesOf(lines, header.value), lines) };
}

/**
 * `entries`, whose `return()` also ends `lines`: a generator given back before its first step
 * runs no `finally`, so the file under `lines` stayed open until the garbage collector closed it
 * (a reader of the header alone gives the entries back at once).
 */
function closingLines<T>(entries: AsyncGenerator<T>, lines: AsyncGenerator<unknown>): AsyncGenerator<T> {
  const giveBack = entries.return.bind(entries);
  entries.return = async (value) => {
    try {
      return await giveBack(value);
    } finally {
      await lines.return(undefined);
    }
  };
  return entries;
}

async function* entriesOf(lines: AsyncGenerator<SplitLine>, header: RunHeader): AsyncGenerator<ResultsEntry> {
  for await (const { line: lineNumber, text, bytes, terminated } of readable(lines)) {
    if (!terminated) {
      yield { kind: 'truncated', lineNumber };
      continue;
    }
    if (text === undefined) {
      yield { kind: 'invalid', lineNumber, problem: `it is ${bytes} bytes long; a line is at most ${MAX_RESULT_LINE_BYTES / 1024 / 1024} MiB` };
      continue;
    }
    if (text.trim() === '') {
      continue;
    }
    const json = parseJson(text);
    const line = json.ok ? parseResultsLine(json.value, header) : json;
    yield line.ok ? { kind: 'line', lineNumber, line: line.value } : { kind: 'invalid', lineNumber, problem: line.problem };
  }
}

/** The lines, with a failure of the file system as a ResultsFileError. */
async function* readable(lines: AsyncGenerator<SplitLine>): AsyncGenerator<SplitLine> {
  try {
    yield* lines;
  } catch (error) {
    throw new ResultsFileError('unreadable', `The results file cannot be read: ${whyUnreadable(error)}.`, error);
  }
}

/** The header alone. */
export async function readResultsHeader(path: string): Promise<RunHeader> {
  const { header, entries } = await openResults(path);
  await entries.return(undefined);
  return header;
}
