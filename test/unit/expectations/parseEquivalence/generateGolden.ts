// Writes golden.json.gz: every case of the corpus with the result main's parser gave, for
// parseEquivalence.test.ts. Run against a build of main (the parser as it was before the
// speed-up), from a fake repository root whose out/ is that build:
//
//   node out/test/unit/expectations/parseEquivalence/generateGolden.js <main's out dir> [recorded.json]
//
// recorded.json lists the texts the unit tests parse; make it by running main's unit tests of
// expectations, checks, cli and lab with `-r out/test/unit/expectations/parseEquivalence/recordParses.js`
// (RECORD_OUT=<file>, REFERENCE_OUT=<main's out dir>).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { checksFile, discoveryFile } from '../../../../bench/checksRun';
import { type CsvCase, type GoldenCase, type Parser, resultOf, SAMPLE_ROWS, writeGolden } from './cases';
import { generatedTexts } from './corpus';

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

async function main(): Promise<void> {
  const [reference, recordedFile] = process.argv.slice(2);
  if (reference === undefined) throw new Error('usage: generateGolden <main out dir> [recorded.json]');
  /* eslint-disable @typescript-eslint/no-require-imports */
  const parser: Parser = {
    parseTestFile: (require(path.resolve(reference, 'src/expectations/parseTestFile.js')) as Pick<Parser, 'parseTestFile'>).parseTestFile,
    testFromCsvRow: (require(path.resolve(reference, 'src/expectations/csvTests.js')) as Pick<Parser, 'testFromCsvRow'>).testFromCsvRow,
  };
  await (require(path.resolve(reference, 'src/expectations/checkLibraries.js')) as { loadCheckLibraries: () => Promise<unknown> }).loadCheckLibraries();
  /* eslint-enable @typescript-eslint/no-require-imports */
  const inputs: Array<{ name: string; bytes: string; rows?: readonly CsvCase[] }> = [
    { name: 'bench checksFile(1000)', bytes: base64(checksFile(1000)) },
    { name: 'bench checksFile(3)', bytes: base64(checksFile(3)) },
    ...[0, 1, 2, 99, 199].map((index) => ({ name: `bench discoveryFile(${index})`, bytes: base64(discoveryFile(index)), rows: SAMPLE_ROWS })),
    { name: 'screenshots demo welcome-email.gisttest.json', bytes: readFileSync(path.join(__dirname, '..', '..', '..', '..', '..', 'test', 'screenshots', 'demo', 'workspace', 'checks', 'welcome-email.gisttest.json')).toString('base64') },
  ];
  if (recordedFile !== undefined) {
    const recorded = JSON.parse(readFileSync(recordedFile, 'utf8')) as { texts: string[]; csv: Array<{ text: string; row: CsvCase['row']; rowIndex: number }> };
    recorded.texts.forEach((bytes, index) => inputs.push({ name: `unit test text ${index}`, bytes }));
    recorded.csv.forEach(({ text, row, rowIndex }, index) => inputs.push({ name: `unit test CSV row ${index}`, bytes: text, rows: [{ row, rowIndex }] }));
  }
  generatedTexts().forEach((text, index) => {
    inputs.push({ name: `generated ${index}`, bytes: base64(text), ...(index % 4 === 0 ? { rows: SAMPLE_ROWS } : {}) });
    // Windows line ends and a byte order mark on some: positions count characters, not bytes.
    if (index % 10 === 0) inputs.push({ name: `generated ${index}, CRLF and BOM`, bytes: base64(`\uFEFF${text.replace(/\n/g, '\r\n')}`) });
  });
  const cases: GoldenCase[] = inputs.map((input) => ({ ...input, result: resultOf(parser, input.bytes, input.rows) }));
  writeGolden(cases);
  console.log(`${cases.length} cases written`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
