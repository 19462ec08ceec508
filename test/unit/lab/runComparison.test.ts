// Compare with an earlier run: whether two results files can be compared (and the sentence that
// says why not), and each cell's change between them, counted per variant, over hand-written
// results files, hostile lines included.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cellPreviews, openComparison, type OpenedComparison } from '../../../src/lab/comparisonFiles';
import { comparedCells, REGRESSIONS, type CellChange } from '../../../src/lab/runComparison';
import { resultsHeaderOf } from '../../fixtures/resultsHeader';

const SHA = 'a'.repeat(64);

function header(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify(resultsHeaderOf({ data: { path: 'people.csv', sha256: SHA, format: 'csv', rows: 4 }, ...overrides }));
}

function result(row: number, variant: string | null, content: string | null, options: { sample?: number; error?: string } = {}): string {
  const failed = content === null;
  return JSON.stringify({
    type: 'result',
    row,
    line: row + 1,
    values: { name: `Person ${row}` },
    variant,
    sample: options.sample ?? 1,
    callId: failed ? null : `call-${row}-${variant}`,
    content,
    length: failed ? null : [...content].length,
    error: failed ? { kind: options.error ?? 'service', message: 'The gist service failed (HTTP 500).' } : null,
    attempts: 1,
    latencyMs: 100,
    finishedAt: '2026-11-24T10:00:01.000Z',
  });
}

