// Resuming a review: the next unreviewed pair, undone pairs first, skips only when asked, and a pair
// asked again when its cells were rerun.
import { strict as assert } from 'node:assert';
import { scheduleReview } from '../../../src/review/pairScheduler';
import { reviewerActions } from '../../../src/review/reviewerActions';
import { reviewProgress } from '../../../src/review/reviewProgress';
import { skipEntry, undoEntry, voteEntry } from '../../../src/review/votesWriter';
import type { VotesEntry } from '../../../src/review/votes';
import { cells } from './reviewFixtures';

const by = { reviewer: 'Ada', source: 'person' as const };
const schedule = scheduleReview(cells(10, ['formal', 'friendly']), { seed: 7 });

function progress(entries: readonly VotesEntry[], options: { includeSkipped?: boolean } = {}): ReturnType<typeof reviewProgress> {
  return reviewProgress(schedule, reviewerActions('Ada', 'person', entries), options);
}

describe('review progress', () => {
  it('starts at the first pair and resumes at the next unreviewed one', () => {
    assert.equal(progress([]).next, schedule[0]);
    const entries = schedule.slice(0, 4).map((pair) => voteEntry(pair, 'left', by));
    const resumed = progress(entries);
    assert.equal(resumed.voted, 4);
    assert.equal(resumed.next, schedule[4]);
    assert.equal(resumed.queue.length, 6);
    assert.equal(resumed.total, 10);
  });

  it('asks an undone pair again first, most recent undo first', () => {
    const votes = schedule.slice(0, 5).map((pair) => voteEntry(pair, 'left', by));
    const entries = [...votes, undoEntry(votes[1]?.id ?? '', by), undoEntry(votes[3]?.id ?? '', by)];
    const resumed = progress(entries);
    assert.equal(resumed.voted, 3);
    assert.deepEqual(resumed.queue.slice(0, 3), [schedule[3], schedule[1], schedule[5]]);
    // Voting again on it takes it out of the queue.
    const revoted = progress([...entries, voteEntry(schedule[3]!, 'right', by)]);
    assert.deepEqual(revoted.queue.slice(0, 2), [schedule[1], schedule[5]]);
  });

  it('counts the last vote on a pair, and undoing it brings the earlier one back', () => {
    const pair = schedule[0]!;
    const first = voteEntry(pair, 'left', by);
    const second = voteEntry(pair, 'right', by);
    assert.equal(reviewerActions('Ada', 'person', [first, second]).current.get(pair.key), second);
    assert.equal(reviewerActions('Ada', 'person', [first, second, undoEntry(second.id, by)]).current.get(pair.key), first);
    // An undo of an unknown or already undone line changes nothing.
    assert.equal(reviewerActions('Ada', 'person', [first, undoEntry('nope', by)]).current.get(pair.key), first);
    assert.equal(reviewerActions('Ada', 'person', [first, second, undoEntry(second.id, by), undoEntry(second.id, by)]).current.get(pair.key), first);
  });

  it('does not ask skipped pairs again unless asked to', () => {
    const entries = [skipEntry(schedule[0]!, by), voteEntry(schedule[1]!, 'tie', by)];
    const resumed = progress(entries);
    assert.equal(resumed.skipped, 1);
    assert.ok(!resumed.queue.includes(schedule[0]!));
    assert.equal(progress(entries, { includeSkipped: true }).queue.at(-1), schedule[0]);
  });

  it('asks again a pair whose cells were rerun since the vote (another call id)', () => {
    const entries = [voteEntry(schedule[0]!, 'left', by)];
    const rerun = cells(10, ['formal', 'friendly'], 1, (cell) => (cell.row === schedule[0]!.row && cell.variant === 'formal' ? { callId: 'call-rerun' } : {}));
    const newSchedule = scheduleReview(rerun, { seed: 7 });
    const resumed = reviewProgress(newSchedule, reviewerActions('Ada', 'person', entries));
    assert.equal(resumed.voted, 0);
    assert.equal(resumed.queue.length, 10);
  });
});
