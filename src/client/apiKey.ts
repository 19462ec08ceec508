// Checks an API key before it is stored or sent. Pure: no `vscode`.
// Reasons are shown to users, so they never repeat the key.

export type ApiKeyResult = { readonly ok: true; readonly key: string } | { readonly ok: false; readonly reason: string };

export function validateApiKey(raw: string): ApiKeyResult {
  const key = raw.trim();
  if (key === '') {
    return { ok: false, reason: 'Enter an API key.' };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) {
    return { ok: false, reason: 'The key contains a control character (such as a line break); paste it again.' };
  }
  if (/\s/.test(key)) {
    return { ok: false, reason: 'The key contains a space; an API key is a single word.' };
  }
  // A header value can only carry visible ASCII reliably.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    return { ok: false, reason: 'The key contains characters that cannot be sent in an HTTP header (only visible ASCII is allowed).' };
  }
  return { ok: true, key };
}
