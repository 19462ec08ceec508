// The verdict panel's figures on plain Node (issue 28): 20,000 results (5,000 rows × 4 variants) with
// checks, and 5,000 people's votes in two reviewers' files, with 1,000 bootstrap resamples. Reading
// the votes files and computing every figure, timed apart; wall time and the process's CPU time (the
// machine is shared: CPU time says what the work costs when wall time says what it waited).
import { computeVerdicts } from '../src/review/verdicts';
import type { CellResult } from '../src/review/cellResult';
import { reviewSeed, scheduleReview } from '../src/review/pairScheduler';
import { parseVotesFile, type VotesFile } from '../src/review/votesReader';
import { formatVotesEntry, formatVotesHeader, voteEntry } from '../src/review/votesWriter';
import { seededRandom } from '../src/statistics/seededRandom';
import { median, round } from './stats';

const VARIANTS = ['formal', 'friendly', 'short', 'detailed'];
const ROWS = 5_000;
const VOTES_PER_REVIEWER = 2_500;
const RESULTS = 'people.welcome-email.gistrun.jsonl';

export interface VerdictRow {
  readonly name: string;
  readonly runs: number;
  /** The first run: what the panel's first computation costs, before the JIT has warmed up. */
  readonly firstMs: number;
  readonly firstCpuMs: number;
  readonly medianMs: number;
  readonly medianCpuMs: number;
}

function results(): CellResult[] {
  const random = seededRandom(28);
  const quality: Record<string, number> = { formal: 0.86, friendly: 0.92, short: 0.8, detailed: 0.88 };
  const cells: CellResult[] = [];
  for (let row = 1; row <= ROWS; row++) {
    for (const variant of VARIANTS) {
      const failed = random.nextFloat() < 0.01;
      cells.push({
        row,
        sample: 0,
        variant,
        callId: `call-${row}-${variant}`,
        ...(failed
          ? { error: 'server' }
          : {
              contentLength: 200 + random.nextInt(400) + (variant === 'detailed' ? 150 : 0),
              contentDigest: String(random.nextInt(1e9)),
              latencyMs: 600 + random.nextFloat() * 1200,
              passed: random.nextFloat() < (quality[variant] ?? 0.85),
            }),
      });
    }
  }
  return cells;
}

/** A reviewer's votes file text: their first pairs in their own order, decided by a hidden preference. */
function votesText(cells: readonly CellResult[], reviewer: string): string {
  const random = seededRandom(reviewSeed(RESULTS, reviewer));
  const skill: Record<string, number> = { formal: 0, friendly: 0.4, short: -0.3, detailed: 0.1 };
  const schedule = scheduleReview(cells, { seed: reviewSeed(RESULTS, reviewer), variants: VARIANTS }).slice(0, VOTES_PER_REVIEWER);
  const by = { reviewer, source: 'person' as const, at: new Date(Date.UTC(2026, 0, 5)) };
  let text = formatVotesHeader({ results: RESULTS, reviewer, source: 'person', createdAt: by.at.toISOString() });
  for (const pair of schedule) {
    const leftBetter = 1 / (1 + Math.exp((skill[pair.right.variant] ?? 0) - (skill[pair.left.variant] ?? 0)));
    const u = random.nextFloat();
    const verdict = u < 0.08 ? 'tie' : u < 0.12 ? 'both-bad' : random.nextFloat() < leftBetter ? 'left' : 'right';
    text += formatVotesEntry(voteEntry(pair, verdict, by));
  }
  return text;
}

function timed<T>(runs: number, work: () => T): { row: Omit<VerdictRow, 'name'>; last: T } {
  const wall: number[] = [];
  const cpu: number[] = [];
  let last: T | undefined;
  for (let run = 0; run < runs; run++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    last = work();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  return { row: { runs, firstMs: round(wall[0] ?? Number.NaN, 1), firstCpuMs: round(cpu[0] ?? Number.NaN, 1), medianMs: round(median(wall), 1), medianCpuMs: round(median(cpu), 1) }, last: last as T };
}

export function verdictsBench(runs: number): { rows: VerdictRow[]; headline: string } {
  const cells = results();
  const texts = ['Ada Lovelace', 'Grace Hopper'].map((reviewer) => votesText(cells, reviewer));
  const read = timed(runs, () => texts.map((text) => parseVotesFile(text).file).filter((file): file is VotesFile => file !== undefined));
  const verdicts = timed(runs, () => computeVerdicts({ variants: VARIANTS, cells, votes: read.last, options: { resamples: 1000 } }));
  return {
    rows: [
      { name: `read 2 votes files (${read.last.reduce((sum, file) => sum + file.entries.length, 0)} votes)`, ...read.row },
      { name: `verdicts: ${cells.length} results, ${verdicts.last.people?.votes ?? 0} votes, 1,000 resamples`, ...verdicts.row },
    ],
    headline: verdicts.last.headline.text,
  };
}
