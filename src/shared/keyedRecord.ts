// Records keyed by outside text (gist ids, variable names, values from arguments or stored state).
// Such a key may be `constructor`, `toString` or `__proto__`: a lookup must never reach
// Object.prototype, and a write must never set a prototype. Pure: no `vscode`.

/** `record[key]` when it is the record's own property; never an inherited member. */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A record without a prototype, so `__proto__` is an ordinary key (JSON.stringify writes it as one). */
export function recordOf<T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> {
  const record = Object.create(null) as Record<string, T>;
  for (const [key, value] of entries) {
    record[key] = value;
  }
  return record;
}
