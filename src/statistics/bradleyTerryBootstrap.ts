// Bradley–Terry strengths with percentile bootstrap intervals, as Chatbot Arena reports them: the
// comparisons are resampled with replacement (the same number as observed), the strengths refitted,
// and the 2.5th and 97.5th percentiles of each variant's refits taken. As in their notebook, a
// resample is drawn as multinomial counts of the distinct (pair, outcome) cells, which is the same
// distribution as drawing comparisons one by one, at a cost that does not grow with the number of
// votes. The point figure is the fit on all the data. Pure: no `vscode`.
import { quantileSorted } from 'simple-statistics';
import { fitBradleyTerry, emptyWins, type PairwiseWins } from './bradleyTerry';
import { multinomial } from './randomVariates';
import type { RandomSource } from './seededRandom';

/** One comparison of variant `first` with `second` (indices): 1 first won, 0 second won, 0.5 neither (tie or both bad). */
export interface Comparison {
  readonly first: number;
  readonly second: number;
  readonly outcome: 1 | 0.5 | 0;
}

export interface StrengthInterval {
  /** Share of strength, summing to 1 over the variants: P(i beats j) = sᵢ / (sᵢ + sⱼ). */
  readonly strength: number;
  readonly strengthLower: number;
  readonly strengthUpper: number;
  /** Chatbot Arena's scale: 1000 + 400·log₁₀ of the strength relative to the average variant. */
  readonly rating: number;
  readonly ratingLower: number;
  readonly ratingUpper: number;
}

export interface BradleyTerryFigures {
  /** By variant index. */
  readonly variants: readonly StrengthInterval[];
  /** Whether the comparisons alone determine the strengths (see bradleyTerry.ts); if not, the figures rest on the prior. */
  readonly connected: boolean;
  /** Resamples whose comparisons did not determine the strengths: their refits rest on the prior. */
  readonly unconnectedResamples: number;
  readonly comparisons: number;
  readonly resamples: number;
  readonly level: number;
}

export interface StrengthOptions {
  readonly resamples: number;
  readonly level: number;
  readonly random: RandomSource;
}

const RATING_SCALE = 400 / Math.LN10;

/** Distinct (pair, outcome) cells, so a resample is counts of cells rather than a list of comparisons. */
function outcomeCells(size: number, comparisons: readonly Comparison[]): { cellOf: Uint32Array; cells: Array<{ winner: number; loser: number; half: boolean }> } {
  const cells: Array<{ winner: number; loser: number; half: boolean }> = [];
  const index = new Map<number, number>();
  const cellOf = new Uint32Array(comparisons.length);
  comparisons.forEach((comparison, position) => {
    const { first, second, outcome } = comparison;
    if (!(Number.isInteger(first) && Number.isInteger(second) && first >= 0 && second >= 0 && first < size && second < size && first !== second)) {
      throw new RangeError(`A comparison is between two different variants of ${size}, not ${first} and ${second}.`);
    }
    const winner = outcome === 0 ? second : first;
    const loser = outcome === 0 ? first : second;
    const half = outcome === 0.5;
    const key = half ? Math.min(first, second) * size + Math.max(first, second) + size * size : winner * size + loser;
    let cell = index.get(key);
    if (cell === undefined) {
      cell = cells.length;
      index.set(key, cell);
      cells.push({ winner: half ? Math.min(first, second) : winner, loser: half ? Math.max(first, second) : loser, half });
    }
    cellOf[position] = cell;
  });
  return { cellOf, cells };
}

function tableOf(size: number, cells: ReadonlyArray<{ winner: number; loser: number; half: boolean }>, counts: ArrayLike<number>): PairwiseWins {
  const table = emptyWins(size);
  cells.forEach((cell, position) => {
    const count = counts[position] as number;
    if (count === 0) {
      return;
    }
    if (cell.half) {
      table.wins[cell.winner * size + cell.loser] = (table.wins[cell.winner * size + cell.loser] as number) + count / 2;
      table.wins[cell.loser * size + cell.winner] = (table.wins[cell.loser * size + cell.winner] as number) + count / 2;
    } else {
      table.wins[cell.winner * size + cell.loser] = (table.wins[cell.winner * size + cell.loser] as number) + count;
    }
  });
  return table;
}

function shares(theta: Float64Array): Float64Array {
  let total = 0;
  const result = new Float64Array(theta.length);
  for (let i = 0; i < theta.length; i++) {
    result[i] = Math.exp(theta[i] as number);
    total += result[i] as number;
  }
  return result.map((value) => value / total);
}

/** Strengths of `size` variants (≥ 2) from their comparisons, with bootstrap intervals. */
export function bradleyTerryStrengths(size: number, comparisons: readonly Comparison[], options: StrengthOptions): BradleyTerryFigures {
  if (!Number.isInteger(size) || size < 2) {
    throw new RangeError(`Strengths need at least two variants, not ${size}.`);
  }
  const { cellOf, cells } = outcomeCells(size, comparisons);
  const allCounts = new Float64Array(cells.length);
  for (const cell of cellOf) {
    allCounts[cell] = (allCounts[cell] as number) + 1;
  }
  const fit = fitBradleyTerry(tableOf(size, cells, allCounts));
  const replicateTheta: Float64Array[] = [];
  const replicateShare: Float64Array[] = [];
  let unconnected = 0;
  const counts = new Float64Array(cells.length);
  const n = comparisons.length;
  for (let resample = 0; resample < options.resamples && n > 0; resample++) {
    multinomial(n, allCounts, options.random, counts);
    const refit = fitBradleyTerry(tableOf(size, cells, counts), { start: fit.theta });
    if (!refit.connected) {
      unconnected += 1;
    }
    replicateTheta.push(refit.theta);
    replicateShare.push(shares(refit.theta));
  }
  const tail = (1 - options.level) / 2;
  const bounds = (replicates: readonly Float64Array[], variant: number, point: number): [number, number] => {
    if (replicates.length === 0) {
      return [point, point];
    }
    const sorted = replicates.map((values) => values[variant] as number).sort((a, b) => a - b);
    return [quantileSorted(sorted, tail), quantileSorted(sorted, 1 - tail)];
  };
  const pointShares = shares(fit.theta);
  const variants = Array.from({ length: size }, (_, variant): StrengthInterval => {
    const theta = fit.theta[variant] as number;
    const [thetaLower, thetaUpper] = bounds(replicateTheta, variant, theta);
    const strength = pointShares[variant] as number;
    const [strengthLower, strengthUpper] = bounds(replicateShare, variant, strength);
    return {
      strength,
      strengthLower,
      strengthUpper,
      rating: 1000 + RATING_SCALE * theta,
      ratingLower: 1000 + RATING_SCALE * thetaLower,
      ratingUpper: 1000 + RATING_SCALE * thetaUpper,
    };
  });
  return { variants, connected: fit.connected, unconnectedResamples: unconnected, comparisons: n, resamples: replicateTheta.length, level: options.level };
}
