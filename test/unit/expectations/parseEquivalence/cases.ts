// The corpus of the parser's equivalence test and how one case is parsed: the benches' files, the
// texts the unit tests parse (recorded from main's build), the fast-check corpus, and CSV rows
// converted against some of them (testFromCsvRow reads the file's defaults).
import { gunzipSync, gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { canonical } from './canonical';

export interface CsvCase {
  readonly row: { readonly values: Readonly<Record<string, string>>; readonly line: number };
  readonly rowIndex: number;
}

export interface GoldenCase {
  readonly name: string;
  /** The file's bytes, base64. */
  readonly bytes: string;
  readonly rows?: readonly CsvCase[];
  /** canonical() of { file, rows } as main's parser gave them. */
  readonly result: string;
}

export interface Parser {
  readonly parseTestFile: (source: { bytes: Uint8Array }) => unknown;
  readonly testFromCsvRow: (file: never, row: CsvCase['row'], rowIndex: number) => unknown;
}

/** Rows that exercise testFromCsvRow against a file's defaultTest. */
export const SAMPLE_ROWS: readonly CsvCase[] = [
  { row: { values: { name: 'Ada', __expected: 'contains:Ada', __description: 'row one' }, line: 2 }, rowIndex: 0 },
  { row: { values: { name: '{{x}}', __expected1: 'regex:(a+)+$', __expected2: 'levenshtein(3):Ada', '__config:__expected2:threshold': '2', __metric: 'm' }, line: 3 }, rowIndex: 1 },
  { row: { values: { __proto__x: 'x', __expected: 'javascript:1', _expected: 'y', __threshold: '2' }, line: 4 }, rowIndex: 2 },
];

export function goldenPath(): string {
  // Beside the compiled test in out/, the golden file is read from the source tree.
  return path.join(__dirname, '..', '..', '..', '..', '..', 'test', 'unit', 'expectations', 'parseEquivalence', 'golden.json.gz');
}

export function readGolden(): GoldenCase[] {
  return JSON.parse(gunzipSync(readFileSync(goldenPath())).toString('utf8')) as GoldenCase[];
}

export function writeGolden(cases: readonly GoldenCase[]): void {
  writeFileSync(goldenPath(), gzipSync(JSON.stringify(cases), { level: 9 }));
}

/** What `parser` makes of a case: the whole file, and each row's test. */
export function resultOf(parser: Parser, bytesBase64: string, rows: readonly CsvCase[] | undefined): string {
  const file = parser.parseTestFile({ bytes: new Uint8Array(Buffer.from(bytesBase64, 'base64')) });
  return canonical({ file, rows: (rows ?? []).map(({ row, rowIndex }) => parser.testFromCsvRow(file as never, row, rowIndex)) });
}
