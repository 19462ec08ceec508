// The shape of the service's `{ error, data }` envelope, checked field by field instead of trusted.
// Pure: no `vscode`, no I/O. `envelope.ts` builds the public parse functions on top of this.
import { MAX_CALL_ID_BYTES, MAX_PROFILE_FIELD_BYTES, utf8Length } from '../shared/limits';
import type { GenerationResult } from './types';
import type { GistUser } from '../shared/gistUser';
import { isRecord } from '../shared/text';

export type Envelope = { readonly ok: true; readonly error: string | null; readonly data: unknown } | { readonly ok: false; readonly problem: string };

/** Parses a body as an envelope; `problem` says what is wrong with it, for the log. */
export function readEnvelope(body: string): Envelope {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, problem: body.trim() === '' ? 'the body is empty' : 'the body is not valid JSON' };
  }
  if (!isRecord(parsed)) {
    return { ok: false, problem: 'the body is not a JSON object' };
  }
  if (!('error' in parsed) || !('data' in parsed)) {
    return { ok: false, problem: 'the body has no "error"/"data" envelope' };
  }
  const { error, data } = parsed;
  if (error !== null && typeof error !== 'string') {
    return { ok: false, problem: `"error" is a ${typeof error}, not text or null` };
  }
  return { ok: true, error, data };
}

function stringFields<K extends string>(data: unknown, fields: readonly K[]): Record<K, string> | string {
  if (!isRecord(data)) {
    return `"data" is ${data === null ? 'null' : typeof data}, not an object`;
  }
  for (const field of fields) {
    if (typeof data[field] !== 'string') {
      return `"data.${field}" is ${data[field] === undefined ? 'missing' : `a ${typeof data[field]}`}, not text`;
    }
  }
  return data as Record<K, string>;
}

/** `data` of `/v1/me`, or the problem with it. */
export function userFromData(data: unknown): GistUser | string {
  const names = ['id', 'name', 'email', 'company_id'] as const;
  const fields = stringFields(data, names);
  if (typeof fields === 'string') {
    return fields;
  }
  // Kept in global state and shown in the status bar: a profile never needs more than this.
  const long = names.find((name) => utf8Length(fields[name]) > MAX_PROFILE_FIELD_BYTES);
  if (long !== undefined) {
    return `"data.${long}" is longer than ${MAX_PROFILE_FIELD_BYTES / 1024} KiB`;
  }
  return { id: fields.id, name: fields.name, email: fields.email, company_id: fields.company_id };
}

/** `data` of `/v1/generate`, or the problem with it. */
export function generationFromData(data: unknown): GenerationResult | string {
  const fields = stringFields(data, ['id', 'content'] as const);
  if (typeof fields === 'string') {
    return fields;
  }
  // An id is kept in global state and shown to the user; no service needs more than this.
  if (utf8Length(fields.id) > MAX_CALL_ID_BYTES) {
    return `the call id "data.id" is longer than ${MAX_CALL_ID_BYTES / 1024} KiB`;
  }
  return { id: fields.id, content: fields.content };
}

/** A call id in a failed response's `data`, kept for troubleshooting; one over the cap is left out. */
export function callIdFromData(data: unknown): string | undefined {
  return isRecord(data) && typeof data.id === 'string' && data.id !== '' && utf8Length(data.id) <= MAX_CALL_ID_BYTES ? data.id : undefined;
}
