// Service URLs: validation of the configured base URL and the request paths. Pure: no `vscode`.
import { GistError } from './errors';
import { hasLoneSurrogate } from './identifiers';
import { oneLine } from '../shared/oneLine';

export type BaseUrlResult = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string };

/**
 * Hosts on this machine, where plain `http:` cannot leak the key to the network: `localhost`,
 * 127.0.0.0/8 and ::1 (as URL normalises them). Not `*.localhost`: those names go to the ordinary
 * resolver, which may answer with any address. `localhost` itself is pinned to loopback
 * addresses when connecting (see `loopback.ts`).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(host);
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
    return { ok: false, reason: `“${oneLine(text, 100)}” is not a URL; it should look like https://gists.example.com.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: `The service URL must start with https:// (found ${oneLine(url.protocol, 20)}).` };
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
 * Encodes one path segment so that `/`, `?`, `#` and `%` stay inside it. `encodeURIComponent`
 * leaves `.` and `..` as they are, and a server would resolve them as "here" and "up", so their
 * dots are written `%2E`. Text with a lone surrogate is a typed `badRequest` error.
 */
export function encodeSegment(segment: string): string {
  if (hasLoneSurrogate(segment)) {
    // encodeURIComponent would throw a URIError: there is no UTF-8 for half a surrogate pair.
    throw new GistError('badRequest', 'A gist id or variant slug is not valid Unicode (it holds half of a surrogate pair). Check the gist catalog in the settings.', 'openSettings');
  }
  return segment === '.' || segment === '..' ? segment.replace(/\./g, '%2E') : encodeURIComponent(segment);
}

/**
 * Where a request goes, with the path kept apart from the origin: WHATWG URL parsing would turn
 * `/%2E%2E` into `..` and drop the segment, so the path is never re-parsed as part of a URL.
 */
export interface RequestTarget {
  /** `http(s)://host[:port]` */
  readonly origin: string;
  /** Starts with `/`; already percent-encoded. */
  readonly path: string;
}

/** The last base URL parsed: a run of the variant lab sends thousands of calls to the same (~2 µs each to parse). */
let lastBase = { baseUrl: '', origin: '', prefix: '' };

/** `baseUrl` must be valid (see `validateBaseUrl`). */
function target(baseUrl: string, path: string): RequestTarget {
  if (lastBase.baseUrl !== baseUrl || lastBase.baseUrl === '') {
    const url = new URL(baseUrl);
    lastBase = { baseUrl, origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
  }
  return { origin: lastBase.origin, path: `${lastBase.prefix}${path}` };
}

export function meTarget(baseUrl: string): RequestTarget {
  return target(baseUrl, '/v1/me');
}

export function generateTarget(baseUrl: string, gistId: string, variant?: string): RequestTarget {
  const gist = `/v1/generate/${encodeSegment(gistId)}`;
  return target(baseUrl, variant === undefined ? gist : `${gist}/${encodeSegment(variant)}`);
}

/** The full URL, for logs and messages (send requests with the target, not by parsing this). */
export function targetUrl(requestTarget: RequestTarget): string {
  return `${requestTarget.origin}${requestTarget.path}`;
}

export function meUrl(baseUrl: string): string {
  return targetUrl(meTarget(baseUrl));
}

export function generateUrl(baseUrl: string, gistId: string, variant?: string): string {
  return targetUrl(generateTarget(baseUrl, gistId, variant));
}
