// People's (or one judge's) votes, per pair of variants: wins, ties, losses and "both bad"; the win
// rate among votes with a winner, with its Wilson interval; the exact sign test; the power rule's
// "about N more rows"; and for three or more variants, Bradley–Terry strengths with bootstrap
// intervals. Ties and "both bad" carry no preference: the win rate and the sign test leave them out
// (a sign test counts signs only), and Bradley–Terry counts them as half a win each way, as Chatbot
// Arena does. Pure: no `vscode`.
import { bradleyTerryStrengths, type Comparison, type StrengthInterval } from '../statistics/bradleyTerryBootstrap';
import { signTestPValue } from '../statistics/pairedTests';
import { wilsonInterval, type ProportionInterval } from '../statistics/proportionInterval';
import { signTestSampleSize, type PowerRule } from '../statistics/sampleSize';
import { seedFrom, seededRandom } from '../statistics/seededRandom';
import type { CountedVote } from './countedVotes';
import { count, interval, judgeName, percent, pValue, sentence, unitWord, variantName, type Sentence } from './sentence';
import type { VoteSource } from './votes';

export interface PairVotes {
  readonly first: string;
  readonly second: string;
  readonly votes: number;
  readonly firstWins: number;
  readonly secondWins: number;
  readonly ties: number;
  readonly bothBad: number;
  /** The first variant's wins among votes with a winner; undefined without any. */
  readonly firstWinRate?: ProportionInterval;
  /** Exact two-sided sign test of first wins against second wins. */
  readonly pValue: number;
  /** Rows more to review before a difference of the rule's size would likely show (0 when enough are in). */
  readonly moreRowsNeeded: number;
  readonly sentence: Sentence;
}

export interface VariantStrength extends StrengthInterval {
  readonly variant: string;
}

export interface StrengthTable {
  /** Strongest first. */
  readonly variants: readonly VariantStrength[];
  readonly connected: boolean;
  readonly unconnectedResamples: number;
  readonly comparisons: number;
  readonly resamples: number;
  readonly level: number;
}

export interface VoteVerdict {
  readonly source: VoteSource;
  /** The people who voted, or the judge's model. */
  readonly reviewers: readonly string[];
  readonly votes: number;
  readonly stale: number;
  readonly incomplete: number;
  readonly pairs: readonly PairVotes[];
  /** With three or more variants that have votes. */
  readonly strengths?: StrengthTable;
  readonly sentence: Sentence;
}

export interface FigureOptions {
  readonly seed: number;
  readonly resamples: number;
  readonly level: number;
  readonly rule: PowerRule;
}

/** Rows to review in all for the rule's difference, given the share of votes with a winner so far (+1 smoothing toward all). */
export function rowsForRule(decided: number, votes: number, rule: PowerRule): number {
  const share = (decided + 1) / (votes + 1);
  return Math.ceil(signTestSampleSize(rule) / share);
}

function pairSentence(pair: Omit<PairVotes, 'sentence'>, rowsWord: (n: number) => string, rule: PowerRule, alpha: number, judge: string | undefined): Sentence {
  const prefix = judge === undefined ? [] : ['Judged by ', judgeName(judge), ': '];
  const a = variantName(pair.first);
  const b = variantName(pair.second);
  const points = `${Math.round(rule.difference * 100)}-point`;
  const decided = pair.firstWins + pair.secondWins;
  if (pair.votes === 0) {
    return sentence(...prefix, 'No votes on ', a, ' and ', b, ` yet: review about ${count(pair.moreRowsNeeded)} rows to tell a ${points} difference apart.`);
  }
  if (pair.firstWinRate === undefined) {
    return sentence(...prefix, 'No preference between ', a, ' and ', b, ` yet: all ${count(pair.votes)} ${rowsWord(pair.votes)} were ties or both bad; review about ${count(pair.moreRowsNeeded)} more rows to tell a ${points} difference apart.`);
  }
  const firstLeads = pair.firstWins >= pair.secondWins;
  const leader = firstLeads ? a : b;
  const other = firstLeads ? b : a;
  const rate = pair.firstWinRate;
  const share = firstLeads ? rate.estimate : 1 - rate.estimate;
  const range = firstLeads ? rate : { lower: 1 - rate.upper, upper: 1 - rate.lower, level: rate.level };
  const figures = `${percent(share)} of ${count(decided)} ${rowsWord(decided)} with a winner (${interval(range)}, ${pValue(pair.pValue)})`;
  const noPreference = pair.ties + pair.bothBad;
  const rest = noPreference === 0 ? '' : `; ${count(noPreference)} more ${noPreference === 1 ? 'was a tie or both bad' : 'were ties or both bad'}`;
  if (pair.pValue < alpha) {
    return sentence(...prefix, leader, ' beats ', other, ` in ${figures}${rest}.`);
  }
  if (pair.moreRowsNeeded > 0) {
    return sentence(...prefix, 'No difference between ', a, ' and ', b, ' shown yet: ', leader, ` wins ${figures}; review about ${count(pair.moreRowsNeeded)} more rows to tell a ${points} difference apart.`);
  }
  if (range.lower > 0.5 - rule.difference && range.upper < 0.5 + rule.difference) {
    return sentence(...prefix, `No difference of ${Math.round(rule.difference * 100)} points or more between `, a, ' and ', b, ': ', leader, ` wins ${figures}.`);
  }
  return sentence(...prefix, 'No difference between ', a, ' and ', b, ' shown: ', leader, ` wins ${figures}.`);
}

