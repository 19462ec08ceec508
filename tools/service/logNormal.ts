// Latencies of a service backed by a language model: log-normal, long-tailed (most answers near the
// median, a few far slower), drawn from a seeded source so a seed replays the same latencies.
import { probit } from 'simple-statistics';

/** Either the median and 95th percentile (what dashboards show), or the parameters of ln(latency). */
export type LatencySpec = { readonly medianMs: number; readonly p95Ms: number } | { readonly mu: number; readonly sigma: number };

export interface LogNormal {
  /** Mean of ln(latency in ms). */
  readonly mu: number;
  /** Standard deviation of ln(latency in ms). */
  readonly sigma: number;
}

/** z of the 95th percentile of the standard normal. */
const Z95 = probit(0.95);

export function logNormalOf(spec: LatencySpec): LogNormal {
  if ('medianMs' in spec) {
    if (!(spec.medianMs > 0) || !(spec.p95Ms >= spec.medianMs) || !Number.isFinite(spec.p95Ms)) {
      throw new Error(`latency needs 0 < median ≤ p95 (ms), got median ${spec.medianMs} and p95 ${spec.p95Ms}`);
    }
    const mu = Math.log(spec.medianMs);
    return { mu, sigma: (Math.log(spec.p95Ms) - mu) / Z95 };
  }
  if (!Number.isFinite(spec.mu) || !(spec.sigma >= 0) || !Number.isFinite(spec.sigma)) {
    throw new Error(`latency needs a finite mu and a sigma ≥ 0, got mu ${spec.mu} and sigma ${spec.sigma}`);
  }
  return { mu: spec.mu, sigma: spec.sigma };
}

export const logNormalMeanMs = (d: LogNormal): number => Math.exp(d.mu + (d.sigma * d.sigma) / 2);

/** The latency at quantile p (0 < p < 1). */
export const logNormalQuantileMs = (d: LogNormal, p: number): number => Math.exp(d.mu + d.sigma * probit(p));

/** A draw source of latencies in ms: Box–Muller over `random` (uniform in [0, 1)). */
export function logNormalSampler(d: LogNormal, random: () => number): () => number {
  return () => {
    // 1 - u is in (0, 1], so the logarithm is finite.
    const u = 1 - random();
    const v = random();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return Math.exp(d.mu + d.sigma * z);
  };
}
