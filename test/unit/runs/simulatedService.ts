// Services simulated on a virtual clock, for the engine's capacity tests: a token bucket of rate R
// and burst B answering 429 with Retry-After (whole seconds, as the local service and most real
// ones send it) and optionally the OpenAI rate-limit headers; a cap on calls in flight answered with
// 503; a queueing service whose latency grows with the calls in flight; latency log-normal from a
// seeded source. Refusals answer at once. Not a stand-in for the real client: the engine's
// controller is what is under test, and the real service's headers are tested in labRun.test.ts.
import { GistError } from '../../../src/client/errors';
import type { RateLimitHint } from '../../../src/client/rateLimitHeaders';
import type { CallFunction, EngineRow } from '../../../src/runs/engine';
import { FakeClock } from './fakeClock';
import { mulberry32 } from '../../../tools/service/random';

export interface ServiceProfile {
  /** Requests a second the bucket refills; undefined: no rate limit. */
  readonly rate?: number;
  readonly burst?: number;
  /** Calls in flight beyond this are answered 503. */
  readonly maxInFlight?: number;
  /** Workers: beyond this many in flight, latency grows in proportion (a queue). */
  readonly workers?: number;
  /** Median latency (ms) and the log-normal's sigma. */
  readonly medianMs: number;
  readonly sigma: number;
  /** Send x-ratelimit-* headers with a 429. */
  readonly headers?: boolean;
  readonly seed?: number;
}

export class SimulatedService {
  readonly clock = new FakeClock();
  requests = 0;
  refused = 0;
  inFlight = 0;
  maxInFlight = 0;
  private tokens: number;
  private refilledAt = 0;
  private readonly random: () => number;

  constructor(readonly profile: ServiceProfile) {
    this.tokens = profile.burst ?? 0;
    // The local service's seeded generator: the same profile gives the same run.
    this.random = mulberry32(profile.seed ?? 1);
  }

  /** Mean latency of the log-normal: median × e^(σ²/2). */
  get meanMs(): number {
    return this.profile.medianMs * Math.exp((this.profile.sigma * this.profile.sigma) / 2);
  }

  private latency(): number {
    // Box–Muller from the seeded source.
    const u = Math.max(1e-12, this.random());
    const v = this.random();
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return this.profile.medianMs * Math.exp(this.profile.sigma * normal);
  }

  private takeToken(): boolean {
    const { rate, burst = 1 } = this.profile;
    if (rate === undefined) {
      return true;
    }
    const now = this.clock.now();
    this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) * rate) / 1000);
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    return false;
  }

  private hint(): RateLimitHint | undefined {
    const { rate, burst = 1 } = this.profile;
    if (this.profile.headers !== true || rate === undefined) {
      return undefined;
    }
    return { limit: burst, remaining: Math.floor(this.tokens), resetMs: ((burst - this.tokens) * 1000) / rate };
  }

  readonly call: CallFunction = async (request) => {
    this.requests += 1;
    if (this.profile.maxInFlight !== undefined && this.inFlight >= this.profile.maxInFlight) {
      this.refused += 1;
      throw new GistError('service', 'The gist service failed (HTTP 503).', 'retry', { status: 503, retryAfterSeconds: 1 });
    }
    if (!this.takeToken()) {
      this.refused += 1;
      const waitS = Math.max(1, Math.ceil((1 - this.tokens) / (this.profile.rate ?? 1)));
      throw new GistError('rateLimited', 'The service is rate limiting requests (HTTP 429).', 'retry', { status: 429, retryAfterSeconds: waitS, rateLimit: this.hint() });
    }
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const queue = this.profile.workers === undefined ? 1 : Math.max(1, this.inFlight / this.profile.workers);
    try {
      await this.clock.sleep(this.latency() * queue);
    } finally {
      this.inFlight -= 1;
    }
    return { id: `call-${request.values.row ?? ''}-${request.variant ?? ''}`, content: 'ok' };
  };
}

/** `count` rows, each with its number as a value. */
export function rowsOf(count: number): AsyncIterable<EngineRow> {
  return {
    [Symbol.asyncIterator]: () => {
      let next = 1;
      return {
        next: () => Promise.resolve(next <= count ? { done: false, value: { kind: 'row' as const, row: next, line: next + 1, values: { row: String(next++) } } } : { done: true as const, value: undefined }),
      };
    },
  };
}
