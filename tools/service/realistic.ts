// The realistic mode: the service behaves like one backed by a language model. Each /v1 call takes
// a log-normal latency; a token bucket refuses calls beyond its rate with 429; a cap on calls in
// flight refuses with 503; workers with a FIFO queue make latency grow with load. Every /v1 answer
// carries OpenAI-style rate-limit headers. Seeded, so a seed replays the same latencies; time-scaled,
// so a bench can run a minute of such a service in a few seconds (every duration × `timeScale`).
import type { ServerResponse } from 'node:http';
import { sendFailure } from './envelope';
import { type LatencySpec, logNormalOf, logNormalMeanMs, logNormalSampler } from './logNormal';
import { pause } from './pause';
import { mulberry32 } from './random';
import { TokenBucket } from './tokenBucket';
import { WorkerQueue } from './workerQueue';

export interface RealisticProfile {
  /** Seeds the latency draws (in arrival order); default a random seed. */
  readonly seed?: number;
  /** Default: median 400 ms, p95 1,500 ms (a mean of about 550 ms). */
  readonly latency?: LatencySpec;
  /** A token bucket: `perSecond` refill, `burst` tokens at most; absent: no rate limit. */
  readonly rate?: { readonly perSecond: number; readonly burst: number };
  /** Calls in flight (queued or served) beyond which a call gets 503; absent: no cap. */
  readonly maxInFlight?: number;
  /** Calls served at once; the rest wait in a FIFO queue. Absent: every call is served at once. */
  readonly queueWorkers?: number;
  /** Every duration (latency, the bucket's refill interval) is multiplied by this; default 1. */
  readonly timeScale?: number;
}

export const DEFAULT_LATENCY: LatencySpec = { medianMs: 400, p95Ms: 1500 };

/** The header values the rate limit sends on every answer, OpenAI's names. */
export const RATE_LIMIT_HEADERS = ['x-ratelimit-limit-requests', 'x-ratelimit-remaining-requests', 'x-ratelimit-reset-requests'] as const;

/** Checks a profile that may come over HTTP, so a typo fails the test that sent it. */
export function parseRealisticProfile(input: unknown): RealisticProfile {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error('the realistic profile must be an object');
  const p = input as Record<string, unknown>;
  const known = new Set(['seed', 'latency', 'rate', 'maxInFlight', 'queueWorkers', 'timeScale']);
  for (const key of Object.keys(p)) if (!known.has(key)) throw new Error(`unknown realistic profile field "${key}"`);
  const wholeAtLeast = (key: string, min: number): void => {
    if (p[key] !== undefined && (!Number.isInteger(p[key]) || (p[key] as number) < min)) throw new Error(`${key} must be a whole number ≥ ${min}`);
  };
  wholeAtLeast('seed', 0);
  wholeAtLeast('maxInFlight', 1);
  wholeAtLeast('queueWorkers', 1);
  if (p.timeScale !== undefined && !(typeof p.timeScale === 'number' && p.timeScale > 0 && Number.isFinite(p.timeScale))) throw new Error('timeScale must be a number > 0');
  if (p.latency !== undefined) {
    const latency = p.latency as Record<string, unknown>;
    if (typeof latency !== 'object' || latency === null) throw new Error('latency must be {medianMs, p95Ms} or {mu, sigma}');
    logNormalOf(latency as unknown as LatencySpec);
  }
  if (p.rate !== undefined) {
    const rate = p.rate as Record<string, unknown>;
    if (typeof rate !== 'object' || rate === null) throw new Error('rate must be {perSecond, burst}');
    new TokenBucket(rate.perSecond as number, rate.burst as number, 0);
  }
  return { ...(p as RealisticProfile) };
}

/** `1s`, `250ms`, `1.5s`, `2m30s`: the duration form of OpenAI's `x-ratelimit-reset-*` headers. */
export function formatResetDuration(ms: number): string {
  const whole = Math.max(0, Math.ceil(ms));
  if (whole < 1000) return `${whole}ms`;
  if (whole < 60_000) return `${Number((whole / 1000).toFixed(3))}s`;
  const minutes = Math.floor(whole / 60_000);
  return `${minutes}m${Number(((whole - minutes * 60_000) / 1000).toFixed(3))}s`;
}

/** The waits a refused call is told: `Retry-After` in whole seconds (HTTP allows no fraction), rounded up, and the exact ms. */
function retryHeaders(waitMs: number): Record<string, string> {
  const ms = Math.max(1, Math.ceil(waitMs));
  return { 'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))), 'retry-after-ms': String(ms) };
}

export class RealisticMode {
  private readonly drawLatencyMs: () => number;
  private readonly bucket: TokenBucket | undefined;
  private readonly queue: WorkerQueue | undefined;
  private readonly scale: number;
  private readonly meanLatencyMs: number;
  private inFlight = 0;

  constructor(
    readonly profile: RealisticProfile,
    private readonly now: () => number = () => performance.now(),
  ) {
    const checked = parseRealisticProfile(profile);
    const distribution = logNormalOf(checked.latency ?? DEFAULT_LATENCY);
    // Its own stream, so the latencies do not shift the variant draw of the same seed.
    this.drawLatencyMs = logNormalSampler(distribution, mulberry32((checked.seed ?? Math.floor(Math.random() * 2 ** 32)) ^ 0x5bd1e995));
    this.scale = checked.timeScale ?? 1;
    this.meanLatencyMs = logNormalMeanMs(distribution);
    this.bucket = checked.rate === undefined ? undefined : new TokenBucket(checked.rate.perSecond / this.scale, checked.rate.burst, this.now());
    this.queue = checked.queueWorkers === undefined ? undefined : new WorkerQueue(checked.queueWorkers);
  }

  /** The next call's service time, unscaled (ms). */
  nextLatencyMs(): number {
    return this.drawLatencyMs();
  }

  /**
   * Admits a /v1 call and holds it for its latency, then `answer()` sends the normal response; or
   * sends the 429 or 503 itself. The rate-limit headers go on either.
   */
  async serve(res: ServerResponse, signal: AbortSignal, answer: () => void): Promise<void> {
    if (this.bucket) {
      const taken = this.bucket.take(this.now());
      res.setHeader('x-ratelimit-limit-requests', String(this.bucket.burst));
      res.setHeader('x-ratelimit-remaining-requests', String(taken.remaining));
      res.setHeader('x-ratelimit-reset-requests', formatResetDuration(taken.resetMs));
      if (!taken.allowed) {
        return sendFailure(res, 429, 'Rate limit reached: too many requests a second. Wait for Retry-After, then try again.', retryHeaders(taken.retryAfterMs));
      }
    }
    if (this.profile.maxInFlight !== undefined && this.inFlight >= this.profile.maxInFlight) {
      const text = `The service is at capacity (${this.profile.maxInFlight} calls in flight). Wait for Retry-After, then try again.`;
      return sendFailure(res, 503, text, retryHeaders(this.meanLatencyMs * this.scale));
    }
    this.inFlight += 1;
    try {
      if (this.queue && !(await this.queue.acquire(signal))) return;
      try {
        await pause(this.drawLatencyMs() * this.scale, signal);
      } finally {
        this.queue?.release();
      }
    } finally {
      this.inFlight -= 1;
    }
    if (!signal.aborted) answer();
  }
}
