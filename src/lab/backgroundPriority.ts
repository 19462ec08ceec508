// A worker thread's work is background work: on Linux the thread lowers its own scheduling
// priority, so that on a busy machine (two cores shared by the extension host, the workbench, the
// webview and the worker) the extension host's main thread, which serves every editor, gets the
// core first. The verdict panel's worker, reading 5,000 votes while the main thread read the
// results file, stretched the main thread's tasks into 45–80 ms stalls. Linux applies
// setpriority() to the one thread whose id it is given; elsewhere it would apply to the whole
// process, so nothing is changed there. Pure Node: no `vscode`.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** A nice value well below normal but not idle: the worker still runs whenever a core is free. */
export const BACKGROUND_NICE = 10;

/** The calling thread's id on Linux (`/proc/thread-self` links to `<pid>/task/<tid>`); undefined elsewhere. */
export function currentThreadId(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the calling thread's priority to `nice` where that touches this thread alone, and never
 * raises it (a VS Code started with a lower priority, or as root, keeps its own); true when the
 * thread runs at `nice` or lower.
 */
export function lowerThreadPriority(nice = BACKGROUND_NICE): boolean {
  const thread = currentThreadId();
  if (thread === undefined) return false;
  try {
    if (getPriority(thread) < nice) setPriority(thread, nice);
    return true;
  } catch {
    // Not allowed here (a sandbox): the worker runs at the normal priority, as before.
    return false;
  }
}
