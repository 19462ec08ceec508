// The example sentences of docs/verdicts.md are the code's own: each quoted sentence is rebuilt from
// the votes its figures describe and must read exactly as the verdict panel would write it.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CountedVote } from '../../../src/review/countedVotes';
import { voteVerdict } from '../../../src/review/voteFigures';
import { DEFAULT_POWER_RULE } from '../../../src/statistics/sampleSize';

const PAGE = path.join(__dirname, '../../../../docs/verdicts.md');
const EXAMPLE = /^> (.*\bwith a winner\b.*)$/gm;
const FIGURES = /\*(\w+)\* (?:beats \*\w+\* in|wins) (\d+)% of (\d+) rows with a winner/;
const NO_PREFERENCE = /; (\d+) more were ties or both bad/;

/** One reviewer's votes, each on a row of its own: `leaderWins` for `leader`, the rest of `decided` against, `ties` ties. */
function votes(variants: readonly [string, string], leader: string, leaderWins: number, decided: number, ties: number): CountedVote[] {
  const leaderIs = leader === variants[0] ? 'first' : 'second';
  const otherIs = leaderIs === 'first' ? 'second' : 'first';
  const outcomes = [...Array<'first' | 'second'>(leaderWins).fill(leaderIs), ...Array<'first' | 'second'>(decided - leaderWins).fill(otherIs), ...Array<'tie'>(ties).fill('tie')];
  return outcomes.map((outcome, row) => ({ row, sample: 1, first: variants[0], second: variants[1], outcome }));
}

describe('docs/verdicts.md', function () {
  const page = readFileSync(PAGE, 'utf8');
  const examples = [...page.matchAll(EXAMPLE)].map((match) => match[1] ?? '');

  it('has example sentences to check', function () {
    assert.ok(examples.length >= 2, `found ${examples.length}`);
  });

  it('writes each example sentence as the verdict panel does for the votes it describes', function () {
    for (const example of examples) {
      const shown = example.replace(/\*/g, '');
      const figures = FIGURES.exec(example);
      assert.ok(figures !== null, `the figures of: ${example}`);
      const [, leader = '', percentText = '', decidedText = ''] = figures;
      const names = [...new Set([...example.matchAll(/\*(\w+)\*/g)].map((match) => match[1] ?? ''))].sort();
      assert.equal(names.length, 2, example);
      const decided = Number(decidedText);
      const ties = Number(NO_PREFERENCE.exec(example)?.[1] ?? 0);
      const written: string[] = [];
      for (let wins = 0; wins <= decided; wins++) {
        if (Math.round((wins / decided) * 100) !== Number(percentText)) continue;
        const variants = names as unknown as [string, string];
        const verdict = voteVerdict('person', ['Ada'], { votes: votes(variants, leader, wins, decided, ties), stale: 0, incomplete: 0 }, variants, { seed: 1, resamples: 200, level: 0.95, rule: DEFAULT_POWER_RULE });
        written.push(verdict.pairs[0]?.sentence.text ?? '');
      }
      assert.ok(written.includes(shown), `the page says:\n  ${shown}\nthe code says:\n  ${written.join('\n  ')}`);
    }
  });
});
