// Outside JSON nested deeper than MAX_JSON_DEPTH: a data row (JSONL or a JSON array's element), a
// test file, a JSON Schema written as text and a workspace catalog are refused with their line and
// the reason, never a RangeError, whatever the depth; rows at or under the limit read as before,
// and the rows after a deep one are still read.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { catalogFromBytes } from '../../../src/catalog/catalogText';
import type { DataEvent } from '../../../src/dataset/dataRecord';
import { jsonArrayRows } from '../../../src/dataset/jsonArrayRows';
import { jsonlRows } from '../../../src/dataset/jsonlRows';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';
import { MAX_SCHEMA_DEPTH } from '../../../src/expectations/checkLimits';
import { failedAssertions } from '../../../src/expectations/gradeTest';
import { parseTestFile } from '../../../src/expectations/parseTestFile';
import { parseVotesFile } from '../../../src/review/votesReader';
import { ResultsIndex } from '../../../src/lab/resultsIndex';
import { MAX_JSON_DEPTH } from '../../../src/shared/limits';
import { grade } from '../expectations/checkFixture';
import { chunksOf, collect } from './chunks';
import { resultsHeaderOf } from '../../fixtures/resultsHeader';
import { resultLineOf } from '../../fixtures/resultLine';

/** JSON text nesting `depth` objects and arrays (picked by `shape`), a number innermost. */
function nested(depth: number, shape: readonly boolean[]): string {
  let open = '';
  let close = '';
  for (let level = 0; level < depth; level++) {
    const isArray = shape[level % Math.max(shape.length, 1)] ?? true;
    open += isArray ? '[' : '{"k":';
    close = (isArray ? ']' : '}') + close;
  }
  return `${open}1${close}`;
}

/** Depths around the limit, well under it and far past it. */
const depth = fc.oneof(fc.integer({ min: MAX_JSON_DEPTH - 3, max: MAX_JSON_DEPTH + 3 }), fc.integer({ min: 1, max: 50 }), fc.integer({ min: MAX_JSON_DEPTH + 4, max: 50 * MAX_JSON_DEPTH }));
const shape = fc.array(fc.boolean(), { minLength: 1, maxLength: 5 });

function rowsOf(events: readonly DataEvent[]): string[] {
  // Cut: a failing assertion would print a value a million levels deep.
  return events.map((event) => (event.kind === 'row' ? `${event.line}:${JSON.stringify(event.values)}` : event.kind === 'bad' ? `${event.line}!${event.reason}` : 'header').slice(0, 200));
}

