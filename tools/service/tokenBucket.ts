// A token bucket, as rate limiters of real services are built: `burst` tokens at most, refilled at
// `perSecond`; a request takes one token or is refused. Pure: the caller passes the time, so tests
// drive it with a clock of their own.

export interface BucketAnswer {
  readonly allowed: boolean;
  /** Whole tokens left after this request. */
  readonly remaining: number;
  /** Until the next token (0 when one is there): how long a refused request should wait. */
  readonly retryAfterMs: number;
  /** Until the bucket is full again. */
  readonly resetMs: number;
}

/** Refill arithmetic in floating point leaves 0.9999999… tokens after waiting exactly `retryAfterMs`; that counts as one. */
const EPSILON = 1e-9;

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    nowMs: number,
  ) {
    if (!(perSecond > 0) || !Number.isFinite(perSecond)) throw new Error(`the rate must be a number of requests a second > 0, got ${perSecond}`);
    if (!Number.isInteger(burst) || burst < 1) throw new Error(`the burst must be a whole number ≥ 1, got ${burst}`);
    this.tokens = burst;
    this.last = nowMs;
  }

  take(nowMs: number): BucketAnswer {
    this.refill(nowMs);
    const allowed = this.tokens >= 1 - EPSILON;
    if (allowed) this.tokens = Math.max(0, this.tokens - 1);
    return {
      allowed,
      remaining: Math.floor(this.tokens),
      retryAfterMs: this.tokens >= 1 - EPSILON ? 0 : ((1 - this.tokens) * 1000) / this.perSecond,
      resetMs: ((this.burst - this.tokens) * 1000) / this.perSecond,
    };
  }

  private refill(nowMs: number): void {
    // A clock that steps back (it should not) adds nothing rather than taking tokens away.
    const elapsed = Math.max(0, nowMs - this.last);
    this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.perSecond) / 1000);
    this.last = Math.max(this.last, nowMs);
  }
}
