// Preloaded into a mocha run of main's unit tests (see generateGolden.ts): records every text
// parseTestFile is given and every CSV row testFromCsvRow converts, so the equivalence test's
// corpus holds what the unit tests parse.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';

type Parse = (source: { bytes: Uint8Array }) => object;
type FromRow = (file: object, row: { values: Record<string, string>; line: number }, rowIndex: number) => unknown;

const reference = path.resolve(process.env.REFERENCE_OUT ?? '');
/* eslint-disable @typescript-eslint/no-require-imports */
const parserModule = require(path.join(reference, 'src/expectations/parseTestFile.js')) as { parseTestFile: Parse };
const csvModule = require(path.join(reference, 'src/expectations/csvTests.js')) as { testFromCsvRow: FromRow };
/* eslint-enable @typescript-eslint/no-require-imports */
const texts = new Set<string>();
const rows: Array<{ text: string; row: { values: Record<string, string>; line: number }; rowIndex: number }> = [];
const textOf = new WeakMap<object, string>();
const parse = parserModule.parseTestFile;
parserModule.parseTestFile = (source) => {
  const file = parse(source);
  const text = Buffer.from(source.bytes).toString('base64');
  texts.add(text);
  textOf.set(file, text);
  return file;
};
const fromRow = csvModule.testFromCsvRow;
csvModule.testFromCsvRow = (file, row, rowIndex) => {
  const text = textOf.get(file);
  if (text !== undefined) rows.push({ text, row: { values: { ...row.values }, line: row.line }, rowIndex });
  return fromRow(file, row, rowIndex);
};
process.on('exit', () => writeFileSync(process.env.RECORD_OUT ?? 'recorded.json', JSON.stringify({ texts: [...texts], csv: rows })));