describe('compare with an earlier run (pure)', function () {
  let dir: string;
  const write = (name: string, lines: readonly string[]): string => {
    const file = path.join(dir, name);
    writeFileSync(file, lines.length === 0 ? '' : `${lines.join('\n')}\n`);
    return file;
  };
  const opened = async (a: string, b: string): Promise<OpenedComparison> => {
    const opening = await openComparison(a, b);
    assert.ok(opening.ok, opening.ok ? '' : opening.refusal.message);
    return opening.opened;
  };

  beforeEach(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-compare-'));
  });

  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  it('classifies every cell: same, changed, newly failing, newly passing, only in one run; counted per variant', async function () {
    const earlier = write('monday.gistrun.jsonl', [
      header(),
      result(1, 'formal', 'Dear Al'),
      result(1, 'friendly', 'Hi Al'),
      result(2, 'formal', 'Dear Bea'),
      result(2, 'friendly', null),
      result(3, 'formal', 'Dear Cy'),
      result(4, 'formal', 'Dear Di'),
    ]);
    const later = write('tuesday.gistrun.jsonl', [
      header({ startedAt: '2026-11-25T10:00:00.000Z' }),
      result(1, 'formal', 'Dear Al'),
      result(1, 'friendly', 'Hey Al!'),
      result(2, 'formal', null, { error: 'timeout' }),
      result(2, 'friendly', 'Hi Bea'),
      result(3, 'friendly', 'Hi Cy'),
    ]);
    // Given in either order, the earlier run is the one that started first.
    const { comparison, earlier: before } = await opened(later, earlier);
    assert.equal(before.path, earlier);
    assert.deepEqual(
      comparison.rows.map((row) => [row.row, ...row.changes]),
      [
        [1, 'same', 'changed'],
        [2, 'newlyFailing', 'newlyPassing'],
        [3, 'onlyEarlier', 'onlyLater'],
        [4, 'onlyEarlier', undefined],
      ],
    );
    const formal = comparison.variants[0]!;
    assert.equal(formal.label, 'formal');
    assert.deepEqual(formal.counts, { newlyFailing: 1, changed: 0, newlyPassing: 0, same: 1, onlyEarlier: 2, onlyLater: 0 });
    assert.deepEqual(comparison.variants[1]!.counts, { newlyFailing: 0, changed: 1, newlyPassing: 1, same: 0, onlyEarlier: 0, onlyLater: 1 });
    assert.equal(comparison.total.newlyFailing + comparison.total.changed + comparison.total.newlyPassing + comparison.total.same + comparison.total.onlyEarlier + comparison.total.onlyLater, 7);
    assert.deepEqual(comparedCells(comparison, REGRESSIONS), [{ row: 2, variant: 0, change: 'newlyFailing' }]);
  });

  it('shows both sides of a cell as inert previews: a failure says why, a missing side is empty', async function () {
    const earlier = write('a.gistrun.jsonl', [header(), result(1, 'formal', 'Dear\u202eAl\u200b'), result(2, 'formal', 'x'.repeat(2_000))]);
    const later = write('b.gistrun.jsonl', [header({ startedAt: '2026-11-25T10:00:00.000Z' }), result(1, 'formal', null), result(3, 'formal', 'Dear Cy')]);
    const run = await opened(earlier, later);
    const cells = comparedCells(run.comparison);
    const previews = await cellPreviews(run, cells);
    assert.deepEqual(
      cells.map((cell) => cell.change),
      ['newlyFailing', 'onlyEarlier', 'onlyLater'],
    );
    assert.ok(!/[\u202e\u200b]/.test(previews[0]!.earlier), 'bidi and invisible characters are made visible');
    assert.match(previews[0]!.earlier, /U\+202E/);
    assert.match(previews[0]!.later, /^⚠ service: The gist service failed/);
    assert.ok(previews[1]!.earlier.length < 500, 'a long text is cut');
    assert.equal(previews[1]!.later, '');
    assert.equal(previews[2]!.earlier, '');
  });

  it('skips hostile and malformed lines on either side, and compares what remains', async function () {
    const hostile = [
      'not json at all',
      JSON.stringify({ type: 'result', row: 'x' }),
      JSON.stringify({ type: 'result', row: 1, variant: 'formal', sample: 1, content: 42 }),
      JSON.stringify({ ...JSON.parse(result(1, 'nobody', 'Who?')) }),
      JSON.stringify({ __proto__: { polluted: true }, type: 'result' }),
      '{"type":"result","row":1,',
    ];
    const earlier = write('a.gistrun.jsonl', [header(), ...hostile, result(1, 'formal', 'Dear Al')]);
    const later = write('b.gistrun.jsonl', [header({ startedAt: '2026-11-25T10:00:00.000Z' }), result(1, 'formal', 'Dear Al'), ...hostile]);
    const run = await opened(earlier, later);
    assert.ok(run.earlier.problemTotal >= 5 && run.later.problemTotal >= 5, 'each side says which lines it skipped');
    assert.deepEqual(
      run.comparison.rows.map((row) => row.changes),
      [['same', undefined]],
    );
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('with several samples a cell passes only when every sample does, and its texts are a set', async function () {
    const two = { samples: 2 };
    const earlier = write('a.gistrun.jsonl', [header(two), result(1, 'formal', 'A', { sample: 1 }), result(1, 'formal', 'B', { sample: 2 }), result(2, 'formal', 'C', { sample: 1 }), result(2, 'formal', 'C', { sample: 2 })]);
    const later = write('b.gistrun.jsonl', [
      header({ ...two, startedAt: '2026-11-25T10:00:00.000Z' }),
      result(1, 'formal', 'B', { sample: 1 }),
      result(1, 'formal', 'A', { sample: 2 }),
      result(2, 'formal', 'C', { sample: 1 }),
      result(2, 'formal', null, { sample: 2 }),
    ]);
    const run = await opened(earlier, later);
    assert.deepEqual(
      run.comparison.rows.map((row) => row.changes[0]),
      ['same', 'newlyFailing'] satisfies CellChange[],
    );
  });

  it('matches the Automatic variant (null) by its label, and a variant only one run has', async function () {
    const earlier = write('a.gistrun.jsonl', [header({ variants: [null] }), result(1, null, 'Hello')]);
    const later = write('b.gistrun.jsonl', [header({ variants: ['formal', null], startedAt: '2026-11-25T10:00:00.000Z' }), result(1, null, 'Hello'), result(1, 'formal', 'Dear')]);
    const { comparison } = await opened(earlier, later);
    assert.deepEqual(
      comparison.variants.map((variant) => [variant.label, variant.earlier, variant.later]),
      [
        ['formal', undefined, 0],
        ['Automatic', 0, 1],
      ],
    );
    assert.deepEqual(comparison.rows[0]!.changes, ['onlyLater', 'same']);
  });

  it('refuses two runs it cannot compare, and says precisely why', async function () {
    const base = write('a.gistrun.jsonl', [header(), result(1, 'formal', 'Dear Al')]);
    const otherGist = write('b.gistrun.jsonl', [header({ gist: 'invoice-reminder' }), result(1, 'formal', 'Dear Al')]);
    const editedData = write('c.gistrun.jsonl', [header({ data: { path: 'people.csv', sha256: 'b'.repeat(64), format: 'csv', rows: 4 } })]);
    const otherData = write('d.gistrun.jsonl', [header({ data: { path: 'customers.csv', sha256: 'c'.repeat(64), format: 'csv', rows: 4 } })]);
    const notResults = write('e.gistrun.jsonl', ['{"hello": "world"}']);
    const empty = write('f.gistrun.jsonl', []);
    const refusal = async (a: string, b: string): Promise<{ kind: string; message: string }> => {
      const opening = await openComparison(a, b);
      assert.ok(!opening.ok, 'refused');
      return opening.refusal;
    };
    const gist = await refusal(base, otherGist);
    assert.equal(gist.kind, 'differentGist');
    assert.equal(gist.message, 'a.gistrun.jsonl is a run of the gist “welcome-email”, b.gistrun.jsonl of “invoice-reminder”: only runs of the same gist can be compared.');
    const edited = await refusal(base, editedData);
    assert.equal(edited.kind, 'differentData');
    assert.match(edited.message, /^The data file “people\.csv” changed between the two runs \(SHA-256 aaaaaaaaaaaa… in a\.gistrun\.jsonl, bbbbbbbbbbbb… in c\.gistrun\.jsonl\)/);
    const other = await refusal(base, otherData);
    assert.match(other.message, /ran over “people\.csv” .*over “customers\.csv”.*only runs over the same data/);
    assert.equal((await refusal(base, base)).kind, 'sameFile');
    const broken = await refusal(base, notResults);
    assert.equal(broken.kind, 'notResults');
    assert.match(broken.message, /^e\.gistrun\.jsonl: This is not a results file of a gist run/);
    assert.match((await refusal(empty, base)).message, /^f\.gistrun\.jsonl: The results file has no header line yet/);
    assert.equal((await refusal(base, path.join(dir, 'gone.gistrun.jsonl'))).kind, 'notResults');
  });

  it('keeps a hostile gist name inert and short in the sentence', async function () {
    const a = write('a.gistrun.jsonl', [header({ gist: `evil\n<script>alert(1)</script>${'x'.repeat(500)}` })]);
    const b = write('b.gistrun.jsonl', [header()]);
    const opening = await openComparison(a, b);
    assert.ok(!opening.ok);
    assert.ok(!opening.refusal.message.includes('\n'));
    assert.ok(opening.refusal.message.length < 400, `${opening.refusal.message.length} characters`);
  });
});
