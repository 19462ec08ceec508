// A votes file speaks only for the reviewer its name is for: its header must name exactly that
// reviewer (and source), or it is refused with the reason. Files are merged by the reviewer inside,
// so a file named for one reviewer whose header claims another would add to or reverse that one's
// votes. Names that look alike, differ in case or Unicode form, or carry path tricks are other reviewers.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { VoteSource } from '../../../src/review/votes';
import { votesFileIdentityProblem } from '../../../src/review/votesFileIdentity';
import { isVotesFileOf, votesFileName } from '../../../src/review/votesFileName';

const RESULTS = 'people.welcome-email.gistrun.jsonl';
const sources = fc.constantFrom<VoteSource>('person', 'judge');

/** Names and their near misses: case, Unicode forms, lookalike letters, invisible characters, path pieces. */
const reviewerNames = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }),
  fc.constantFrom('Ada', 'ada', 'ADA', 'Аda', 'Ada\u200B', 'Ada ', ' Ada', 'Zoë', 'Zoe\u0308', 'Ａｄａ', '../Ada', 'Ada/../Grace', 'Ada\\Grace', 'Ada\u0000', 'Ada.votes.jsonl', 'judge-Ada', 'GPT-4o', 'gpt-4o', 'GPT‑4o'),
);

describe('votes file identity', function () {
  it('accepts a file named for the reviewer and source its header names', function () {
    fc.assert(fc.property(reviewerNames, sources, (reviewer, source) => assert.equal(votesFileIdentityProblem(votesFileName(RESULTS, reviewer, source), RESULTS, { reviewer, source }), undefined)));
  });

  it('refuses a file named for anyone else, or for the other source, whatever the names look like', function () {
    fc.assert(
      fc.property(reviewerNames, sources, reviewerNames, sources, (named, namedSource, claimed, claimedSource) => {
        fc.pre(named !== claimed || namedSource !== claimedSource);
        const problem = votesFileIdentityProblem(votesFileName(RESULTS, named, namedSource), RESULTS, { reviewer: claimed, source: claimedSource });
        assert.ok(problem !== undefined, `a file named for ${JSON.stringify(named)} (${namedSource}) speaks for ${JSON.stringify(claimed)} (${claimedSource})`);
        assert.match(problem, /not counted/);
      }),
      { numRuns: 2_000 },
    );
  });

  it('tells apart names that differ only in case, Unicode form, a lookalike letter or an invisible character', function () {
    const pairs: Array<[string, string]> = [
      ['Ada', 'ada'],
      ['Ada', 'Аda'],
      ['Ada', 'Ada\u200B'],
      ['Ada', 'Ada '],
      ['Zoë', 'Zoe\u0308'],
      ['Ada', 'Ａｄａ'],
      ['GPT-4o', 'GPT‑4o'],
    ];
    for (const [named, claimed] of pairs) {
      assert.equal(isVotesFileOf(RESULTS, votesFileName(RESULTS, named, 'person')), true);
      assert.ok(votesFileIdentityProblem(votesFileName(RESULTS, named, 'person'), RESULTS, { reviewer: claimed, source: 'person' }), `${JSON.stringify(named)} vs ${JSON.stringify(claimed)}`);
      assert.ok(votesFileIdentityProblem(votesFileName(RESULTS, claimed, 'person'), RESULTS, { reviewer: named, source: 'person' }), `${JSON.stringify(claimed)} vs ${JSON.stringify(named)}`);
    }
  });

  it('refuses a file without the name’s hash (a hand-made name) and a file of another results file, and says the name it should have', function () {
    const problem = votesFileIdentityProblem('people.welcome-email.gistrun.ada.votes.jsonl', RESULTS, { reviewer: 'Ada', source: 'person' });
    assert.ok(problem?.includes(votesFileName(RESULTS, 'Ada', 'person')), problem);
    assert.ok(votesFileIdentityProblem(votesFileName('other.gistrun.jsonl', 'Ada', 'person'), RESULTS, { reviewer: 'Ada', source: 'person' }));
  });

  it('quotes the claimed name as JSON, cut short, so it cannot break the sentence', function () {
    const problem = votesFileIdentityProblem(votesFileName(RESULTS, 'Ada', 'person'), RESULTS, { reviewer: `Grace"\n${'x'.repeat(300)}`, source: 'person' }) ?? '';
    assert.doesNotMatch(problem, /\n/);
    assert.ok(problem.includes('"Grace\\"\\nxxx'), problem);
    assert.ok(problem.length < 400, `${problem.length} characters`);
  });
});
