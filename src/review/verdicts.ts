// The verdict model: from a run's cells (with their check outcomes) and its votes files, which
// variant is better and how sure we are, each kind of evidence kept apart. People's votes, each
// model judge's votes, the checks, length and latency each have their own figures; judges' votes
// are never counted with people's. One sentence sums it up, from the strongest evidence there is:
// people's votes, else the checks, else a judge's votes. Every random figure comes from `seed`, so
// the same files give the same figures. Pure: no `vscode`.
import { DEFAULT_POWER_RULE, signTestSampleSize, type PowerRule } from '../statistics/sampleSize';
import { indexCells } from './cellIndex';
import type { CellResult } from './cellResult';
import { sampleVerdict, type SampleVerdict } from './cellSamples';
import { checkVerdict, type CheckVerdict } from './checkFigures';
import { judgeVotes, personVotes } from './countedVotes';
import { latencyDistributions, type LatencyDistribution } from './latencyDistribution';
import { pairedDifferences, type PairedDifference } from './pairedDifferences';
import { actionsByReviewer } from './reviewerActions';
import { sentence, type Sentence } from './sentence';
import { voteVerdict, type VoteVerdict } from './voteFigures';
import type { VotesFile } from './votesReader';

export interface VerdictOptions {
  /** Seed of every bootstrap (default 0, as Chatbot Arena's notebook). */
  readonly seed?: number;
  /** Bootstrap resamples (default 1,000). */
  readonly resamples?: number;
  /** Confidence level of every interval (default 0.95). */
  readonly level?: number;
  /** The difference the "review about N more rows" sentence is about (default: 10 points, α = 0.05, power 0.8). */
  readonly rule?: PowerRule;
}

export interface VerdictInput {
  /** The run's variants in the results header's order; variants only seen in cells follow. */
  readonly variants?: readonly string[];
  readonly cells: Iterable<CellResult>;
  /** The results file's votes files, read (people's and judges'); files without a valid header are left out by the caller. */
  readonly votes?: readonly VotesFile[];
  readonly options?: VerdictOptions;
}

export interface Verdicts {
  readonly variants: readonly string[];
  /** The one sentence at the top. */
  readonly headline: Sentence;
  /** People's votes, when there are any. */
  readonly people?: VoteVerdict;
  /** Each model judge's votes, apart. */
  readonly judges: readonly VoteVerdict[];
  /** When any cell has a check outcome. */
  readonly checks?: CheckVerdict;
  readonly lengths: readonly PairedDifference[];
  readonly latencies: readonly PairedDifference[];
  /** Each variant's latency as a distribution, for a box plot. */
  readonly latencyDistributions: readonly LatencyDistribution[];
  /** When any cell has several samples. */
  readonly samples?: SampleVerdict;
}

export function computeVerdicts(input: VerdictInput): Verdicts {
  const options = {
    seed: input.options?.seed ?? 0,
    resamples: input.options?.resamples ?? 1000,
    level: input.options?.level ?? 0.95,
    rule: input.options?.rule ?? DEFAULT_POWER_RULE,
  };
  const index = indexCells(input.cells, input.variants ?? []);
  const variants = index.variants;
  const order = new Map(variants.map((variant, position) => [variant, position]));
  const reviewers = actionsByReviewer(input.votes ?? []);
  const people = reviewers.filter((reviewer) => reviewer.source === 'person');
  const personCount = personVotes(people, index, order);
  const peopleVerdict =
    personCount.votes.length + personCount.stale > 0
      ? voteVerdict(
          'person',
          people.map((person) => person.reviewer),
          personCount,
          variants,
          options,
        )
      : undefined;
  const judges = reviewers
    .filter((reviewer) => reviewer.source === 'judge')
    .map((judge) => voteVerdict('judge', [judge.reviewer], judgeVotes(judge, index, order), variants, options))
    .filter((verdict) => verdict.votes + verdict.stale + verdict.incomplete > 0);
  const checks = checkVerdict(index, options.level, options.rule);
  const samples = sampleVerdict(index);
  const headline =
    peopleVerdict !== undefined && peopleVerdict.votes > 0
      ? peopleVerdict.sentence
      : (checks?.sentence ??
        judges.find((judge) => judge.votes > 0)?.sentence ??
        (variants.length < 2
          ? sentence('One variant only: nothing to compare.')
          : sentence(`No votes or checks yet: review about ${signTestSampleSize(options.rule).toLocaleString('en-US')} rows to tell a ${Math.round(options.rule.difference * 100)}-point difference apart.`)));
  return {
    variants,
    headline,
    ...(peopleVerdict === undefined ? {} : { people: peopleVerdict }),
    judges,
    ...(checks === undefined ? {} : { checks }),
    lengths: pairedDifferences(index, 'length', options),
    latencies: pairedDifferences(index, 'latency', options),
    latencyDistributions: latencyDistributions(index),
    ...(samples === undefined ? {} : { samples }),
  };
}
