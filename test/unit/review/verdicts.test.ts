// The verdict model on runs whose figures can be worked out by hand: counts, the win rate and its
// interval, the sign test, the power rule, the checks' McNemar test, paired differences, judges kept
// apart (swapped sides, disagreement a tie), stale votes, Bradley–Terry for three variants, flaky
// cells, and the one sentence at the top.
import { strict as assert } from 'node:assert';
import type { CellResult } from '../../../src/review/cellResult';
import { computeVerdicts, type VerdictInput } from '../../../src/review/verdicts';
import type { VotesEntry } from '../../../src/review/votes';
import { parseVotesFile, type VotesFile } from '../../../src/review/votesReader';
import { signTestPValue } from '../../../src/statistics/pairedTests';
import { wilsonInterval } from '../../../src/statistics/proportionInterval';
import { cells, fileText, shown, vote } from './reviewFixtures';

const TWO = ['formal', 'friendly'];

function file(reviewer: string, entries: readonly VotesEntry[], source: 'person' | 'judge' = 'person'): VotesFile {
  const parsed = parseVotesFile(fileText(reviewer, entries, source));
  assert.deepEqual(parsed.problems, []);
  return parsed.file!;
}

/** Ada's votes on rows 1…: `friendly` wins, `formal` wins, ties, both bad, sides alternating. */
function adaVotes(friendlyWins: number, formalWins: number, ties: number, bothBad: number): VotesFile {
  const entries: VotesEntry[] = [];
  let row = 0;
  const add = (count: number, winner: 'friendly' | 'formal' | 'tie' | 'both-bad'): void => {
    for (let i = 0; i < count; i++) {
      row += 1;
      const pair = row % 2 === 0 ? shown(row, 'formal', 'friendly') : shown(row, 'friendly', 'formal');
      const verdict = winner === 'tie' || winner === 'both-bad' ? winner : pair.left.variant === winner ? 'left' : 'right';
      entries.push(vote(pair, verdict, 'Ada'));
    }
  };
  add(friendlyWins, 'friendly');
  add(formalWins, 'formal');
  add(ties, 'tie');
  add(bothBad, 'both-bad');
  return file('Ada', entries);
}

const run = (input: Partial<VerdictInput> & { cells: CellResult[] }): ReturnType<typeof computeVerdicts> => computeVerdicts({ variants: TWO, ...input });

