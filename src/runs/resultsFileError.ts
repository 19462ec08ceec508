// Why a results file cannot be read at all. Pure: no `vscode`.
import { oneLine } from '../shared/oneLine';

export type ResultsFileErrorKind =
  | 'unreadable'
  | 'empty'
  | 'notResults'
  | 'newerVersion'
  | 'exists'
  | 'writeFailed'
  /** Another run (window, process) is writing the file: see resultsLock.ts. */
  | 'busy'
  /** The file changed between a resume's plan and its start: planned again, the resume would not run a cell twice. */
  | 'changed';

export class ResultsFileError extends Error {
  override readonly name = 'ResultsFileError';

  constructor(
    readonly kind: ResultsFileErrorKind,
    /** One sentence for users: what happened and what to do. */
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export function isResultsFileError(value: unknown): value is ResultsFileError {
  return value instanceof ResultsFileError;
}

/** A file whose line 1 is not a results header, and why (`problem` says it of the line: "it is not JSON"). */
export function notResultsFile(problem: string): ResultsFileError {
  return new ResultsFileError('notResults', `This is not a results file of a gist run. Line 1: ${oneLine(problem, 200)}.`);
}
