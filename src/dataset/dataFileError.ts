// Why a data file cannot be read at all (as opposed to one bad row): a typed error whose message
// says what happened and what to do. Pure: no `vscode`.

export type DataFileErrorKind =
  | 'unreadable' // the file system refused (missing, a folder, no permission)
  | 'empty' // nothing in it (a CSV file needs at least its header line)
  | 'header' // a CSV header that cannot name the columns (duplicates, too many, too long)
  | 'notArray' // a .json file that is not an array of objects
  | 'syntax' // a .json file that stops being JSON: nothing after it can be found
  | 'rowTooLarge' // a CSV or JSON row past MAX_DATA_ROW_BYTES: its end cannot be found safely
  | 'tooManyRows' // more rows than a run takes (MAX_RUN_ROWS)
  | 'unknownFormat'; // an extension the lab does not read

export class DataFileError extends Error {
  override readonly name = 'DataFileError';

  constructor(
    readonly kind: DataFileErrorKind,
    /** One sentence for users, naming the line when there is one and what to do. */
    message: string,
    /** The line of the file the problem is at, when known. */
    readonly line?: number,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export function isDataFileError(value: unknown): value is DataFileError {
  return value instanceof DataFileError;
}