describe('verdicts', () => {
  it('people: wins, ties, both bad, the Wilson win rate, the sign test, and the sentence', () => {
    const verdicts = run({ cells: cells(120, TWO), votes: [adaVotes(70, 40, 6, 4)] });
    const pair = verdicts.people?.pairs[0];
    assert.ok(pair !== undefined);
    assert.deepEqual(
      { first: pair.first, second: pair.second, votes: pair.votes, firstWins: pair.firstWins, secondWins: pair.secondWins, ties: pair.ties, bothBad: pair.bothBad },
      { first: 'formal', second: 'friendly', votes: 120, firstWins: 40, secondWins: 70, ties: 6, bothBad: 4 },
    );
    assert.deepEqual(pair.firstWinRate, wilsonInterval(40, 110));
    assert.equal(pair.pValue, signTestPValue(40, 70));
    const rate = wilsonInterval(70, 110);
    assert.equal(
      verdicts.headline.text,
      `friendly beats formal in 64% of 110 rows with a winner (95% CI ${Math.round(rate.lower * 100)}–${Math.round(rate.upper * 100)}%, p = ${signTestPValue(40, 70).toFixed(3)}); 10 more were ties or both bad.`,
    );
    assert.deepEqual(
      verdicts.headline.parts.filter((part) => part.name === 'variant').map((part) => part.text),
      ['friendly', 'formal'],
    );
    assert.equal(verdicts.people?.reviewers[0], 'Ada');
    assert.equal(verdicts.people?.strengths, undefined, 'two variants: no Bradley–Terry table');
  });

  it('too few votes: the power rule says how many more rows would tell a 10-point difference apart', () => {
    const verdicts = run({ cells: cells(20, TWO), votes: [adaVotes(6, 4, 0, 0)] });
    const pair = verdicts.people!.pairs[0]!;
    // 194 pairs with a winner; all 10 so far had one; 194 − 10 more.
    assert.equal(pair.moreRowsNeeded, 184);
    assert.equal(
      verdicts.headline.text,
      'No difference between formal and friendly shown yet: friendly wins 60% of 10 rows with a winner (95% CI 31–83%, p = 0.75); review about 184 more rows to tell a 10-point difference apart.',
    );
    // With many ties, more rows are needed for the same number with a winner.
    assert.ok(run({ cells: cells(20, TWO), votes: [adaVotes(3, 2, 5, 0)] }).people!.pairs[0]!.moreRowsNeeded > 300);
  });

  it('enough votes and no difference: says a difference of 10 points or more is ruled out', () => {
    const verdicts = run({ cells: cells(400, TWO), votes: [adaVotes(200, 196, 4, 0)] });
    assert.match(verdicts.headline.text, /^No difference of 10 points or more between formal and friendly: friendly wins 51% of 396 rows with a winner \(95% CI 46–55%, p = 0\.88\)\.$/);
  });

  it('no votes and no checks yet', () => {
    assert.equal(run({ cells: cells(5, TWO) }).headline.text, 'No votes or checks yet: review about 194 rows to tell a 10-point difference apart.');
    assert.equal(computeVerdicts({ cells: cells(5, ['only']) }).headline.text, 'One variant only: nothing to compare.');
  });

  it('a vote on cells that were rerun since (another call id) is stale and not counted', () => {
    const rerun = cells(120, TWO, 1, (cell) => (cell.row === 1 && cell.variant === 'formal' ? { callId: 'call-rerun' } : {}));
    const verdicts = run({ cells: rerun, votes: [adaVotes(70, 40, 6, 4)] });
    assert.equal(verdicts.people?.votes, 119);
    assert.equal(verdicts.people?.stale, 1);
  });

  it('a judge is its own source: its two judgements of a pair (sides swapped) make one vote, a disagreement a tie', () => {
    const judgements: VotesEntry[] = [];
    for (let row = 1; row <= 20; row++) {
      const one = shown(row, 'formal', 'friendly');
      const swapped = shown(row, 'friendly', 'formal');
      if (row <= 10) {
        // Agrees both ways: friendly.
        judgements.push(vote(one, 'right', 'gpt-4o', 'judge'), vote(swapped, 'left', 'gpt-4o', 'judge'));
      } else if (row <= 15) {
        // Position bias: always the left one.
        judgements.push(vote(one, 'left', 'gpt-4o', 'judge'), vote(swapped, 'left', 'gpt-4o', 'judge'));
      } else {
        // Cancelled before the swapped judgement.
        judgements.push(vote(one, 'left', 'gpt-4o', 'judge'));
      }
    }
    const verdicts = run({ cells: cells(20, TWO), votes: [file('gpt-4o', judgements, 'judge'), adaVotes(1, 0, 0, 0)] });
    const judge = verdicts.judges[0]!;
    assert.equal(verdicts.judges.length, 1);
    assert.equal(judge.source, 'judge');
    assert.equal(judge.votes, 15);
    assert.equal(judge.incomplete, 5);
    assert.deepEqual([judge.pairs[0]!.firstWins, judge.pairs[0]!.secondWins, judge.pairs[0]!.ties], [0, 10, 5]);
    assert.match(judge.sentence.text, /^Judged by gpt-4o: friendly beats formal in 100% of 10 rows with a winner/);
    assert.equal(judge.sentence.parts.find((part) => part.name === 'judge')?.text, 'gpt-4o');
    // People's figure holds only Ada's one vote, and the sentence at the top is people's.
    assert.equal(verdicts.people?.votes, 1);
    assert.match(verdicts.headline.text, /^No difference between formal and friendly shown yet/);
  });

  it("checks: pass rates with Wilson intervals, and McNemar's exact test on the same rows (Fagerland's 1 and 7 discordant: p = 0.070)", () => {
    // Rows 1–12 both pass, 13 only formal, 14–20 only friendly, 21 both fail, 22 friendly's call failed.
    const outcome = (cell: CellResult): Partial<CellResult> => {
      const row = cell.row;
      if (row === 22 && cell.variant === 'friendly') return { error: 'timeout' };
      const passed = row <= 12 ? true : row === 13 ? cell.variant === 'formal' : row <= 20 ? cell.variant === 'friendly' : false;
      return { passed };
    };
    const verdicts = run({ cells: cells(22, TWO, 1, outcome) });
    const checks = verdicts.checks!;
    assert.deepEqual(
      checks.variants.map(({ variant, passed, failed, failedCalls }) => ({ variant, passed, failed, failedCalls })),
      [
        { variant: 'formal', passed: 13, failed: 9, failedCalls: 0 },
        { variant: 'friendly', passed: 19, failed: 2, failedCalls: 1 },
      ],
    );
    assert.deepEqual(checks.variants[0]!.passRate, wilsonInterval(13, 22));
    const pair = checks.pairs[0]!;
    assert.deepEqual([pair.paired, pair.bothPassed, pair.onlyFirstPassed, pair.onlySecondPassed, pair.bothFailed], [21, 12, 1, 7, 1]);
    assert.ok(Math.abs(pair.pValue - 18 / 256) < 1e-15, String(pair.pValue));
    assert.equal(verdicts.headline.text, pair.sentence.text, 'no votes: the checks speak first');
    assert.match(pair.sentence.text, /^No difference in passing the checks between formal and friendly shown yet \(62% and 90% on the same 21 rows, exact McNemar p = 0\.07\): about \d+ more rows to tell a 10-point difference apart\.$/);
    const clear = run({ cells: cells(40, TWO, 1, (cell) => ({ passed: cell.variant === 'friendly' || cell.row <= 10 })) });
    assert.equal(clear.checks!.sentence.text, 'friendly passes the checks more often than formal on the same 40 rows: 100% against 25% (exact McNemar p < 0.001).');
  });

  it('length and latency: the median paired difference (first − second) with a bootstrap interval', () => {
    const verdicts = run({
      cells: cells(60, TWO, 1, (cell) => ({ contentLength: 100 + cell.row + (cell.variant === 'friendly' ? 10 : 0), latencyMs: cell.variant === 'friendly' ? 900 : 1000 + (cell.row % 3) })),
    });
    const length = verdicts.lengths[0]!;
    assert.deepEqual([length.first, length.second, length.n, length.median, length.lower, length.upper], ['formal', 'friendly', 60, -10, -10, -10]);
    const latency = verdicts.latencies[0]!;
    assert.equal(latency.median, 101);
    assert.ok(latency.lower >= 100 && latency.upper <= 102);
    assert.equal(latency.resamples, 1000);
  });

  it('three variants: Bradley–Terry strengths, strongest first, and the sentence compares it with the next', () => {
    const variants = ['formal', 'friendly', 'short'];
    const strength: Record<string, number> = { formal: 1, friendly: 3, short: 0 };
    const entries: VotesEntry[] = [];
    for (let row = 1; row <= 90; row++) {
      for (const [a, b] of [
        ['formal', 'friendly'],
        ['formal', 'short'],
        ['friendly', 'short'],
      ] as const) {
        // The stronger wins two rows in three (by row), else the weaker; every fifth row a tie.
        const stronger = strength[a]! > strength[b]! ? a : b;
        const winner = row % 5 === 0 ? undefined : row % 3 === 0 ? (stronger === a ? b : a) : stronger;
        entries.push(vote(shown(row, a, b), winner === undefined ? 'tie' : winner === a ? 'left' : 'right', 'Ada'));
      }
    }
    const verdicts = computeVerdicts({ variants, cells: cells(90, variants), votes: [file('Ada', entries)] });
    const table = verdicts.people!.strengths!;
    assert.deepEqual(
      table.variants.map((row) => row.variant),
      ['friendly', 'formal', 'short'],
    );
    assert.ok(table.connected);
    assert.equal(table.resamples, 1000);
    assert.equal(table.comparisons, 270);
    for (const row of table.variants) {
      assert.ok(row.ratingLower <= row.rating && row.rating <= row.ratingUpper);
    }
    assert.match(verdicts.headline.text, /^friendly beats formal in /);
    assert.deepEqual(computeVerdicts({ variants, cells: cells(90, variants), votes: [file('Ada', entries)] }), verdicts, 'the same figures every time (seeded)');
    const reseeded = computeVerdicts({ variants, cells: cells(90, variants), votes: [file('Ada', entries)], options: { seed: 99 } });
    assert.notDeepEqual(reseeded.people!.strengths, table);
    assert.deepEqual(reseeded.people!.pairs, verdicts.people!.pairs, 'exact figures do not depend on the seed');
  });

  it('several samples per cell: identical samples, spread of length, and flaky cells', () => {
    const verdicts = run({
      cells: cells(3, TWO, 3, (cell) => ({
        contentDigest: cell.variant === 'formal' ? 'always the same' : `${cell.row}/${cell.sample}`,
        passed: cell.variant === 'friendly' && cell.row === 2 ? cell.sample !== 1 : true,
      })),
    });
    const samples = verdicts.samples!;
    assert.equal(samples.cells.length, 6);
    assert.equal(samples.flakyCells, 1);
    assert.deepEqual(samples.byVariant, [
      { variant: 'formal', cells: 3, flaky: 0 },
      { variant: 'friendly', cells: 3, flaky: 1 },
    ]);
    const formal = samples.cells.find((cell) => cell.variant === 'formal')!;
    assert.equal(formal.spread.largestIdenticalGroup, 3);
    const flaky = samples.cells.find((cell) => cell.spread.flaky)!;
    assert.deepEqual([flaky.row, flaky.variant, flaky.spread.passed, flaky.spread.failed], [2, 'friendly', 2, 1]);
    assert.equal(run({ cells: cells(3, TWO) }).samples, undefined);
  });
});
