// The verdict panel's notes under the vote tables: what the counts leave out, said in the
// singular for one vote or pair.
import { strict as assert } from 'node:assert';
import { voteNotes } from '../../../src/lab/verdictsView';

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
});
