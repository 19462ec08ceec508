// The judge reads a results file as the review pairs it: each cell with its call id and a digest of
// its text, Automatic named as the results view names it, failed cells never paired; a pair's texts
// read back only while its cells are the ones that were paired. And the command's arguments.
import { strict as assert } from 'node:assert';
import { rmSync } from 'node:fs';
import { parseJudgeArgs } from '../../../src/judge/judgeArgs';
import { judgeCells, PairReader } from '../../../src/judge/judgeCells';
import { consentCounts, SAMPLE_PAIRS } from '../../../src/judge/judgeConsentQuestion';
import { planJudging } from '../../../src/judge/judgePlan';
import { ResultsIndex } from '../../../src/lab/resultsIndex';
import { scheduleReview } from '../../../src/review/pairScheduler';
import { writeResults } from './judgeFixtures';

describe('judge cells', function () {
  let dir = '';
  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads every cell with its call id, Automatic as "Automatic", failures as failures', async function () {
    const written = writeResults(['formal', null], [
      { row: 1, variant: 'formal', content: 'Dear Ada' },
      { row: 1, variant: null, content: 'Hi Ada' },
      { row: 2, variant: 'formal', content: null },
      { row: 2, variant: null, content: 'Hi Bo' },
    ]);
    dir = written.dir;
    const index = await ResultsIndex.open(written.file);
    const { variants, cells } = await judgeCells(index);
    assert.deepEqual(variants, ['formal', 'Automatic']);
    assert.deepEqual(
      cells.map((cell) => [cell.row, cell.sample, cell.variant, cell.callId, cell.error ?? 'ok']),
      [
        [1, 1, 'formal', 'call-1-formal-1', 'ok'],
        [1, 1, 'Automatic', 'call-1-null-1', 'ok'],
        [2, 1, 'formal', '', 'service'],
        [2, 1, 'Automatic', 'call-2-null-1', 'ok'],
      ],
    );
    const schedule = scheduleReview(cells, { seed: 1, variants });
    assert.equal(schedule.length, 1, 'row 2 has a failed cell');
    const reader = await PairReader.open(index, variants);
    try {
      const pair = schedule[0]!;
      const texts = await reader.texts(pair);
      assert.deepEqual({ ...texts?.values }, { name: 'Person 1' });
      assert.deepEqual(new Set([texts?.left, texts?.right]), new Set(['Dear Ada', 'Hi Ada']));
      // A cell rerun since the pair was made has another call id: not read as the pair's.
      assert.equal(await reader.texts({ ...pair, left: { ...pair.left, callId: 'call-old' } }), undefined);
    } finally {
      await reader.close();
    }
  });

  it('offers a random sample of 50 pairs when more are pending, and counts the requests', async function () {
    const cells = Array.from({ length: 60 }, (_, i) => [
      { row: i + 1, variant: 'formal', content: `Dear ${i}` },
      { row: i + 1, variant: 'friendly', content: `Hi ${i}` },
    ]).flat();
    const written = writeResults(['formal', 'friendly'], cells);
    dir = written.dir;
    const { cells: read, variants } = await judgeCells(await ResultsIndex.open(written.file));
    const plan = planJudging(scheduleReview(read, { seed: 3, variants }), undefined);
    assert.deepEqual(consentCounts(plan.pending), { pendingPairs: 60, requests: 120, sample: { pairs: SAMPLE_PAIRS, requests: 100 } });
    assert.deepEqual(consentCounts(plan.pending.slice(0, 10)), { pendingPairs: 10, requests: 20 });
  });
});

describe('judge arguments', function () {
  it('takes {resultsFile, model, instruction} and refuses what it cannot use', function () {
    assert.deepEqual(parseJudgeArgs({ resultsFile: '/a.gistrun.jsonl', model: { id: 'gpt-4o', vendor: 'copilot' }, instruction: 'Prefer short.' }), {
      ok: true,
      args: { resultsFile: '/a.gistrun.jsonl', model: { id: 'gpt-4o', vendor: 'copilot' }, instruction: 'Prefer short.' },
    });
    assert.deepEqual(parseJudgeArgs({}), { ok: true, args: {} });
    assert.equal(parseJudgeArgs('file').ok, false);
    assert.equal(parseJudgeArgs({ model: 'gpt-4o' }).ok, false);
    assert.equal(parseJudgeArgs({ instruction: ' ' }).ok, false);
    assert.equal(parseJudgeArgs({ resultsFile: 3 }).ok, false);
  });
});
