// A server with `workers` workers and a FIFO queue in front: a call waits for a free worker, so its
// latency grows with the calls in flight, as a model server's does once its batch is full.

export class WorkerQueue {
  private busy = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly workers: number) {
    if (!Number.isInteger(workers) || workers < 1) throw new Error(`the workers must be a whole number ≥ 1, got ${workers}`);
  }

  /** Resolves when a worker is this call's, in arrival order; false if `signal` aborted first. */
  acquire(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.busy < this.workers) {
      this.busy += 1;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      const onAbort = (): void => {
        const index = this.waiting.indexOf(grant);
        if (index !== -1) this.waiting.splice(index, 1);
        resolve(false);
      };
      const grant = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      };
      this.waiting.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The worker is free: the next in line gets it (the count of busy workers stays), or it idles. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy -= 1;
  }

  get queued(): number {
    return this.waiting.length;
  }

  get running(): number {
    return this.busy;
  }
}
