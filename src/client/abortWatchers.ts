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
  const watchers = watchersOf.get(signal) ?? listenTo(signal);
  // A closure of its own: the same function watching twice is two watchers, as two listeners would be.
  const entry = (): void => onAbort();
  watchers.add(entry);
  return () => void watchers.delete(entry);
}

/** The signal's one listener, and the set of watchers it calls. */
function listenTo(signal: AbortSignal): Set<() => void> {
  const watchers = new Set<() => void>();
  watchersOf.set(signal, watchers);
  signal.addEventListener(
    'abort',
    () => {
      watchersOf.delete(signal);
      // A watcher removed by one called before it is skipped, as an EventTarget skips a removed listener.
      for (const watcher of watchers) {
        watchers.delete(watcher);
        watcher();
      }
    },
    { once: true },
  );
  return watchers;
}
