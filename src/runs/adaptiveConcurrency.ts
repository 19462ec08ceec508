// How many calls a run makes at once: never more than the ceiling the user set, halved when the
// service says it is overloaded (429, 503), one more after a run of successes: additive increase,
// multiplicative decrease, as promptfoo's scheduler does (site/docs/configuration/rate-limits.md).
// A burst of rate limits from calls that were all under way before the last cut counts as one, so
// eight calls refused at once halve the concurrency once, not down to one. Pure: no `vscode`.

/** Successes in a row before one more call at once (promptfoo's threshold). */
export const DEFAULT_RECOVERY_SUCCESSES = 5;

export class AdaptiveConcurrency {
  private current: number;
  private successes = 0;
  /** Attempts are numbered as they start; one that started before the last cut does not cut again. */
  private lastAttempt = 0;
  private cutAfter = 0;
  private cuts = 0;

  constructor(
    /** The ceiling (`gist.lab.concurrency`), 1 or more. */
    readonly ceiling: number,
    private readonly recoverySuccesses = DEFAULT_RECOVERY_SUCCESSES,
  ) {
    this.current = Math.max(1, Math.floor(ceiling));
  }

  /** Calls allowed at once now. */
  get limit(): number {
    return this.current;
  }

  /** Times the concurrency was cut, for the run's summary. */
  get decreases(): number {
    return this.cuts;
  }

  /** Numbers an attempt as it starts; pass the number back with its outcome. */
  attemptStarted(): number {
    this.lastAttempt += 1;
    return this.lastAttempt;
  }

  /** A success: after enough in a row, one more call at once (up to the ceiling). Returns whether the limit changed. */
  succeeded(): boolean {
    this.successes += 1;
    if (this.successes >= this.recoverySuccesses && this.current < this.ceiling) {
      this.current += 1;
      this.successes = 0;
      return true;
    }
    return false;
  }

  /** The service said it is overloaded: half as many calls at once (at least one). Returns whether the limit changed. */
  overloaded(attempt: number): boolean {
    this.successes = 0;
    if (attempt <= this.cutAfter) {
      return false;
    }
    this.cutAfter = this.lastAttempt;
    const before = this.current;
    this.current = Math.max(1, Math.floor(this.current / 2));
    if (this.current !== before) {
      this.cuts += 1;
    }
    return this.current !== before;
  }
}
