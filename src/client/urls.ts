// Service URLs: validation of the configured base URL and the request paths. Pure: no `vscode`.

export type BaseUrlResult = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string };

/** Hosts on this machine, where plain `http:` cannot leak the key to the network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Accepts `https://host[:port][/prefix]`, or `http:` for loopback hosts only. Trailing slashes
 * and a trailing `/v1` are dropped, since the client adds `/v1/...` itself.
 */
export function validateBaseUrl(raw: string): BaseUrlResult {
  const text = raw.trim();
  if (text === '') {
    return { ok: false, reason: 'Enter the service URL, for example https://gists.example.com.' };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: `“${text}” is not a URL; it should look like https://gists.example.com.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: `The service URL must start with https:// (found ${url.protocol}).` };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, reason: 'Use https:// for a service on another machine: over http:// the API key would travel in clear text.' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'The service URL must not contain a user name or password.' };
  }
  if (url.search !== '' || url.hash !== '') {
    return { ok: false, reason: 'The service URL must not contain a query (?…) or fragment (#…).' };
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}

/**
 * `.` and `..` cannot be sent as a segment: URL parsers remove them (also as `%2E`), which would
 * move the request to another path. Such ids are refused before any request.
 */
export function isDotSegment(segment: string): boolean {
  return segment === '.' || segment === '..';
}

/** Encodes one path segment so that `/`, `?`, `#` and `%` stay inside it. */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment);
}

export function meUrl(baseUrl: string): string {
  return `${baseUrl}/v1/me`;
}

export function generateUrl(baseUrl: string, gistId: string, variant?: string): string {
  const gist = `${baseUrl}/v1/generate/${encodeSegment(gistId)}`;
  return variant === undefined ? gist : `${gist}/${encodeSegment(variant)}`;
}
