// Direct connections to services on this machine. A loopback service is never reached through a
// proxy (the key would cross the proxy in clear text over http://), and the name `localhost` only
// ever connects to a loopback address, whatever a hosts file or resolver answers. Pure Node: no `vscode`.
import { lookup as dnsLookup } from 'node:dns';
import type { Dispatcher } from 'undici';
import { KEEP_ALIVE_MS, type Undici } from './http';
import type { TrustOptions } from './trust';
import { routingDispatcher } from './routingDispatcher';
import { isLoopbackHost } from './urls';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** The shape of `dns.lookup` that `net.connect` calls (with `all: true` when it tries several addresses). */
export type LookupFunction = (
  hostname: string,
  options: { all?: boolean; family?: number | string; hints?: number },
  callback: (error: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void,
) => void;

/** 127.0.0.0/8, ::1, and 127.x written as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string): boolean {
  const text = address.toLowerCase();
  return /^127\./.test(text) || text === '::1' || text === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(text);
}

/** The loopback addresses among what `hostname` resolved to; throws when `localhost` resolved elsewhere. */
export function pinLoopback(hostname: string, addresses: readonly ResolvedAddress[]): ResolvedAddress[] {
  if (hostname.toLowerCase() !== 'localhost') {
    return [...addresses];
  }
  const loopback = addresses.filter((entry) => isLoopbackAddress(entry.address));
  if (loopback.length === 0) {
    const found = addresses.map((entry) => entry.address).join(', ') || 'nothing';
    throw Object.assign(new Error(`localhost resolved to ${found}, not to this machine, so the call was not made`), { code: 'ENOTLOOPBACK' });
  }
  return loopback;
}

/** A `lookup` for `net.connect` that applies `pinLoopback` to `localhost`; other names resolve as usual. */
export function loopbackOnlyLookup(resolve: LookupFunction = dnsLookup as unknown as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    if (hostname.toLowerCase() !== 'localhost') {
      resolve(hostname, options, callback);
      return;
    }
    resolve(hostname, { ...options, all: true }, (error, found) => {
      if (error !== null) {
        callback(error, []);
        return;
      }
      let pinned: ResolvedAddress[];
      try {
        pinned = pinLoopback(hostname, Array.isArray(found) ? found : [{ address: found, family: 0 }]);
      } catch (refused) {
        callback(refused as NodeJS.ErrnoException, []);
        return;
      }
      const first = pinned[0] as ResolvedAddress;
      if (options.all === true) {
        callback(null, pinned);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

/** undici's `connect` options for a direct connection: `localhost` pinned, plus `tls` (the CAs, or `rejectUnauthorized`). */
export function directConnectOptions(tls: TrustOptions = {}): TrustOptions & { lookup: LookupFunction } {
  return { ...tls, lookup: loopbackOnlyLookup() };
}

/** A keep-alive undici Agent for direct calls, with `localhost` pinned to loopback addresses. */
export function directAgent(undici: Undici, tls: TrustOptions = {}): Dispatcher {
  return new undici.Agent({ keepAliveTimeout: KEEP_ALIVE_MS, connect: directConnectOptions(tls) });
}

function isLoopbackOrigin(origin: unknown): boolean {
  return loopbackOriginProtocol(origin) !== undefined;
}

/** The protocol (`http:`, `https:`) of an origin on this machine; undefined for any other origin, or for none. */
export function loopbackOriginProtocol(origin: unknown): string | undefined {
  try {
    const url = new URL(String(origin));
    return isLoopbackHost(url.hostname) ? url.protocol : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A dispatcher that sends requests for loopback origins to `direct` and all others to `proxied`,
 * so no proxy setting (http.proxy, HTTP_PROXY, NO_PROXY) can route a loopback call. The same
 * decision as `chooseProxy`, which the diagnosis reports.
 */
export function loopbackDirect(undici: Undici, direct: Dispatcher, proxied: Dispatcher): Dispatcher {
  return routingDispatcher(undici, (options) => (isLoopbackOrigin(options.origin) ? direct : proxied), () => [direct, proxied]);
}
