// The command-line flags of the realistic mode, shared by `npm run service` and `npm start`, so both
// take the same words and the same defaults (the profile: median 400 ms, p95 1.5 s, 20
// requests a second with a burst of 20).
import type { LatencySpec } from './logNormal';
import type { RealisticProfile } from './realistic';

export const REALISTIC_FLAGS = {
  realistic: { type: 'boolean', default: false },
  rate: { type: 'string' },
  burst: { type: 'string' },
  'median-ms': { type: 'string' },
  'p95-ms': { type: 'string' },
  mu: { type: 'string' },
  sigma: { type: 'string' },
  'max-in-flight': { type: 'string' },
  'queue-workers': { type: 'string' },
  'time-scale': { type: 'string' },
} as const;

export const REALISTIC_USAGE =
  '--realistic [--rate R (a second; 0 = no limit; default 20) --burst B (default R) --median-ms 400 --p95-ms 1500 | --mu m --sigma s; --max-in-flight C (503 beyond) --queue-workers k (FIFO queue) --time-scale f (every duration × f)]';

const DEFAULT_RATE = 20;

type FlagValues = Partial<Record<keyof typeof REALISTIC_FLAGS, string | boolean>>;

function numberFlag(values: FlagValues, name: keyof typeof REALISTIC_FLAGS, check: (value: number) => boolean, what: string): number | undefined {
  const text = values[name];
  if (text === undefined || typeof text === 'boolean' || text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || !check(value)) throw new Error(`--${name} must be ${what}, got "${text}"`);
  return value;
}

/** The profile the flags ask for, or undefined without `--realistic` (the other flags then are an error: they would do nothing). */
export function realisticFromFlags(values: FlagValues, seed: number | undefined): RealisticProfile | undefined {
  if (values.realistic !== true) {
    const stray = Object.keys(REALISTIC_FLAGS).find((name) => name !== 'realistic' && values[name as keyof FlagValues] !== undefined);
    if (stray !== undefined) throw new Error(`--${stray} belongs to the realistic mode: add --realistic`);
    return undefined;
  }
  const positive = (value: number): boolean => value > 0;
  const whole = (value: number): boolean => Number.isInteger(value) && value >= 1;
  const rate = numberFlag(values, 'rate', (value) => value >= 0, 'a number of requests a second ≥ 0') ?? DEFAULT_RATE;
  const burst = numberFlag(values, 'burst', whole, 'a whole number ≥ 1') ?? Math.max(1, Math.ceil(rate));
  const mu = numberFlag(values, 'mu', () => true, 'a number');
  const sigma = numberFlag(values, 'sigma', (value) => value >= 0, 'a number ≥ 0');
  const medianMs = numberFlag(values, 'median-ms', positive, 'a number of ms > 0');
  const p95Ms = numberFlag(values, 'p95-ms', positive, 'a number of ms > 0');
  if ((mu !== undefined || sigma !== undefined) && (medianMs !== undefined || p95Ms !== undefined)) throw new Error('give the latency as --median-ms and --p95-ms, or as --mu and --sigma, not both');
  let latency: LatencySpec | undefined;
  if (mu !== undefined || sigma !== undefined) {
    if (mu === undefined || sigma === undefined) throw new Error('--mu and --sigma go together');
    latency = { mu, sigma };
  } else if (medianMs !== undefined || p95Ms !== undefined) {
    const median = medianMs ?? 400;
    latency = { medianMs: median, p95Ms: p95Ms ?? Math.max(median, 1500) };
  }
  const maxInFlight = numberFlag(values, 'max-in-flight', whole, 'a whole number ≥ 1');
  const queueWorkers = numberFlag(values, 'queue-workers', whole, 'a whole number ≥ 1');
  const timeScale = numberFlag(values, 'time-scale', positive, 'a number > 0');
  return {
    ...(seed === undefined ? {} : { seed }),
    ...(latency === undefined ? {} : { latency }),
    ...(rate === 0 ? {} : { rate: { perSecond: rate, burst } }),
    ...(maxInFlight === undefined ? {} : { maxInFlight }),
    ...(queueWorkers === undefined ? {} : { queueWorkers }),
    ...(timeScale === undefined ? {} : { timeScale }),
  };
}

/** One line for the banner: what the service will do. */
export function describeRealistic(profile: RealisticProfile): string {
  const latency = profile.latency ?? { medianMs: 400, p95Ms: 1500 };
  const parts = ['medianMs' in latency ? `latency log-normal, median ${latency.medianMs} ms, p95 ${latency.p95Ms} ms` : `latency log-normal, mu ${latency.mu}, sigma ${latency.sigma}`];
  parts.push(profile.rate === undefined ? 'no rate limit' : `${profile.rate.perSecond} requests a second, burst ${profile.rate.burst} (429 beyond)`);
  if (profile.maxInFlight !== undefined) parts.push(`at most ${profile.maxInFlight} calls in flight (503 beyond)`);
  if (profile.queueWorkers !== undefined) parts.push(`${profile.queueWorkers} workers, a FIFO queue`);
  if (profile.timeScale !== undefined && profile.timeScale !== 1) parts.push(`every duration × ${profile.timeScale}`);
  return `Realistic mode: ${parts.join('; ')}.`;
}
