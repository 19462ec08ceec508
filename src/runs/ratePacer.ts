// The rate a run starts calls at, learned from the service's refusals: a pacer that spaces call
// starts instead of pausing the whole run at each 429. Unpaced until the service first refuses;
// then at the refill rate its headers state (`x-ratelimit-limit/remaining/reset-requests`, the
// IETF draft's `ratelimit-*`), else at the rate calls were accepted over the last seconds. Cut by
// a tenth at each new refusal; grown while the pace is what holds the run back, by a tenth a
// second up to just under the rate last refused, then by half a percent (additive increase,
// multiplicative decrease on the rate, as TCP does on its window; the slow probe as CUBIC's
// plateau). A burst of refusals from calls that started before the last cut counts as one.
// Pure: no `vscode`.
import { refillPerSecond, type RateLimitHint } from '../client/rateLimitHeaders';

/** A new refusal cuts the rate to this share of itself. */
export const RATE_DECREASE = 0.9;
/** The share of a rate the service states that the run uses: a margin for the clocks' drift. */
export const STATED_RATE_SHARE = 0.95;
/** Growth a second while paced, as a share of the rate: each paced success adds this many calls a second. */
const RATE_INCREASE_PER_SUCCESS = 0.1;
/** Past (a twentieth under) the rate last refused, a tenth of that: the refusals it costs stay few. */
const RATE_PROBE_PER_SUCCESS = 0.005;
const RATE_DECREASE_MARGIN = 0.95;
/** Accepted calls are counted over this long to learn the first rate. */
const ACCEPTED_WINDOW_MS = 2_000;
/** The slowest pace: one call every ten seconds (a refusal never stops a run). */
export const MIN_RATE_PER_SECOND = 0.1;
/** The first pace learned without a stated rate is at least this: a refusal of the first calls says little of the rate. */
const FIRST_RATE_FLOOR = 1;

export class RatePacer {
  private rate: number | undefined;
  private nextStart = Number.NEGATIVE_INFINITY;
  private cutAfter = 0;
  private held = false;
  /** The pace the service last refused at; unknown before a refusal of a paced run. */
  private refusedRate = Number.POSITIVE_INFINITY;
  private readonly accepted: number[] = [];

  /** Calls a second the run is paced at; undefined while unpaced. */
  get perSecond(): number | undefined {
    return this.rate;
  }

  /** Milliseconds until the next call may start, whose start this reserves. */
  reserve(now: number): number {
    if (this.rate === undefined) {
      return 0;
    }
    const at = Math.max(now, this.nextStart);
    this.nextStart = at + 1000 / this.rate;
    if (at > now) {
      this.held = true;
    }
    return at - now;
  }

  /** A call the service accepted: counted, and when the pace held calls back, the rate grows. */
  succeeded(now: number): void {
    this.accepted.push(now);
    while (this.accepted.length > 0 && (this.accepted[0] ?? now) < now - ACCEPTED_WINDOW_MS) {
      this.accepted.shift();
    }
    if (this.rate !== undefined && this.held) {
      // Quickly back to just under the rate the service last refused, then probing past it slowly (as TCP CUBIC does).
      this.rate += this.rate < this.refusedRate * RATE_DECREASE_MARGIN ? RATE_INCREASE_PER_SUCCESS : RATE_PROBE_PER_SUCCESS;
      this.held = false;
    }
  }

  /**
   * The service refused attempt `attempt` (429, 503); `lastAttempt` is the newest started. Returns
   * whether the rate was cut (false for a refusal from the same burst).
   */
  refused(now: number, attempt: number, lastAttempt: number, hint: RateLimitHint | undefined): boolean {
    if (attempt <= this.cutAfter) {
      return false;
    }
    this.cutAfter = lastAttempt;
    const stated = refillPerSecond(hint);
    if (this.rate !== undefined) {
      this.refusedRate = this.rate;
    }
    const cut = this.rate === undefined ? this.acceptedPerSecond(now) : this.rate * RATE_DECREASE;
    const target = stated !== undefined && (this.rate === undefined || this.rate > stated * STATED_RATE_SHARE) ? stated * STATED_RATE_SHARE : cut;
    this.rate = Math.max(MIN_RATE_PER_SECOND, target);
    // The service has nothing left now: the next start waits one interval.
    this.nextStart = Math.max(this.nextStart, now + 1000 / this.rate);
    return true;
  }

  private acceptedPerSecond(now: number): number {
    const recent = this.accepted.filter((at) => at >= now - ACCEPTED_WINDOW_MS);
    const first = recent[0];
    if (first === undefined) {
      return FIRST_RATE_FLOOR;
    }
    const window = Math.max(1_000, now - first);
    return Math.max(FIRST_RATE_FLOOR, (recent.length * 1000) / window);
  }
}
