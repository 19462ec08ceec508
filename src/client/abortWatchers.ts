// One `abort` listener per AbortSignal, however many calls watch it. A lab run passes the same
// signal to thousands of calls a second, and adding and removing a listener on an EventTarget
// took ~4 µs of each (npm run bench, gist-check's profile); a Set entry costs next to nothing.
// Pure Node: no `vscode`.

const watchersOf = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `onAbort` once when `signal` aborts (at once if it has), unless the returned function
 * was called first. The signal's one listener stays until it aborts; the WeakMap lets both go
 * with the signal.
 */
export function watchAbort(signal: AbortSignal, onAbort: () => void): () => void {
  if (signal.aborted) {
    onAbort();
    return () => undefined;
  }
  let watchers = watchersOf.get(signal);
  if (watchers === undefined) {
    const created = new Set<() => void>();
    watchers = created;
    watchersOf.set(signal, created);
    signal.addEventListener(
      'abort',
      () => {
        watchersOf.delete(signal);
        // A watcher removed by one called before it is skipped, as an EventTarget skips a removed listener.
        for (const watcher of created) {
          created.delete(watcher);
          watcher();
        }
      },
      { once: true },
    );
  }
  const entry = (): void => onAbort();
  watchers.add(entry);
  const own = watchers;
  return () => void own.delete(entry);
}
