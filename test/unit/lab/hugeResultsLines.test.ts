// A results file's line holding a huge structure (hundreds of thousands of members or items) is
// skipped by the results view's index and by the results reader before it is parsed: JSON.parse
// of such a line took seconds on the extension host (12 s for 32 MiB of members), while a line a
// run writes holds a few hundred values at most. Work is measured by what the line holds, never
// by the clock.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { ResultsIndex } from '../../../src/lab/resultsIndex';
import { jsonValueCount } from '../../../src/runs/resultsLineJson';
import { openResults, type ResultsEntry } from '../../../src/runs/resultsReader';
import { MAX_RESULT_LINE_VALUES } from '../../../src/shared/limits';
import { resultsHeaderOf } from '../../fixtures/resultsHeader';
import { resultLineOf } from '../../fixtures/resultLine';

/** A result line of row 2 whose `extensions` member holds an object of `members` members. */
function lineWithMembers(members: number): string {
  const line = JSON.stringify({ ...resultLineOf({ row: 2, variant: 'formal', content: 'Dear Bea' }), extensions: 'HUGE' });
  const huge = `{${Array.from({ length: members }, (_, i) => `"k${i}":0`).join(',')}}`;
  return line.replace('"HUGE"', huge);
}

describe('results lines holding a huge structure', function () {
  let dir: string;

  before(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-huge-lines-'));
  });

  after(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [label, members] of [
    ['just past the cap', MAX_RESULT_LINE_VALUES],
    ['of megabytes', 400_000],
  ] as const) {
    it(`a line ${label} is a problem at its line, skipped unparsed; the lines around it are read`, async function () {
      const file = path.join(dir, `huge-${members}.gistrun.jsonl`);
      const lines = [JSON.stringify(resultsHeaderOf({}, 3)), JSON.stringify(resultLineOf({ row: 1, variant: 'formal', content: 'Dear Al' })), lineWithMembers(members), JSON.stringify(resultLineOf({ row: 3, variant: 'formal', content: 'Dear Cy' }))];
      writeFileSync(file, `${lines.join('\n')}\n`);
      const expected = `holds more than ${MAX_RESULT_LINE_VALUES.toLocaleString('en-US')} JSON values`;

      const index = await ResultsIndex.open(file);
      assert.deepEqual([...index.rows.keys()].sort(), [1, 3]);
      assert.equal(index.problems.length, 1, index.problems.join('\n'));
      assert.ok(index.problems[0]!.startsWith(`Line 3 ${expected}`), index.problems[0]);

      const { entries } = await openResults(file);
      const read: ResultsEntry[] = [];
      for await (const entry of entries) read.push(entry);
      assert.deepEqual(
        read.map((entry) => (entry.kind === 'invalid' && entry.problem.startsWith(`it ${expected}`) ? `${entry.lineNumber}: too many values` : entry.kind)),
        ['line', '3: too many values', 'line'],
      );
    });
  }

  it('a line just under the cap is parsed and read as usual', async function () {
    const file = path.join(dir, 'under.gistrun.jsonl');
    // The line's own members count too: a hundred fewer leaves room for them.
    const lines = [JSON.stringify(resultsHeaderOf({}, 3)), lineWithMembers(MAX_RESULT_LINE_VALUES - 100)];
    writeFileSync(file, `${lines.join('\n')}\n`);
    const index = await ResultsIndex.open(file);
    assert.deepEqual(index.problems, []);
    assert.deepEqual([...index.rows.keys()], [2]);
  });

  it('counts the values of any JSON text as its parsed value holds them, strings with quotes, backslashes and brackets included', function () {
    /** Members or items of each object and array (1 for an empty one), by walking the parsed value. */
    const reference = (value: unknown): number => {
      if (typeof value !== 'object' || value === null) return 0;
      const children = Object.values(value);
      return Math.max(1, children.length) + children.reduce((sum: number, child) => sum + reference(child), 0);
    };
    const tricky = fc.array(fc.constantFrom('"', '\\', '\\"', ',', '[', '{', ']', '}', ':', 'a', ' ', '\u2028'), { maxLength: 6 }).map((parts) => parts.join(''));
    const value = fc.letrec((tie) => ({
      json: fc.oneof({ depthSize: 'small' }, tricky, fc.integer(), fc.constant(null), fc.array(tie('json'), { maxLength: 5 }), fc.dictionary(tricky, tie('json'), { maxKeys: 5 })),
    })).json;
    fc.assert(
      fc.property(value, fc.boolean(), (json, indented) => {
        const text = indented ? JSON.stringify(json, null, 2) : JSON.stringify(json);
        assert.equal(jsonValueCount(text), reference(json), text);
      }),
      { numRuns: 500 },
    );
  });

  it('stops counting once past the cap: a line of a million members costs as much as one just past it', function () {
    const huge = lineWithMembers(1_000_000);
    assert.equal(jsonValueCount(huge, MAX_RESULT_LINE_VALUES), MAX_RESULT_LINE_VALUES + 1);
  });
});
