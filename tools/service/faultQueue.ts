// Faults waiting to be applied: each entry serves its next `count` matching requests, in injection order.
import type { Fault, FaultKind } from './types';

const KINDS: readonly FaultKind[] = [
  'status', 'html', 'notJson', 'truncated', 'resetBeforeBody', 'resetDuringBody', 'neverEnd', 'stallMidBody', 'huge', 'raw',
];

interface Pending {
  readonly fault: Fault;
  remaining: number;
}

export class FaultQueue {
  private pending: Pending[] = [];

  add(fault: Fault, count = 1): void {
    if (!Number.isInteger(count) || count < 1) throw new Error(`fault count must be a positive integer, got ${String(count)}`);
    this.pending.push({ fault: parseFault(fault), remaining: count });
  }

  /** The fault for a request to `path`, using up one of its count; undefined when none matches. */
  take(path: string): Fault | undefined {
    const index = this.pending.findIndex((p) => faultMatches(p.fault, path));
    const entry = this.pending[index];
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining === 0) this.pending.splice(index, 1);
    return entry.fault;
  }

  clear(): void {
    this.pending = [];
  }
}

function faultMatches(fault: Fault, path: string): boolean {
  if (fault.path !== undefined) return path.startsWith(fault.path);
  return path === '/v1' || path.startsWith('/v1/');
}

/** The kind to apply: explicit, or 'status' when a status, error or data is given. */
export function effectiveKind(fault: Fault): FaultKind | undefined {
  if (fault.kind) return fault.kind;
  if (fault.status !== undefined || fault.error !== undefined || fault.data !== undefined) return 'status';
  return undefined;
}

/** Checks a fault that may come over HTTP, so a typo fails the test that made it rather than passing silently. */
export function parseFault(input: unknown): Fault {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error('fault must be an object');
  const f = input as Record<string, unknown>;
  const known = new Set(['path', 'latencyMs', 'kind', 'status', 'error', 'data', 'body', 'contentType', 'hugeBytes', 'retryAfter']);
  for (const key of Object.keys(f)) if (!known.has(key)) throw new Error(`unknown fault field "${key}"`);
  if (f.kind !== undefined && !KINDS.includes(f.kind as FaultKind)) throw new Error(`unknown fault kind ${JSON.stringify(f.kind)}`);
  optional(f, 'path', 'string');
  optional(f, 'body', 'string');
  optional(f, 'contentType', 'string');
  optional(f, 'retryAfter', 'string');
  if (f.error !== undefined && f.error !== null && typeof f.error !== 'string') throw new Error('fault.error must be a string or null');
  nonNegativeNumber(f, 'latencyMs');
  nonNegativeNumber(f, 'hugeBytes');
  if (f.status !== undefined && (!Number.isInteger(f.status) || (f.status as number) < 100 || (f.status as number) > 599)) {
    throw new Error('fault.status must be an HTTP status code (100-599)');
  }
  return { ...(f as Fault) };
}

function optional(f: Record<string, unknown>, key: string, type: 'string'): void {
  if (f[key] !== undefined && typeof f[key] !== type) throw new Error(`fault.${key} must be a ${type}`);
}

function nonNegativeNumber(f: Record<string, unknown>, key: string): void {
  const v = f[key];
  if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v < 0)) throw new Error(`fault.${key} must be a number >= 0`);
}
