// parseTestFile (and testFromCsvRow after it) give exactly what main's parser gave before it was
// made faster: tests, checks, vars (null-prototype records), problems with their messages and
// ranges, defaults, in the same order, for every case of a frozen corpus: the benches' files, the
// texts the unit tests parse, and ~600 fast-check texts (wrong types, duplicate and unknown keys,
// comments, trailing commas, bad regexes, deep nesting, broken JSON). The expected results were
// written by main's build into parseEquivalence/golden.json.gz (parseEquivalence/generateGolden.ts).
import { strict as assert } from 'node:assert';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';
import { testFromCsvRow } from '../../../src/expectations/csvTests';
import { parseTestFile } from '../../../src/expectations/parseTestFile';
import { type Parser, readGolden, resultOf } from './parseEquivalence/cases';

const parser: Parser = { parseTestFile, testFromCsvRow };

/** Where two results part, with some context, for a readable failure. */
function firstDifference(expected: string, actual: string): string {
  let at = 0;
  while (at < expected.length && expected[at] === actual[at]) at++;
  const from = Math.max(0, at - 160);
  return `at character ${at}:\n  main: …${expected.slice(from, at + 120)}\n  now:  …${actual.slice(from, at + 120)}`;
}

describe('checks: parsing a test file gives what main gave (frozen corpus)', () => {
  before(() => loadCheckLibraries());

  it('every case of the corpus parses to the same tests, problems, ranges and defaults', () => {
    const cases = readGolden();
    assert.ok(cases.length > 900, `the corpus has ${cases.length} cases`);
    const differing: string[] = [];
    for (const golden of cases) {
      const actual = resultOf(parser, golden.bytes, golden.rows);
      if (actual !== golden.result) differing.push(`${golden.name} ${firstDifference(golden.result, actual)}`);
    }
    assert.equal(differing.length, 0, `${differing.length} of ${cases.length} cases differ; the first:\n${differing.slice(0, 3).join('\n')}`);
  });

  it('parsing a file twice in one process gives the same result (no state kept between files)', () => {
    const [bench] = readGolden();
    assert.equal(resultOf(parser, bench!.bytes, bench!.rows), resultOf(parser, bench!.bytes, bench!.rows));
    assert.equal(resultOf(parser, bench!.bytes, bench!.rows), bench!.result);
  });
});
