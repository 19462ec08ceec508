// A delay that ends early when the service closes, so close() never waits on a fault's latency.
import { setTimeout as sleep } from 'node:timers/promises';

export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    // Aborted: the service is closing; callers check `signal.aborted`.
  }
}
