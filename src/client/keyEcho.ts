// A hostile or buggy service can send the API key back: in an error text, a profile field, a call
// id or the content. Everything the service says passes through here as it enters the client, so
// the key reaches no notification, tooltip, diagnosis, history, log or API caller. Pure: no `vscode`.
//
// Content too: the key is the caller's credential and no gist needs to return it, while the
// content goes into documents and the clipboard that get shared and committed. An exact match of
// a key of eight or more characters does not happen by chance, so nothing else is changed.
import { GistError, isGistError } from './errors';
import type { HttpResponse } from './http';
import { provablyWithoutSecrets, redactSecrets } from '../shared/redact';
import type { GenerationResult } from './types';
import type { GistUser } from '../shared/gistUser';

/** The keys a text must not hold: the call's own and every other the extension knows. */
export type Keys = readonly string[];

export function userWithoutKey(user: GistUser, keys: Keys): GistUser {
  return { id: redactSecrets(user.id, keys), name: redactSecrets(user.name, keys), email: redactSecrets(user.email, keys), company_id: redactSecrets(user.company_id, keys) };
}

export function generationWithoutKey(result: GenerationResult, keys: Keys): GenerationResult {
  return { id: redactSecrets(result.id, keys), content: redactSecrets(result.content, keys) };
}

/** A GistError with the keys taken out of its message, the service's error text and the call id. */
export function errorWithoutKey(error: unknown, keys: Keys): unknown {
  if (!isGistError(error)) {
    return error;
  }
  const { details } = error;
  const redact = (text: string | undefined): string | undefined => (text === undefined ? undefined : redactSecrets(text, keys));
  return new GistError(error.kind, redactSecrets(error.message, keys), error.remedy, { ...details, serviceError: redact(details.serviceError), callId: redact(details.callId) });
}

/**
 * The response with every form of the keys taken out of its body and headers (as written: escaped,
 * percent-encoded, in part or whole) before anything is read, parsed or cut from it, so a message
 * that cuts the service's text short cannot keep part of a key.
 */
export function responseWithoutKey(response: HttpResponse, keys: Keys): HttpResponse {
  return { status: response.status, headers: headersWithoutKey(response.headers, keys), body: redactSecrets(response.body, keys) };
}

function headersWithoutKey(headers: HttpResponse['headers'], keys: Keys): HttpResponse['headers'] {
  // Own members only, copied (never undici's object itself, whatever its prototype). Every value
  // is proved at once: a key in none of them (the common case) leaves them as they are. Built
  // with a loop, not entries/fromEntries: every call of a lab run passes here (~1 µs saved).
  const names = Object.keys(headers);
  let all = '';
  for (const name of names) {
    const value = headers[name];
    all += Array.isArray(value) ? `${value.join('\n')}\n` : `${value ?? ''}\n`;
  }
  const clean = provablyWithoutSecrets(all, keys);
  const copy: Record<string, string | string[] | undefined> = {};
  for (const name of names) {
    const value = headers[name];
    const kept = clean || value === undefined ? value : Array.isArray(value) ? value.map((one) => redactSecrets(one, keys)) : redactSecrets(value, keys);
    if (name === '__proto__') {
      // Defined, not assigned: a header of that name stays a member, never the copy's prototype.
      Object.defineProperty(copy, name, { value: kept, enumerable: true, writable: true, configurable: true });
    } else {
      copy[name] = kept;
    }
  }
  return copy;
}

/**
 * Parses a response without the keys: taken out of the raw response first, then, in case, out of
 * the parsed result or the error thrown. A body proved clean (no form of a key, and no escape, so
 * every text parsed from it is a plain part of it) leaves nothing to take out of the result: its
 * texts are not searched again (most responses; a second search of the content is the size of
 * the content again).
 */
export function parsedWithoutKey<T>(response: HttpResponse, keys: Keys, parse: (response: HttpResponse) => T, clean: (value: T, keys: Keys) => T): T {
  const bodyClean = provablyWithoutSecrets(response.body, keys);
  let value: T;
  try {
    value = parse(bodyClean ? { status: response.status, headers: headersWithoutKey(response.headers, keys), body: response.body } : responseWithoutKey(response, keys));
  } catch (error) {
    throw errorWithoutKey(error, keys);
  }
  return bodyClean ? value : clean(value, keys);
}
