// Why a results file cannot be read at all. Pure: no `vscode`.

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
