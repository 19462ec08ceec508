// The service profiles the capacity bench runs against (issue 47), and for each the bound: the
// time below which no client can finish its cells, from the profile alone. Time-scaled in the
// bench; every figure here is in the profile's own (unscaled) seconds.
import { DEFAULT_LATENCY, type RealisticProfile } from '../tools/service/realistic';
import { logNormalMeanMs, logNormalOf, logNormalQuantileMs } from '../tools/service/logNormal';

export interface CapacityProfile {
  readonly name: string;
  /** What a reader of the table is told. */
  readonly label: string;
  /** Cells of the run (rows × 2 variants). */
  readonly cells: number;
  /** Unscaled; the bench adds the seed and the time scale. */
  readonly service: Omit<RealisticProfile, 'seed' | 'timeScale'>;
}

const LATENCY = DEFAULT_LATENCY;

export const CAPACITY_PROFILES: readonly CapacityProfile[] = [
  { name: 'bucket', label: 'the issue’s: 20 requests a second, burst 20 (429 beyond)', cells: 600, service: { latency: LATENCY, rate: { perSecond: 20, burst: 20 } } },
  { name: 'strict', label: 'a stricter limit: 5 a second, burst 5', cells: 300, service: { latency: LATENCY, rate: { perSecond: 5, burst: 5 } } },
  { name: 'inFlightCap', label: 'no rate limit, at most 16 in flight (503 beyond)', cells: 600, service: { latency: LATENCY, maxInFlight: 16 } },
  { name: 'queue', label: '8 workers and a queue: latency grows with the calls in flight', cells: 600, service: { latency: LATENCY, queueWorkers: 8 } },
  { name: 'unlimited', label: 'no limit at all', cells: 600, service: { latency: LATENCY } },
];

export interface Bound {
  readonly seconds: number;
  /** The formula with the profile's numbers, for the docs and the log. */
  readonly formula: string;
}

const s = (value: number): string => String(Math.round(value * 1000) / 1000);

/**
 * N calls of mean latency L: with a bucket of rate R and burst B, not before (N − B)/R + L (the
 * last token comes then, and its call still takes L); with C in flight at most, N·L/C; with k
 * workers, N·L/k; with no limit, the slowest of the N calls, whose expectation is about the
 * latency's N/(N + 1) quantile. Each limit present bounds the time; the largest is the bound.
 */
export function boundOf(profile: Pick<CapacityProfile, 'cells' | 'service'>): Bound {
  const distribution = logNormalOf(profile.service.latency ?? DEFAULT_LATENCY);
  const n = profile.cells;
  const meanSeconds = logNormalMeanMs(distribution) / 1000;
  const candidates: Bound[] = [];
  const { rate, maxInFlight, queueWorkers } = profile.service;
  if (rate !== undefined) {
    candidates.push({ seconds: Math.max(0, n - rate.burst) / rate.perSecond + meanSeconds, formula: `(N − B)/R + L = (${n} − ${rate.burst})/${rate.perSecond} + ${s(meanSeconds)}` });
  }
  if (maxInFlight !== undefined) candidates.push({ seconds: (n * meanSeconds) / maxInFlight, formula: `N·L/C = ${n} × ${s(meanSeconds)}/${maxInFlight}` });
  if (queueWorkers !== undefined) candidates.push({ seconds: (n * meanSeconds) / queueWorkers, formula: `N·L/k = ${n} × ${s(meanSeconds)}/${queueWorkers}` });
  const slowest = logNormalQuantileMs(distribution, n / (n + 1)) / 1000;
  candidates.push({ seconds: Math.max(meanSeconds, slowest), formula: `the slowest of N calls ≈ the latency's N/(N+1) quantile = ${s(slowest)}` });
  return candidates.reduce((largest, one) => (one.seconds > largest.seconds ? one : largest));
}

/** The budget of every profile, at default settings: at most 1.2 × the bound, 5 % of requests refused, no cell lost or doubled. */
export const CAPACITY_TARGETS = { toBound: 1.2, rejectedShare: 0.05, lostOrDoubled: 0 } as const;
