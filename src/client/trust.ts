// Which certificate authorities the client trusts: the ones VS Code's own requests trust. With
// `http.systemCertificates` (VS Code's default) that is Node's default CAs plus the operating
// system's trust store, where a company installs its CA; without it, Node's default CAs only.
// Pure Node: no `vscode`; the extension passes the setting in.
import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';
import type { Dispatcher } from 'undici';
import type { Undici } from './http';
import { directAgent, loopbackOriginProtocol } from './loopback';
import { routingDispatcher } from './routingDispatcher';

/** TLS options for undici's `connect`, `requestTls` and `proxyTls`. */
export interface TrustOptions {
  readonly rejectUnauthorized?: boolean;
  /** The CA list, also so that VS Code's tls.connect patch (http.experimental.systemCertificatesV2) leaves the connection alone. */
  readonly ca?: string[];
  /** Made once from `ca`: parsing hundreds of certificates on every connection would cost milliseconds each. */
  readonly secureContext?: tls.SecureContext;
}

/** `tls.getCACertificates`, in Node 22.15 and later (VS Code 1.101 and later); absent in Node 20 (VS Code 1.100). */
type GetCaCertificates = (type: 'default' | 'system') => string[];

/** What VS Code reads on Linux when Node cannot read the OS store (as @vscode/proxy-agent does). */
const LINUX_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt', '/etc/ssl/certs/ca-bundle.crt', '/etc/ssl/ca-bundle.pem', '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem'];

function pemsIn(file: string | undefined): string[] {
  if (file === undefined || file === '') {
    return [];
  }
  try {
    return readFileSync(file, 'utf8')
      .split(/(?=-----BEGIN CERTIFICATE-----)/)
      .filter((pem) => pem.includes('-----BEGIN CERTIFICATE-----'));
  } catch {
    return [];
  }
}

/** Without `tls.getCACertificates`: Node's default CAs (bundled and NODE_EXTRA_CA_CERTS) and, on Linux, the OS bundle. */
function withoutNodeApi(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] | undefined {
  if (platform !== 'linux') {
    return undefined;
  }
  const system = LINUX_BUNDLES.map((file) => pemsIn(file)).find((pems) => pems.length > 0) ?? [];
  return system.length === 0 ? undefined : [...tls.rootCertificates, ...pemsIn(env.NODE_EXTRA_CA_CERTS), ...system];
}

/**
 * The CAs to trust with `http.systemCertificates` on: Node's default ones plus the OS trust store.
 * Undefined when Node's default is all there is to use. Node reads the OS store once per process.
 */
export function systemTrustedCas(
  getCaCertificates: GetCaCertificates | undefined = (tls as { getCACertificates?: GetCaCertificates }).getCACertificates,
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string[] | undefined {
  const all = getCaCertificates !== undefined ? [...getCaCertificates('default'), ...getCaCertificates('system')] : withoutNodeApi(platform, env);
  return all === undefined ? undefined : [...new Set(all.map((pem) => pem.trim()))];
}

function trustFrom(ca: string[] | undefined): TrustOptions {
  return ca === undefined ? {} : { ca, secureContext: tls.createSecureContext({ ca }) };
}

/**
 * Made on first use and kept for the process: reading the OS store and parsing its few hundred
 * CAs took 100–150 ms in the VS Code 1.139 extension host (npm run bench), and Node reads the
 * store once per process anyway, so a later dispatcher (after a settings change) reuses it.
 */
let systemTrust: TrustOptions | undefined;

/**
 * The TLS options for every connection the client makes: nothing verified with `strictSSL` false
 * (VS Code's `http.proxyStrictSSL`), else the CAs `systemCertificates` calls for. `systemCas`
 * replaces the OS store's CAs, for tests and the benchmark (not cached).
 */
export function trustOptions(
  settings: { readonly strictSSL?: boolean | undefined; readonly systemCertificates?: boolean | undefined },
  systemCas?: () => string[] | undefined,
): TrustOptions {
  if (settings.strictSSL === false) {
    return { rejectUnauthorized: false };
  }
  if (settings.systemCertificates === false) {
    return {};
  }
  if (systemCas !== undefined) {
    return trustFrom(systemCas());
  }
  systemTrust ??= trustFrom(systemTrustedCas());
  return systemTrust;
}

/**
 * A `GistClientOptions.dispatcherFactory` that makes `trusted` (and so the trust it holds: the OS
 * store read and its CAs parsed, 50–100 ms of gist-check's start) on the first call that may need
 * TLS. Calls to an http:// loopback service go to a direct agent without TLS options, as `trusted`
 * (a `proxyDispatcherFactory`) sends them too, since a loopback service is never proxied: a run
 * against a local service never makes the trust. A `trusted` that throws (an unusable proxy URL)
 * fails that call and is tried again on the next.
 */
export function trustOnFirstTls(trusted: (undici: Undici) => Dispatcher): (undici: Undici) => Dispatcher {
  return (undici) => {
    let plain: Dispatcher | undefined;
    let secured: Dispatcher | undefined;
    // Calls go to one origin or two: the last decision is kept, so a call does not parse its URL.
    let lastOrigin: unknown;
    let lastPlain = false;
    const made = (): Dispatcher[] => [plain, secured].filter((dispatcher): dispatcher is Dispatcher => dispatcher !== undefined);
    return routingDispatcher(
      undici,
      (options) => {
        if (options.origin !== lastOrigin) {
          lastOrigin = options.origin;
          // An http:// origin on this machine: a connection to it is plain TCP, never TLS nor a proxy's.
          lastPlain = loopbackOriginProtocol(options.origin) === 'http:';
        }
        if (lastPlain) {
          plain ??= directAgent(undici);
          return plain;
        }
        secured ??= trusted(undici);
        return secured;
      },
      made,
    );
  };
}
