// The verdict panel as the webview shows it: the sentence at the top, then one section per kind of
// evidence (people's votes, each judge's, the checks, repeats, length and latency), each with its
// sentence, a table (the text equivalent of its chart) and, for win rates and pass rates, bars with
// their intervals. Plain data: the webview puts every text in as text. Pure: no `vscode`.
import type { PairVotes, VoteVerdict } from '../review/voteFigures';
import type { Sentence } from '../review/sentence';
import type { Verdicts } from '../review/verdicts';
import type { PairedDifference } from '../review/pairedDifferences';
import type { BarView, SectionView, SentenceView, TableView, VerdictsView } from './resultsViewProtocol';
import type { CountedVotesFile } from './votesFiles';

const pct = (share: number): string => `${Math.round(share * 100)}%`;
const pValueText = (p: number): string => (p < 0.001 ? '< 0.001' : p < 0.01 ? p.toFixed(3) : p.toFixed(2));
const signed = (value: number, unit: string): string => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(Math.round(value)).toLocaleString('en-US')} ${unit}`;

function sentenceView(value: Sentence): SentenceView {
  return { parts: value.parts.map((part) => ({ text: part.text, ...(part.name === undefined ? {} : { name: part.name }) })) };
}

function winRateRow(pair: PairVotes): string[] {
  const rate = pair.firstWinRate;
  return [
    `${pair.first} vs ${pair.second}`,
    String(pair.votes),
    String(pair.firstWins),
    String(pair.ties),
    String(pair.secondWins),
    String(pair.bothBad),
    rate === undefined ? '–' : `${pct(rate.estimate)} (${pct(rate.lower)}–${pct(rate.upper)})`,
    pValueText(pair.pValue),
  ];
}

function winRateBars(pairs: readonly PairVotes[]): BarView[] {
  return pairs.flatMap((pair) => {
    const rate = pair.firstWinRate;
    return rate === undefined
      ? []
      : [{ label: `${pair.first} over ${pair.second}`, value: rate.estimate, lower: rate.lower, upper: rate.upper, text: `${pct(rate.estimate)}, 95% CI ${pct(rate.lower)}–${pct(rate.upper)}` }];
  });
}

/** What the counts leave out: votes on cells run again since, and pairs a judge judged one way only. */
export function voteNotes(verdict: Pick<VoteVerdict, 'stale' | 'incomplete'>): string[] {
  const notes: string[] = [];
  if (verdict.stale === 1) notes.push('1 vote is on a cell that was run again since, and does not count.');
  if (verdict.stale > 1) notes.push(`${verdict.stale} votes are on cells that were run again since, and do not count.`);
  if (verdict.incomplete === 1) notes.push('1 pair was judged one way only (a judge judges each pair both ways), and does not count.');
  if (verdict.incomplete > 1) notes.push(`${verdict.incomplete} pairs were judged one way only (a judge judges each pair both ways), and do not count.`);
  return notes;
}

function voteSection(title: string, verdict: VoteVerdict): SectionView {
  const extra = voteNotes(verdict);
  const tables: TableView[] = [
    {
      caption: 'Votes per pair of variants: the first variant’s wins, ties, its losses; win rate among votes with a winner, with its 95% Wilson interval; exact two-sided sign test',
      columns: ['Pair', 'Votes', 'Wins', 'Ties', 'Losses', 'Both bad', 'Win rate (95% CI)', 'p'],
      rows: verdict.pairs.map(winRateRow),
    },
  ];
  if (verdict.strengths !== undefined) {
    tables.push({
      caption: `Bradley–Terry strengths (Chatbot Arena’s scale, 1000 for the average variant), with ${verdict.strengths.resamples.toLocaleString('en-US')} seeded bootstrap resamples${verdict.strengths.connected ? '' : '; not every variant has met every other, so some strengths rest on the prior'}`,
      columns: ['Variant', 'Rating', '95% CI', 'Share of strength'],
      rows: verdict.strengths.variants.map((variant) => [variant.variant, Math.round(variant.rating).toString(), `${Math.round(variant.ratingLower)}–${Math.round(variant.ratingUpper)}`, pct(variant.strength)]),
    });
  }
  return { title, sentence: sentenceView(verdict.sentence), notes: extra, tables, bars: winRateBars(verdict.pairs), barsReference: 0.5 };
}

function differenceRows(differences: readonly PairedDifference[], unit: string): string[][] {
  return differences.map((difference) => [`${difference.first} − ${difference.second}`, String(difference.n), signed(difference.median, unit), `${signed(difference.lower, unit)} to ${signed(difference.upper, unit)}`]);
}

/** Whose votes the panel counted, from which file: a votes file speaks only for the reviewer its name and header agree on. */
function countedSection(counted: readonly CountedVotesFile[]): SectionView {
  return {
    title: 'Whose votes were counted',
    notes: [],
    tables: [
      {
        caption: 'Each votes file counted: whose votes it holds (its name and its header agree on them), and its lines read',
        columns: ['Reviewer', 'Kind', 'File', 'Lines'],
        rows: counted.map((file) => [file.reviewer, file.source === 'judge' ? 'model judge' : 'person', file.file, file.lines.toLocaleString('en-US')]),
      },
    ],
    bars: [],
  };
}

export function verdictsView(verdicts: Verdicts, ms: number, problems: readonly string[], counted: readonly CountedVotesFile[] = []): VerdictsView {
  const sections: SectionView[] = [];
  if (verdicts.people !== undefined) {
    sections.push(voteSection(`People’s votes (${verdicts.people.reviewers.length} reviewer${verdicts.people.reviewers.length === 1 ? '' : 's'}: ${verdicts.people.reviewers.join(', ')})`, verdicts.people));
  }
  for (const judge of verdicts.judges) {
    sections.push(voteSection(`A model judge: ${judge.reviewers.join(', ')} (apart from people’s votes)`, judge));
  }
  if (verdicts.checks !== undefined) {
    const checks = verdicts.checks;
    sections.push({
      title: 'Checks',
      sentence: sentenceView(checks.sentence),
      notes: [],
      tables: [
        {
          caption: 'Pass rate per variant with its 95% Wilson interval (calls that failed have no check outcome)',
          columns: ['Variant', 'Passed', 'Failed', 'Calls failed', 'Pass rate (95% CI)'],
          rows: checks.variants.map((variant) => [variant.variant, String(variant.passed), String(variant.failed), String(variant.failedCalls), variant.passRate === undefined ? '–' : `${pct(variant.passRate.estimate)} (${pct(variant.passRate.lower)}–${pct(variant.passRate.upper)})`]),
        },
        {
          caption: 'The same rows, variant against variant: exact McNemar test on the rows where only one of the two passed',
          columns: ['Pair', 'Rows', 'Both passed', 'Only first', 'Only second', 'Both failed', 'p'],
          rows: checks.pairs.map((pair) => [`${pair.first} vs ${pair.second}`, String(pair.paired), String(pair.bothPassed), String(pair.onlyFirstPassed), String(pair.onlySecondPassed), String(pair.bothFailed), pValueText(pair.pValue)]),
        },
      ],
      bars: checks.variants.flatMap((variant) =>
        variant.passRate === undefined ? [] : [{ label: variant.variant, value: variant.passRate.estimate, lower: variant.passRate.lower, upper: variant.passRate.upper, text: `${pct(variant.passRate.estimate)} pass, 95% CI ${pct(variant.passRate.lower)}–${pct(variant.passRate.upper)}` }],
      ),
    });
  }
  if (verdicts.samples !== undefined) {
    const samples = verdicts.samples;
    sections.push({
      title: 'Repeats',
      notes: [`${samples.flakyCells} flaky cells: their checks passed in some samples and failed in others.`],
      tables: [{ caption: 'Cells with several samples, per variant', columns: ['Variant', 'Cells', 'Flaky'], rows: samples.byVariant.map((variant) => [variant.variant, String(variant.cells), String(variant.flaky)]) }],
      bars: [],
    });
  }
  if (verdicts.lengths.length > 0 || verdicts.latencies.length > 0 || verdicts.latencyDistributions.length > 0) {
    const ms = (value: number): string => `${Math.round(value).toLocaleString('en-US')} ms`;
    sections.push({
      title: 'Length and latency, on the same rows',
      notes: ['The median of the paired differences (first minus second), with a bootstrap 95% interval.'],
      tables: [
        { caption: 'Length in characters', columns: ['Pair', 'Rows', 'Median difference', '95% CI'], rows: differenceRows(verdicts.lengths, 'chars') },
        { caption: 'Latency', columns: ['Pair', 'Rows', 'Median difference', '95% CI'], rows: differenceRows(verdicts.latencies, 'ms') },
        {
          caption: 'Latency of each variant’s calls that gave content: percentiles',
          columns: ['Variant', 'Calls', 'p5', 'p25', 'Median', 'p75', 'p95'],
          rows: verdicts.latencyDistributions.map((spread) => [spread.variant, String(spread.calls), ms(spread.p5), ms(spread.p25), ms(spread.median), ms(spread.p75), ms(spread.p95)]),
        },
      ],
      bars: [],
      boxes: {
        unit: 'ms',
        items: verdicts.latencyDistributions.map((spread) => ({
          label: spread.variant,
          low: spread.p5,
          q1: spread.p25,
          median: spread.median,
          q3: spread.p75,
          high: spread.p95,
          text: `median ${ms(spread.median)}, half of the calls ${ms(spread.p25)}–${ms(spread.p75)}, 90% ${ms(spread.p5)}–${ms(spread.p95)}`,
        })),
      },
    });
  }
  return { headline: sentenceView(verdicts.headline), sections, ms: Math.round(ms), problems, ...(counted.length === 0 ? {} : { counted: countedSection(counted) }) };
}
