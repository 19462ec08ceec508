// The kinds of data file the variant lab reads, told apart by the file's extension. Pure: no `vscode`.

/** `csv`: RFC 4180 with a header line; `jsonl`: one JSON object per line; `json`: one array of objects. */
export type DataFormat = 'csv' | 'jsonl' | 'json';

export const DATA_FORMATS: readonly DataFormat[] = ['csv', 'jsonl', 'json'];

export function isDataFormat(value: unknown): value is DataFormat {
  return typeof value === 'string' && (DATA_FORMATS as readonly string[]).includes(value);
}

/** The format of a file by its extension (`.csv`, `.jsonl` or `.ndjson`, `.json`), case-insensitively; undefined for any other. */
export function formatOfPath(path: string): DataFormat | undefined {
  const match = /\.([A-Za-z]+)$/.exec(path);
  switch (match?.[1]?.toLowerCase()) {
    case 'csv':
      return 'csv';
    case 'jsonl':
    case 'ndjson':
      return 'jsonl';
    case 'json':
      return 'json';
    default:
      return undefined;
  }
}
