// A parse result written out in full, so two parsers' results can be compared byte for byte: what
// JSON.stringify writes, plus what it would hide: a record's prototype (null-prototype or not), a
// key set to undefined, -0 and non-finite numbers, functions (compiled matchers), Maps and Sets.
// The file's CheckBuilder (a cache of compiled matchers, Ajv inside) is named, not walked.

const PROTO = '\u0000proto';

function canonicalValue(value: unknown): unknown {
  if (value === undefined) return { '\u0000undefined': true };
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? value : { '\u0000number': Object.is(value, -0) ? '-0' : String(value) };
  if (typeof value === 'function') return { '\u0000function': true };
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (value instanceof Map) return { '\u0000map': [...value].map(([key, item]) => [canonicalValue(key), canonicalValue(item)]) };
  if (value instanceof Set) return { '\u0000set': [...value].map(canonicalValue) };
  const proto: unknown = Object.getPrototypeOf(value);
  const className = proto === null ? 'null' : proto === Object.prototype ? undefined : ((proto as { constructor?: { name?: string } }).constructor?.name ?? 'anonymous');
  if (className === 'CheckBuilder') return { [PROTO]: className };
  const out: Record<string, unknown> = className === undefined ? {} : { [PROTO]: className };
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key !== 'string') continue;
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if (!descriptor.enumerable) continue;
    const item = canonicalValue((value as Record<string, unknown>)[key]);
    // A key such as "__proto__" must stay a key of the copy, not set its prototype.
    Object.defineProperty(out, key, { value: descriptor.get !== undefined ? { '\u0000getter': item } : item, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The whole value as one string; equal strings mean equal results. */
export function canonical(value: unknown): string {
  return JSON.stringify(canonicalValue(value));
}
