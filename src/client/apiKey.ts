// Checks an API key, and the header that carries it, before either is stored or sent. Pure: no `vscode`.
import { oneLine } from '../shared/oneLine';
import { MIN_API_KEY_LENGTH } from '../shared/redact';
import { hasControlCharacter } from '../shared/text';
// Reasons are shown to users, so they never repeat the key.

export type ApiKeyResult = { readonly ok: true; readonly key: string } | { readonly ok: false; readonly reason: string };

export function validateApiKey(raw: string): ApiKeyResult {
  const key = raw.trim();
  if (key === '') {
    return { ok: false, reason: 'Enter an API key.' };
  }
  if (hasControlCharacter(key)) {
    return { ok: false, reason: 'The key contains a control character (such as a line break); paste it again.' };
  }
  if (/\s/.test(key)) {
    return { ok: false, reason: 'The key contains a space; an API key is a single word.' };
  }
  // A header value can only carry visible ASCII reliably.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    return { ok: false, reason: 'The key contains characters that cannot be sent in an HTTP header (only visible ASCII is allowed).' };
  }
  // Shorter keys could not be redacted from logs and messages without mangling ordinary text.
  if (key.length < MIN_API_KEY_LENGTH) {
    return { ok: false, reason: `The key is too short: an API key has at least ${MIN_API_KEY_LENGTH} characters. Paste the whole key.` };
  }
  return { ok: true, key };
}

export type HeaderNameResult = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: string };

// Headers the client sets itself or that shape the connection; the key must not replace them.
const RESERVED_HEADERS = new Set(['host', 'content-type', 'content-length', 'accept', 'user-agent', 'connection', 'transfer-encoding', 'keep-alive', 'upgrade', 'expect', 'te']);

/** Checks the configured name of the header that carries the key (an HTTP token, RFC 9110 §5.6.2). */
export function validateHeaderName(raw: string): HeaderNameResult {
  const name = raw.trim();
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) {
    return { ok: false, reason: `“${oneLine(name, 80)}” cannot be an HTTP header name (letters, digits and - only, no spaces or colons). Check the setting “gist.apiKeyHeader”.` };
  }
  if (RESERVED_HEADERS.has(name.toLowerCase())) {
    return { ok: false, reason: `The API key cannot be sent in the “${name}” header, which the extension sets itself. Check the setting “gist.apiKeyHeader”.` };
  }
  return { ok: true, name };
}
