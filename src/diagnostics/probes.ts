// The low-level measurements of the connection diagnosis: DNS lookup, TCP connect, proxy CONNECT
// tunnel and TLS handshake, each cancellable. Pure Node: no `vscode`. Nothing here ever sends the key.
import { lookup } from 'node:dns/promises';
import { request } from 'node:http';
import { connect as tcpConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type PeerCertificate, type TLSSocket } from 'node:tls';
import { pinLoopback, type ResolvedAddress } from '../client/loopback';
import type { TrustOptions } from '../client/trust';
import type { CertificateFacts } from './report';

/** Rejects with an AbortError when `signal` aborts first; `cleanup` undoes a late result. */
function abortable<T>(work: Promise<T>, signal: AbortSignal, cleanup: (value: T) => void = () => undefined): Promise<T> {
  if (signal.aborted) {
    void work.then(cleanup, () => undefined);
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      void work.then(cleanup, () => undefined);
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) {
          cleanup(value);
        } else {
          resolve(value);
        }
      },
      (error: Error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The step was aborted.', 'AbortError');
}

export type { ResolvedAddress } from '../client/loopback';

/**
 * Every address of `host` as the OS resolver gives them (what Node's connect uses); an IP literal
 * as is. For `localhost`, only its loopback addresses, as the client connects (see `pinLoopback`).
 */
export async function lookupHost(host: string, signal: AbortSignal): Promise<ResolvedAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family !== 0) {
    return [{ address: bare, family }];
  }
  return pinLoopback(bare, await abortable(lookup(bare, { all: true, verbatim: true }), signal));
}

/** A TCP connection to `address:port`; the caller destroys it. */
export function connectTcp(address: string, port: number, signal: AbortSignal): Promise<Socket> {
  const connecting = new Promise<Socket>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    const socket = tcpConnect({ host: address, port });
    const onAbort = (): void => {
      socket.destroy();
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => {
      signal.removeEventListener('abort', onAbort);
      socket.removeAllListeners('error');
      socket.on('error', () => undefined);
      resolve(socket);
    });
    socket.once('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      reject(error);
    });
  });
  return connecting;
}

export class ProxyTunnelError extends Error {
  override readonly name = 'ProxyTunnelError';
  constructor(readonly status: number) {
    // The form undici uses, so the client's error mapping (proxyRefusal) reads the status.
    super(`Proxy response (${status}) !== 200 when HTTP Tunneling`);
  }
}

/**
 * Asks the proxy on `socket` for a tunnel to `authority` (host:port); resolves with the tunnelled
 * socket. `authorization` (http.proxyAuthorization) goes first, as the client sends it, else the proxy URL's credentials.
 */
export function openTunnel(socket: Socket, authority: string, proxyUrl: URL, signal: AbortSignal, authorization?: string): Promise<Socket> {
  const headers: Record<string, string> = { host: authority };
  if (authorization !== undefined && authorization.trim() !== '') {
    headers['proxy-authorization'] = authorization.trim();
  } else if (proxyUrl.username !== '') {
    const credentials = `${decodeURIComponent(proxyUrl.username)}:${decodeURIComponent(proxyUrl.password)}`;
    headers['proxy-authorization'] = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  return new Promise<Socket>((resolve, reject) => {
    const connect = request({ method: 'CONNECT', path: authority, headers, createConnection: () => socket, signal });
    connect.once('connect', (response, tunnel) => {
      if (response.statusCode === 200) {
        resolve(tunnel);
      } else {
        tunnel.destroy();
        reject(new ProxyTunnelError(response.statusCode ?? 0));
      }
    });
    // A refusal may come as a plain response instead of a 'connect' event.
    connect.once('response', (response) => {
      response.resume();
      socket.destroy();
      reject(new ProxyTunnelError(response.statusCode ?? 0));
    });
    connect.once('error', reject);
    connect.end();
  });
}

function distinguishedName(name: PeerCertificate['subject'] | undefined): string {
  if (name === undefined || name === null) {
    return '';
  }
  return Object.entries(name)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : String(value)}`)
    .join(', ');
}

/**
 * A TLS handshake over `socket` with the CAs in `trust` (the client's; default Node's, with
 * NODE_EXTRA_CA_CERTS), reporting the certificate and whether it is trusted. The handshake itself
 * does not reject an untrusted certificate so that the certificate can be shown; the caller
 * judges `authorized`. Nothing is written on this connection and it is closed right after, so no
 * key ever crosses it.
 */
export async function handshakeTls(socket: Socket, hostname: string, signal: AbortSignal, trust: TrustOptions = {}): Promise<CertificateFacts> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const handshake = new Promise<TLSSocket>((resolve, reject) => {
    const cas = { ca: trust.ca, secureContext: trust.secureContext };
    const secure = tlsConnect({ socket, host: bare, servername: isIP(bare) === 0 ? bare : undefined, ...cas, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
    secure.once('secureConnect', () => {
      secure.removeAllListeners('error');
      secure.on('error', () => undefined);
      resolve(secure);
    });
    secure.once('error', (error: Error) => {
      secure.destroy();
      reject(error);
    });
  });
  const secure = await abortable(handshake, signal, (late) => late.destroy());
  try {
    const certificate = secure.getPeerCertificate();
    // Typed as Error, but Node sets the code string (e.g. DEPTH_ZERO_SELF_SIGNED_CERT).
    const authorizationError = secure.authorizationError as unknown;
    const reason = typeof authorizationError === 'string' ? authorizationError : authorizationError instanceof Error ? authorizationError.message : undefined;
    return {
      subject: distinguishedName(certificate.subject),
      issuer: distinguishedName(certificate.issuer),
      validFrom: certificate.valid_from ?? '',
      validTo: certificate.valid_to ?? '',
      authorized: secure.authorized,
      authorizationError: reason,
      protocol: secure.getProtocol() ?? undefined,
    };
  } finally {
    secure.destroy();
  }
}
