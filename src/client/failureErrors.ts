// Maps a failure before or while reading a response (network, TLS, timeout, abort) to a typed
// error. Pure: no `vscode`, no I/O.
import { GistError, isGistError } from './errors';
import { oneLine } from '../shared/oneLine';
import { redactSecrets } from '../shared/redact';
import { malformed } from './responseErrors';

const CERTIFICATE_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
]);

/** Every error code in a cause chain, including AggregateError members (happy eyeballs). */
export function errorCodes(error: unknown, depth = 0): string[] {
  if (typeof error !== 'object' || error === null || depth > 8) {
    return [];
  }
  const codes: string[] = [];
  const { code, cause, errors, name } = error as { code?: unknown; cause?: unknown; errors?: unknown; name?: unknown };
  if (typeof code === 'string') {
    codes.push(code);
  }
  if (name === 'AbortError' || name === 'TimeoutError') {
    codes.push(name);
  }
  if (Array.isArray(errors)) {
    for (const member of errors) {
      codes.push(...errorCodes(member, depth + 1));
    }
  }
  codes.push(...errorCodes(cause, depth + 1));
  return codes;
}

/** The status a proxy answered a CONNECT with, from undici's "Proxy response (407) !== 200" error. */
export function proxyRefusal(error: unknown, depth = 0): number | undefined {
  if (typeof error !== 'object' || error === null || depth > 8) {
    return undefined;
  }
  const { message, cause } = error as { message?: unknown; cause?: unknown };
  const match = typeof message === 'string' ? /^Proxy response \((\d{3})\)/.exec(message) : null;
  return match?.[1] !== undefined ? Number(match[1]) : proxyRefusal(cause, depth + 1);
}

/** Text of any thrown value; String() itself throws for some objects (found by fuzzing: `{toString: []}`). */
function safeText(value: unknown): string {
  try {
    return value instanceof Error ? String(value.message) : String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

export interface FailureContext {
  /** Host of the base URL, for messages. */
  readonly host: string;
  readonly timeoutMs: number;
  /** Why the call was aborted, when it was. */
  readonly aborted?: 'cancelled' | 'timeout' | undefined;
  /** Text that must never appear in a message (the API key), in case a low-level error quotes it. */
  readonly secret?: string | undefined;
  /** Set once the response head arrived: the failure happened while reading the body. */
  readonly body?: { readonly status: number; readonly receivedBytes: number; readonly expectedBytes?: number | undefined } | undefined;
}

export function errorFromFailure(error: unknown, context: FailureContext): GistError {
  if (isGistError(error)) {
    return error;
  }
  const details = { cause: error };
  if (context.aborted === 'cancelled') {
    return new GistError('cancelled', 'The call was cancelled.', 'none', details);
  }
  const codes = errorCodes(error);
  const seconds = Math.round(context.timeoutMs / 100) / 10;
  if (context.aborted === 'timeout' || codes.some((code) => code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT')) {
    return new GistError('timeout', `The service did not answer within ${seconds} seconds. Retry, or raise the setting “gist.requestTimeoutSeconds”.`, 'retry', details);
  }
  const host = context.host;
  const proxyStatus = proxyRefusal(error);
  if (proxyStatus === 407) {
    return new GistError('network', 'The proxy asked for credentials (HTTP 407). Put them in the proxy setting (http://user:password@host:port), then retry.', 'openSettings', details);
  }
  if (proxyStatus !== undefined) {
    return new GistError('network', `The proxy could not open a connection to ${host} (HTTP ${proxyStatus}). Check the service URL and the proxy settings, then retry.`, 'retry', details);
  }
  // The server closed cleanly before the body was complete: a response cut short, not a reset.
  if (context.body !== undefined && !codes.includes('ECONNRESET') && codes.some((code) => code === 'UND_ERR_SOCKET' || code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH')) {
    const { status, receivedBytes, expectedBytes } = context.body;
    const of = expectedBytes === undefined ? '' : ` of ${expectedBytes}`;
    return malformed(`the response was cut short after ${receivedBytes}${of} bytes`, { status, cause: error });
  }
  const certificate = codes.find((code) => CERTIFICATE_CODES.has(code));
  if (certificate !== undefined) {
    return new GistError(
      'network',
      `The certificate of ${host} is not trusted (${certificate}). Behind a company proxy, install its CA in the operating system's trust store (with “http.systemCertificates” on) or name it in NODE_EXTRA_CA_CERTS, or check “http.proxyStrictSSL”, then retry.`,
      'retry',
      details,
    );
  }
  if (codes.some((code) => code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || code === 'EPROTO')) {
    return new GistError('network', `A secure connection to ${host} could not be made (TLS error). Check the service URL and your proxy settings, then retry.`, 'retry', details);
  }
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) {
    return new GistError('network', `The host ${host} could not be found (DNS). Check the setting “gist.baseUrl” and your network.`, 'setBaseUrl', details);
  }
  if (codes.includes('ECONNREFUSED')) {
    return new GistError('network', `${host} refused the connection. Check that the service is running and that “gist.baseUrl” is right, then retry.`, 'retry', details);
  }
  if (codes.some((code) => code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE' || code === 'UND_ERR_CLOSED')) {
    return new GistError('network', `The connection to ${host} was closed before the answer was complete. Retry.`, 'retry', details);
  }
  const text = redactSecrets(safeText(error), [context.secret]);
  return new GistError('network', `The call to ${host} failed (${oneLine(text)}). Check your network and retry.`, 'retry', details);
}
