// The verdict panel's notes under the vote tables: what the counts leave out, said in the
// singular for one vote or pair.
import { strict as assert } from 'node:assert';
import { verdictsView, voteNotes } from '../../../src/lab/verdictsView';
import { computeVerdicts } from '../../../src/review/verdicts';

describe('verdict panel notes', function () {
  it('says nothing when every vote counts', function () {
    assert.deepEqual(voteNotes({ stale: 0, incomplete: 0 }), []);
  });

  it('says one vote and one pair in the singular', function () {
    assert.deepEqual(voteNotes({ stale: 1, incomplete: 1 }), [
      '1 vote is on a cell that was run again since, and does not count.',
      '1 pair was judged one way only (a judge judges each pair both ways), and does not count.',
    ]);
  });

  it('says several in the plural', function () {
    assert.deepEqual(voteNotes({ stale: 3, incomplete: 2 }), [
      '3 votes are on cells that were run again since, and do not count.',
      '2 pairs were judged one way only (a judge judges each pair both ways), and do not count.',
    ]);
  });

  it('says whose votes it counted from which file, after the evidence, and nothing when no file was counted', function () {
    const verdicts = computeVerdicts({ cells: [] });
    assert.equal(verdictsView(verdicts, 0, []).counted, undefined);
    const view = verdictsView(verdicts, 0, [], [
      { file: 'people.welcome-email.gistrun.ada-1a5d4a3a.votes.jsonl', reviewer: 'Ada', source: 'person', lines: 1_200 },
      { file: 'people.welcome-email.gistrun.judge-gpt-4o-0f0f0f0f.votes.jsonl', reviewer: 'GPT-4o', source: 'judge', lines: 3 },
    ]);
    assert.equal(view.counted?.title, 'Whose votes were counted');
    assert.deepEqual(view.counted.tables[0]?.rows, [
      ['Ada', 'person', 'people.welcome-email.gistrun.ada-1a5d4a3a.votes.jsonl', '1,200'],
      ['GPT-4o', 'model judge', 'people.welcome-email.gistrun.judge-gpt-4o-0f0f0f0f.votes.jsonl', '3'],
    ]);
    assert.deepEqual(view.sections, [], 'not evidence: the panel still says there is none');
  });
});
