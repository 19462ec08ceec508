// A hostile or buggy service can send the API key back: in an error text, a profile field, a call
// id or the content. Everything the service says passes through here as it enters the client, so
// the key reaches no notification, tooltip, diagnosis, history, log or API caller. Pure: no `vscode`.
//
// Content too: the key is the caller's credential and no gist needs to return it, while the
// content goes into documents and the clipboard that get shared and committed. An exact match of
// a key of eight or more characters does not happen by chance, so nothing else is changed.
import { GistError, isGistError } from './errors';
import type { HttpResponse } from './http';
import { redactSecret } from '../shared/redact';
import type { GenerationResult } from './types';
import type { GistUser } from '../shared/gistUser';

export function userWithoutKey(user: GistUser, key: string): GistUser {
  return { id: redactSecret(user.id, key), name: redactSecret(user.name, key), email: redactSecret(user.email, key), company_id: redactSecret(user.company_id, key) };
}

export function generationWithoutKey(result: GenerationResult, key: string): GenerationResult {
  return { id: redactSecret(result.id, key), content: redactSecret(result.content, key) };
}

/** A GistError with the key taken out of its message, the service's error text and the call id. */
export function errorWithoutKey(error: unknown, key: string): unknown {
  if (!isGistError(error)) {
    return error;
  }
  const { details } = error;
  const redact = (text: string | undefined): string | undefined => (text === undefined ? undefined : redactSecret(text, key));
  return new GistError(error.kind, redactSecret(error.message, key), error.remedy, { ...details, serviceError: redact(details.serviceError), callId: redact(details.callId) });
}

/**
 * The response with the key taken out of its body and headers before anything is read from it, so
 * a message that cuts the service's text short cannot keep part of the key.
 */
export function responseWithoutKey(response: HttpResponse, key: string): HttpResponse {
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.map((one) => redactSecret(one, key)) : value === undefined ? undefined : redactSecret(value, key)]),
  );
  return { status: response.status, headers, body: redactSecret(response.body, key) };
}

/**
 * Parses a response without the key: taken out of the raw response first, then out of the parsed
 * result or the error thrown (the JSON may have spelt the key with `\u` escapes).
 */
export function parsedWithoutKey<T>(response: HttpResponse, key: string, parse: (response: HttpResponse) => T, clean: (value: T, key: string) => T): T {
  let value: T;
  try {
    value = parse(responseWithoutKey(response, key));
  } catch (error) {
    throw errorWithoutKey(error, key);
  }
  return clean(value, key);
}