describe('outside JSON nested past the depth limit', function () {
  before(() => loadCheckLibraries());

  // The row object is one level: a value nested `inner` deep makes a row `inner + 1` deep.
  const expectRows = (inner: number, text: string, events: readonly DataEvent[], lines: readonly [number, number, number]): void => {
    const [before, deep, after] = lines;
    const rows = rowsOf(events);
    assert.equal(rows.length, 3, rows.join('\n').slice(0, 300));
    assert.equal(rows[0], `${before}:{"a":"x"}`);
    if (inner + 1 <= MAX_JSON_DEPTH) assert.equal(rows[1], `${deep}:${JSON.stringify({ a: text })}`.slice(0, 200));
    else assert.equal(rows[1], `${deep}!it nests objects and arrays more than ${MAX_JSON_DEPTH.toLocaleString('en-US')} levels deep; flatten it`);
    assert.equal(rows[2], `${after}:{"b":"2"}`);
  };

  it('a JSONL row is a bad row at its line, and the next line is read', async function () {
    await fc.assert(
      fc.asyncProperty(depth, shape, async (inner, form) => {
        const value = nested(inner, form);
        const { events, error } = await collect(jsonlRows(chunksOf(`{"a":"x"}\n{"a":${value}}\n{"b":2}\n`, 65536)));
        assert.equal(error, undefined, String(error));
        expectRows(inner, value, events, [1, 2, 3]);
      }),
      { numRuns: 60 },
    );
  });

  it('a JSON array element is a bad row at its line, and the next element is read', async function () {
    await fc.assert(
      fc.asyncProperty(depth, shape, fc.constantFrom(97, 65536), async (inner, form, size) => {
        const value = nested(inner, form);
        const { events, error } = await collect(jsonArrayRows(chunksOf(`[{"a":"x"},\n{"a":${value}},\n{"b":2}]`, size)));
        assert.equal(error, undefined, String(error));
        expectRows(inner, value, events, [1, 2, 3]);
      }),
      { numRuns: 40 },
    );
  });

  it('a row nested a million levels deep is a bad row, not a RangeError', async function () {
    const value = nested(1_000_000, [true]);
    const jsonl = await collect(jsonlRows(chunksOf(`{"a":"x"}\n{"a":${value}}\n{"b":2}\n`, 65536)));
    assert.equal(jsonl.error, undefined, String(jsonl.error));
    expectRows(1_000_000, value, jsonl.events, [1, 2, 3]);
    const array = await collect(jsonArrayRows(chunksOf(`[{"a":"x"},\n{"a":${value}},\n{"b":2}]`, 65536)));
    assert.equal(array.error, undefined, String(array.error));
    expectRows(1_000_000, value, array.events, [1, 2, 3]);
  });

  it('a test file is refused at the line where it gets too deep; a schema given as text too', function () {
    fc.assert(
      fc.property(depth, shape, (inner, form) => {
        // The file's object, tests' array, a test and its vars: 4 levels before the value.
        const text = `{\n"tests": [\n{"vars": {"a": 1}},\n{"vars": {"b":\n${nested(inner, form)}}}]}`;
        const file = parseTestFile({ bytes: Buffer.from(text) });
        const deep = file.problems.filter((problem) => problem.message.includes('levels deep'));
        if (inner + 4 <= MAX_JSON_DEPTH) assert.deepEqual(deep, []);
        else {
          assert.equal(deep.length, 1, JSON.stringify(file.problems).slice(0, 300));
          assert.equal(deep[0]!.range.start.line, 4, 'the line of the value (0-based)');
        }
        const schema = JSON.stringify(`{"type":"object","properties":{"a":${nested(inner, form)}}}`);
        const withSchema = parseTestFile({ bytes: Buffer.from(`{"tests":[{"assert":[{"type":"is-json","value":${schema}}]}]}`) });
        // A schema has a tighter limit of its own (MAX_SCHEMA_DEPTH): refused, whatever the depth, never thrown.
        const schemaDeep = withSchema.problems.filter((problem) => /nests deeper than|levels deep/.test(problem.message));
        if (inner + 2 > MAX_SCHEMA_DEPTH) assert.equal(schemaDeep.length, 1, JSON.stringify(withSchema.problems).slice(0, 300));
        else assert.equal(schemaDeep.length, 0, JSON.stringify(withSchema.problems).slice(0, 300));
      }),
      { numRuns: 60 },
    );
  });

  it('a workspace catalog is refused with the line where it gets too deep', function () {
    fc.assert(
      fc.property(depth, shape, (inner, form) => {
        const parsed = catalogFromBytes(Buffer.from(`{\n"gists": [\n${nested(inner, form)}]}`), 'workspace', 'workspace');
        const deep = !parsed.ok && parsed.reason.includes('levels deep');
        assert.equal(deep, inner + 2 > MAX_JSON_DEPTH, parsed.ok ? 'read' : parsed.reason);
        if (deep) assert.match(parsed.ok ? '' : parsed.reason, /line 3\b/);
      }),
      { numRuns: 40 },
    );
  });

  it('an output nested past the limit fails equals with the reason, never a stack overflow', function () {
    // Up to 50 times the limit: past a few hundred kilobytes the output's parse is over the assertion work cap, which fails the assertion either way (not- too).
    fc.assert(
      fc.property(fc.integer({ min: MAX_JSON_DEPTH + 1, max: 50 * MAX_JSON_DEPTH }), shape, (inner, form) => {
        const output = nested(inner, form);
        const [failed] = failedAssertions(grade([{ type: 'equals', value: { k: 1 } }], output));
        assert.ok(failed !== undefined);
        assert.doesNotMatch(failed.reason, /call stack|could not be evaluated/, failed.reason);
        assert.match(failed.reason, /as JSON/);
        assert.equal(grade([{ type: 'not-equals', value: { k: 1 } }], output).pass, true);
      }),
      { numRuns: 20 },
    );
  });

  it('a votes line or a results line past the limit is a problem at its line, its members never quoted', async function () {
    // A votes header may be 64 KiB: 30,000 levels fit.
    for (const inner of [MAX_JSON_DEPTH, 30_000]) {
      const votes = parseVotesFile(`{"type":"header","format":"gist-votes","version":${nested(inner, [true])}}\n`);
      assert.deepEqual(
        votes.problems.map((problem) => `${problem.line}: ${problem.message}`.slice(0, 120)),
        [`1: the line nests objects and arrays more than ${MAX_JSON_DEPTH.toLocaleString('en-US')} levels deep`],
      );
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gist-deep-results-'));
    try {
      const file = path.join(dir, 'deep.gistrun.jsonl');
      const deep = JSON.stringify({ ...resultLineOf({ row: 2, variant: 'formal', content: 'x' }), extensions: 'DEEP' }).replace('"DEEP"', nested(5_000, [false]));
      writeFileSync(file, `${[JSON.stringify(resultsHeaderOf({}, 3)), JSON.stringify(resultLineOf({ row: 1, variant: 'formal', content: 'a' })), deep, JSON.stringify(resultLineOf({ row: 3, variant: 'formal', content: 'c' }))].join('\n')}\n`);
      const index = await ResultsIndex.open(file);
      assert.deepEqual([...index.rows.keys()].sort(), [1, 3]);
      assert.deepEqual(index.problems, [`Line 3 nests objects and arrays more than ${MAX_JSON_DEPTH.toLocaleString('en-US')} levels deep; it is skipped.`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