/** The figures of one source of votes over the run's variants (in order). */
export function voteVerdict(
  source: VoteSource,
  reviewers: readonly string[],
  count_: { readonly votes: readonly CountedVote[]; readonly stale: number; readonly incomplete: number },
  variants: readonly string[],
  options: FigureOptions,
): VoteVerdict {
  const judge = source === 'judge' ? reviewers[0] : undefined;
  const alpha = options.rule.alpha;
  const order = new Map(variants.map((variant, position) => [variant, position]));
  const tallies = new Map<string, { firstWins: number; secondWins: number; ties: number; bothBad: number; rows: Set<number> }>();
  const tallyKey = (first: string, second: string): string => JSON.stringify([first, second]);
  for (const vote of count_.votes) {
    const key = tallyKey(vote.first, vote.second);
    const tally = tallies.get(key) ?? { firstWins: 0, secondWins: 0, ties: 0, bothBad: 0, rows: new Set<number>() };
    tallies.set(key, tally);
    tally.rows.add(vote.row);
    if (vote.outcome === 'first') tally.firstWins += 1;
    else if (vote.outcome === 'second') tally.secondWins += 1;
    else if (vote.outcome === 'tie') tally.ties += 1;
    else tally.bothBad += 1;
  }
  const pairs: PairVotes[] = [];
  for (let i = 0; i < variants.length; i++) {
    for (let j = i + 1; j < variants.length; j++) {
      const first = variants[i] as string;
      const second = variants[j] as string;
      const tally = tallies.get(tallyKey(first, second)) ?? { firstWins: 0, secondWins: 0, ties: 0, bothBad: 0, rows: new Set<number>() };
      const votes = tally.firstWins + tally.secondWins + tally.ties + tally.bothBad;
      const decided = tally.firstWins + tally.secondWins;
      const figures = {
        first,
        second,
        votes,
        firstWins: tally.firstWins,
        secondWins: tally.secondWins,
        ties: tally.ties,
        bothBad: tally.bothBad,
        ...(decided === 0 ? {} : { firstWinRate: wilsonInterval(tally.firstWins, decided, options.level) }),
        pValue: signTestPValue(tally.firstWins, tally.secondWins),
        moreRowsNeeded: Math.max(0, rowsForRule(decided, votes, options.rule) - votes),
      };
      // "rows" when each vote of the pair is on a row of its own (one reviewer, one sample per row).
      const rowsWord = (n: number): string => unitWord(tally.rows.size === votes, n, 'votes');
      pairs.push({ ...figures, sentence: pairSentence(figures, rowsWord, options.rule, alpha, judge) });
    }
  }
  const strengths = variants.length >= 3 ? strengthTable(source, reviewers, count_.votes, variants, order, options) : undefined;
  return {
    source,
    reviewers,
    votes: count_.votes.length,
    stale: count_.stale,
    incomplete: count_.incomplete,
    pairs,
    ...(strengths === undefined ? {} : { strengths }),
    sentence: sourceSentence(pairs, strengths),
  };
}

function strengthTable(
  source: VoteSource,
  reviewers: readonly string[],
  votes: readonly CountedVote[],
  variants: readonly string[],
  order: ReadonlyMap<string, number>,
  options: FigureOptions,
): StrengthTable | undefined {
  // Only variants with votes take part: a variant never compared has no strength to estimate.
  const taking = variants.filter((variant) => votes.some((vote) => vote.first === variant || vote.second === variant));
  if (taking.length < 3) {
    return undefined;
  }
  const position = new Map(taking.map((variant, at) => [variant, at]));
  const comparisons: Comparison[] = votes.map((vote) => ({
    first: position.get(vote.first) as number,
    second: position.get(vote.second) as number,
    outcome: vote.outcome === 'first' ? 1 : vote.outcome === 'second' ? 0 : 0.5,
  }));
  const figures = bradleyTerryStrengths(taking.length, comparisons, {
    resamples: options.resamples,
    level: options.level,
    random: seededRandom(seedFrom(options.seed, 'strengths', source, ...(source === 'judge' ? reviewers : []))),
  });
  const rows = figures.variants
    .map((strength, at) => ({ variant: taking[at] as string, ...strength }))
    .sort((a, b) => b.rating - a.rating || (order.get(a.variant) ?? 0) - (order.get(b.variant) ?? 0));
  return { variants: rows, connected: figures.connected, unconnectedResamples: figures.unconnectedResamples, comparisons: figures.comparisons, resamples: figures.resamples, level: figures.level };
}

/** The source's one sentence: its only pair, or with three or more variants the strongest against the next. */
function sourceSentence(pairs: readonly PairVotes[], strengths: StrengthTable | undefined): Sentence {
  if (strengths !== undefined) {
    const [top, next] = strengths.variants;
    const between = pairs.find((pair) => (pair.first === top?.variant && pair.second === next?.variant) || (pair.first === next?.variant && pair.second === top?.variant));
    if (between !== undefined) {
      return between.sentence;
    }
  }
  // The pair with the most votes (the first pair without any).
  return [...pairs].sort((a, b) => b.votes - a.votes)[0]?.sentence ?? sentence('No pairs to review: the run has fewer than two variants.');
}
