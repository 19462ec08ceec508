// A test file read for a run or for the Test Explorer: the `*.gisttest.json` parsed, and the rows
// of its `testsFile` CSV as more tests, read with the lab's CSV reader. Both files are workspace
// content: the test file must be a regular file inside the root (a link to /dev/zero, a named pipe
// or a link out of the workspace is refused unread) and is read only up to its cap, the CSV is
// streamed with the checks' test cap, and a `testsFile` that leads outside the root (a symbolic
// link included) is refused. What is wrong is a problem at its place, never a test that silently
// passes. Pure Node: no `vscode`.
import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import * as path from 'node:path';
import { readDataFileBatches } from '../dataset/dataRows';
import { isDataFileError } from '../dataset/dataFileError';
import { readBoundedFile } from '../shared/boundedFile';
import { resolvesInsideFolder } from '../shared/insideFolder';
import { MAX_TEST_FILE_BYTES, MAX_TESTS_PER_FILE } from '../expectations/checkLimits';
import type { Problem, SourceRange } from '../expectations/checkModel';
import { testFromCsvRow } from '../expectations/csvTests';
import { parseTestFile } from '../expectations/parseTestFile';
import type { GistTestFile, TestEntry } from '../expectations/testFile';

export interface LoadedTestFile {
  /** The test file, as given (absolute). */
  readonly path: string;
  readonly file: GistTestFile;
  /** The inline tests, then the CSV's rows, in the order of their `index`. */
  readonly tests: readonly TestEntry[];
  /** The CSV of `testsFile`, resolved, when the file names one. */
  readonly csvPath?: string;
  /** Every problem: the file's, each CSV row's, and the CSV's as a whole (at `testsFile`). */
  readonly problems: readonly Problem[];
  /** SHA-256 of the test file's bytes, for a results file's header. */
  readonly sha256: string;
}

export interface LoadOptions {
  /** The folder `testsFile` must stay inside: the workspace folder, or the command line's working folder. */
  readonly root: string;
  /** The file's text as an editor holds it, instead of reading it from disk. */
  readonly bytes?: Uint8Array;
  readonly signal?: AbortSignal;
}

const START: SourceRange = { file: 'testFile', start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * The file's bytes, when it is a regular file inside `root` (the folder it was found in) and within
 * the cap; else the problem, and nothing was read (see shared/boundedFile.ts).
 */
export async function readTestFileBytes(file: string, root: string): Promise<Uint8Array | { readonly problem: string }> {
  const read = await readBoundedFile(file, MAX_TEST_FILE_BYTES, { inside: root, insideName: 'the workspace folder' });
  if (read.ok) return read.bytes;
  if (read.kind === 'tooLarge') {
    // Its size when the file system gave one over the cap; else reading found more than the cap.
    const size = read.size === undefined ? 'more' : `${Math.ceil(read.size / 1024).toLocaleString('en-US')} KiB`;
    return { problem: `This test file has ${size}, over the limit of ${MAX_TEST_FILE_BYTES / 1024} KiB: split it, or move its tests into a CSV ("testsFile").` };
  }
  return { problem: `The test file cannot be read: ${read.reason}.` };
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return 'it does not exist';
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

/** Reads a test file and its CSV tests. Never throws for what the files hold; `signal` aborts. */
export async function loadTestFile(filePath: string, options: LoadOptions): Promise<LoadedTestFile> {
  const read = options.bytes ?? (await readTestFileBytes(filePath, options.root));
  if (!(read instanceof Uint8Array)) {
    const file = parseTestFile({ bytes: new Uint8Array() });
    return { path: filePath, file, tests: [], problems: [{ message: read.problem, range: START }], sha256: '' };
  }
  const bytes = read;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const file = parseTestFile({ bytes });
  const problems: Problem[] = [...file.problems];
  const tests: TestEntry[] = [...file.tests];
  if (file.testsFile === undefined) {
    return { path: filePath, file, tests, problems, sha256 };
  }
  const csvPath = path.resolve(path.dirname(filePath), ...file.testsFile.path.split('/'));
  const atTestsFile = (message: string): void => void problems.push({ message, range: file.testsFile?.range ?? START });
  let real: string;
  try {
    real = await realpath(csvPath);
    if (!(await resolvesInsideFolder(options.root, real))) {
      atTestsFile(`"testsFile" leads outside the workspace (${file.testsFile.path}); a test file reads only files inside it.`);
      return { path: filePath, file, tests, csvPath, problems, sha256 };
    }
  } catch (error) {
    atTestsFile(`The tests file ${file.testsFile.path} cannot be read: ${reason(error)}.`);
    return { path: filePath, file, tests, csvPath, problems, sha256 };
  }
  const room = MAX_TESTS_PER_FILE - tests.length;
  let rowIndex = 0;
  try {
    for await (const batch of readDataFileBatches(real, 'csv', { maxRows: room, ...(options.signal !== undefined ? { signal: options.signal } : {}) })) {
      for (const event of batch) {
        if (event.kind === 'header') continue;
        const line = Math.max(event.line - 1, 0);
        const range: SourceRange = { file: 'testsFile', start: { line, character: 0 }, end: { line, character: 0 } };
        const entry: TestEntry =
          event.kind === 'bad'
            ? { ok: false, index: file.tests.length + rowIndex, range, problems: [{ message: `Row ${event.row} cannot be read: ${event.reason}.`, range }] }
            : testFromCsvRow(file, { values: event.values, line: event.line }, rowIndex);
        rowIndex += 1;
        tests.push(entry);
        if (!entry.ok) problems.push(...entry.problems);
      }
    }
  } catch (error) {
    if (options.signal?.aborted === true) throw error;
    const message = isDataFileError(error) ? error.message : `The tests file ${file.testsFile.path} cannot be read: ${reason(error)}.`;
    atTestsFile(isDataFileError(error) && error.kind === 'tooManyRows' ? `A test file has at most ${MAX_TESTS_PER_FILE.toLocaleString('en-US')} tests, its CSV rows included; the rest are not read.` : message);
  }
  return { path: filePath, file, tests, csvPath: real, problems, sha256 };
}
