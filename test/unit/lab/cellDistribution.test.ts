// A cell of several samples in the results view: identical texts, spread of length, the flaky mark.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cellDistribution } from '../../../src/lab/cellDistribution';
import { ResultsIndex, textHash, type IndexedSample } from '../../../src/lab/resultsIndex';
import { viewRows } from '../../../src/lab/resultsRows';

function sample(text: string | null, checkPassed?: boolean): IndexedSample {
  return {
    offset: 0,
    bytes: 0,
    failed: text === null,
    errorKind: text === null ? 'service' : undefined,
    latencyMs: 100,
    length: text === null ? -1 : [...text].length,
    hash: text === null ? 0 : textHash(text),
    sortKey: '',
    callId: '',
    ...(text === null || checkPassed === undefined ? {} : { passed: checkPassed }),
  };
}

describe('results view: a cell of several samples', function () {
  it('counts identical texts, gives the spread of length, and marks a cell whose checks passed in some samples flaky', function () {
    const a = 'x'.repeat(120);
    const b = 'y'.repeat(180);
    assert.deepEqual(cellDistribution([sample(a, true), sample(a, true), sample(b, false)], 3), { text: '3 samples · 2 identical · 120–180 chars', flaky: 'flaky: passed 2 of 3' });
  });

  it('a steady cell: all identical, one length, no mark; all different texts say so', function () {
    assert.deepEqual(cellDistribution([sample('Dear Ada', true), sample('Dear Ada', true)], 2), { text: '2 samples · all identical · 8 chars' });
    assert.deepEqual(cellDistribution([sample('a'), sample('bb'), sample('ccc')], 3), { text: '3 samples · all different · 1–3 chars' });
    assert.deepEqual(cellDistribution([sample('a', false), sample('b', false)], 2), { text: '2 samples · all different · 1 chars' });
  });

  it('samples not yet recorded and failed calls count apart; a failed call is neither a pass nor a fail of the checks', function () {
    assert.deepEqual(cellDistribution([sample('Hi', true), undefined, sample(null)], 3), { text: '2 of 3 samples · 2 chars · 1 failed call' });
    assert.deepEqual(cellDistribution([sample(null), sample(null)], 2), { text: '2 samples · 2 failed calls' });
  });

  it('says nothing for a run of one sample per cell, or a cell with none yet', function () {
    assert.equal(cellDistribution([sample('Hi', true)], 1), undefined);
    assert.equal(cellDistribution([undefined, undefined], 2), undefined);
  });

  describe('read from a results file of a check run with 3 samples', function () {
    let dir: string;
    let file: string;
    const header = {
      type: 'header',
      format: 'gistrun',
      version: 1,
      gist: 'welcome-email',
      variants: ['formal'],
      samples: 3,
      data: { path: 'people.gisttest.json', sha256: 'b'.repeat(64), format: 'gisttest', rows: 2 },
      mapping: {},
      profile: 'Staging',
      host: 'gists.example.com',
      startedAt: '2026-11-24T10:00:00.000Z',
      tool: { name: 'gist-generate', version: '0.1.0' },
      extensions: { checks: 1 },
    };
    const line = (row: number, sample: number, content: string, pass: boolean): string =>
      JSON.stringify({
        type: 'result',
        row,
        line: row + 1,
        values: { name: `Person ${row}` },
        variant: 'formal',
        sample,
        callId: `call-${row}-${sample}`,
        content,
        length: [...content].length,
        error: null,
        attempts: 1,
        latencyMs: 90,
        finishedAt: '2026-11-24T10:00:01.000Z',
        checks: { pass, score: pass ? 1 : 0, reason: pass ? 'All assertions passed' : 'Expected the output to contain "Ada"', test: `Test ${row}`, assertions: [] },
      });

    beforeEach(function () {
      dir = mkdtempSync(path.join(os.tmpdir(), 'gist-cell-distribution-'));
      file = path.join(dir, 'people.gistrun.jsonl');
      const lines = [JSON.stringify(header), line(1, 1, 'Dear Ada', true), line(1, 2, 'Dear Ada', true), line(1, 3, 'Hello there, friend', false), line(2, 1, 'Hi', true), line(2, 2, 'Hi', true), line(2, 3, 'Hi', true)];
      writeFileSync(file, `${lines.join('\n')}\n`);
    });

    afterEach(function () {
      rmSync(dir, { recursive: true, force: true });
    });

    it('hands the webview each cell’s distribution and the flaky mark only where the checks disagree', async function () {
      const index = await ResultsIndex.open(file);
      const rows = await viewRows(index, [1, 2]);
      assert.deepEqual(rows[0]?.cells[0]?.distribution, { text: '3 samples · 2 identical · 8–19 chars', flaky: 'flaky: passed 2 of 3' });
      assert.deepEqual(rows[1]?.cells[0]?.distribution, { text: '3 samples · all identical · 2 chars' });
    });
  });
});
