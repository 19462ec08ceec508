// How many calls a run makes at once: never more than the ceiling the user set. A run starts with
// a few and finds the service's capacity by itself:
// - Slow start (as TCP's): one more call at once for each success, doubling every round trip,
//   until the first sign of overload; after it, one more after a run of successes (additive
//   increase), and above the level where the service last refused, four times slower.
// - Cut when the service says it is overloaded (429, 503): to what was under way when it refused,
//   less a tenth, at most halved (multiplicative decrease, as promptfoo's scheduler,
//   site/docs/configuration/rate-limits.md). A burst of refusals from calls that were all under
//   way before the last cut counts as one, so eight calls refused at once cut once.
// - Cut when latency climbs well above its long-run average (a service that queues): the gradient
//   of Netflix concurrency-limits' Gradient2Limit (concurrency-limits-core, limit/Gradient2Limit.java):
//   limit × max(0.5, min(1, tolerance × long / short)), with short and long moving averages of the
//   latency, the long one pulled down when latency recovers. A long-run average rather than the
//   minimum (TCP Vegas) because a model's latency is noisy: its minimum says nothing of queueing.
// Pure: no `vscode`.

/** Successes in a row before one more call at once (promptfoo's threshold). */
export const DEFAULT_RECOVERY_SUCCESSES = 5;
/** Calls a run starts with (or the ceiling, when lower). */
export const INITIAL_CONCURRENCY = 4;
/** Latency this many times its long-run average means the service is queueing our calls (Gradient2's default tolerance). */
export const LATENCY_TOLERANCE = 1.5;
const SHORT_SMOOTHING = 0.1;
const LONG_SMOOTHING = 0.01;
/** During slow start, latency this many times its average ends it (growth goes on one a round trip). */
const SLOW_START_EXIT = 1.25;
const SLOW_START_SAMPLES = 8;
/** Latencies seen before they are judged. */
const MIN_LATENCY_SAMPLES = 20;

export class AdaptiveConcurrency {
  private current: number;
  private successes = 0;
  /** Attempts are numbered as they start; one that started before the last cut does not cut again. */
  private lastAttempt = 0;
  private cutAfter = 0;
  private cuts = 0;
  /** Until the first sign of overload, the limit grows by one a success. */
  private slowStart: boolean;
  /** Calls under way when the service last refused; growth above it is slower. */
  private refusedAt = Number.POSITIVE_INFINITY;
  private shortLatency: number | undefined;
  private longLatency: number | undefined;
  private samples = 0;

  constructor(
    /** The ceiling (`gist.lab.concurrency`), 1 or more. */
    readonly ceiling: number,
    private readonly recoverySuccesses = DEFAULT_RECOVERY_SUCCESSES,
    /** Calls at once to start with; default the ceiling. */
    initial: number = ceiling,
  ) {
    const top = Math.max(1, Math.floor(ceiling));
    this.current = Math.min(top, Math.max(1, Math.floor(initial)));
    this.slowStart = this.current < top;
  }

  /** Calls allowed at once now. */
  get limit(): number {
    return this.current;
  }

  /** Times the concurrency was cut, for the run's summary. */
  get decreases(): number {
    return this.cuts;
  }

  /** The number of the newest attempt started. */
  get lastStarted(): number {
    return this.lastAttempt;
  }

  /** Numbers an attempt as it starts; pass the number back with its outcome. */
  attemptStarted(): number {
    this.lastAttempt += 1;
    return this.lastAttempt;
  }

  /**
   * A success, with its latency and attempt number when known, and whether the limit was in use
   * (calls under way reached it: growing a limit nobody reaches only makes a later burst larger).
   * Returns whether the limit changed.
   */
  succeeded(latencyMs?: number, attempt?: number, limitInUse = true): boolean {
    if (latencyMs !== undefined && this.queueing(latencyMs, attempt ?? this.lastAttempt)) {
      return true;
    }
    if (!limitInUse || this.current >= this.ceiling) {
      return false;
    }
    if (this.slowStart) {
      this.current += 1;
      return true;
    }
    this.successes += 1;
    // One more a round trip (as many successes as calls at once), four times slower above the level the service last refused.
    const perRound = Math.max(this.recoverySuccesses, this.current);
    if (this.successes >= (this.current >= this.refusedAt ? perRound * 4 : perRound)) {
      this.current += 1;
      this.successes = 0;
      return true;
    }
    return false;
  }

  /**
   * The service said it is overloaded: fewer calls at once (at least one). With `inFlight` (the
   * calls under way when it refused), to a tenth less than that, at most halved; without, halved.
   * Returns whether the limit changed.
   */
  overloaded(attempt: number, inFlight?: number): boolean {
    this.successes = 0;
    this.slowStart = false;
    if (attempt <= this.cutAfter) {
      return false;
    }
    const half = Math.floor(this.current / 2);
    if (inFlight === undefined) {
      return this.cut(half);
    }
    this.refusedAt = Math.max(1, Math.min(this.current, inFlight));
    return this.cut(Math.max(half, Math.min(this.current - 1, Math.floor(inFlight * 0.9))));
  }

  private cut(to: number): boolean {
    this.cutAfter = this.lastAttempt;
    const before = this.current;
    this.current = Math.max(1, Math.min(before, to));
    if (this.current !== before) {
      this.cuts += 1;
    }
    return this.current !== before;
  }

  /** Feeds a latency to the averages; true when it cut the limit because the service queues. */
  private queueing(latencyMs: number, attempt: number): boolean {
    const sample = Math.max(0, latencyMs);
    this.samples += 1;
    // Plain means over the first samples (taken at the few calls a run starts with, before any
    // queue), so one fast answer is no baseline; then moving averages: the long one over about a
    // hundred samples, slow enough that a queue building is cut before it becomes the baseline.
    this.shortLatency = this.shortLatency === undefined ? sample : this.shortLatency + Math.max(SHORT_SMOOTHING, 1 / this.samples) * (sample - this.shortLatency);
    if (this.longLatency === undefined || this.samples <= SLOW_START_SAMPLES) {
      this.longLatency = this.longLatency === undefined ? sample : this.longLatency + (sample - this.longLatency) / this.samples;
    } else {
      this.longLatency += LONG_SMOOTHING * (sample - this.longLatency);
    }
    // Latency back to normal after a long overload: the long average forgets it sooner (as Gradient2 does).
    if (this.longLatency > 2 * this.shortLatency) {
      this.longLatency *= 0.95;
    }
    // Slow start ends as soon as latency starts to climb (as TCP's HyStart does), before the queue is long.
    if (this.slowStart && this.samples >= SLOW_START_SAMPLES && this.shortLatency > SLOW_START_EXIT * this.longLatency) {
      this.slowStart = false;
    }
    if (this.samples < MIN_LATENCY_SAMPLES || this.shortLatency <= 0 || attempt <= this.cutAfter) {
      return false;
    }
    const gradient = Math.max(0.5, Math.min(1, (LATENCY_TOLERANCE * this.longLatency) / this.shortLatency));
    if (gradient >= 1) {
      return false;
    }
    this.successes = 0;
    this.slowStart = false;
    return this.cut(Math.floor(this.current * gradient));
  }
}
