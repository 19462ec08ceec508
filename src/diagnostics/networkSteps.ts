// The diagnosis's network steps: DNS, TCP, the proxy tunnel and TLS, each measured on its own.
// Pure Node: no `vscode`.
import type { Socket } from 'node:net';
import { GistError } from '../client/errors';
import { errorFromFailure } from '../client/failureErrors';
import { trustOptions } from '../client/trust';
import { fail, record, step, type Run } from './diagnosisRun';
import { connectTcp, handshakeTls, lookupHost, openTunnel, type ResolvedAddress } from './probes';
import type { CertificateFacts } from './report';
import type { Target } from './settingsSteps';

function describeCertificate(facts: CertificateFacts): string {
  const trust = facts.authorized ? 'trusted' : `NOT trusted (${facts.authorizationError ?? 'unknown reason'})`;
  return `${facts.protocol ?? 'TLS'}, certificate subject "${facts.subject}", issuer "${facts.issuer}", valid ${facts.validFrom} to ${facts.validTo}, ${trust}`;
}

/** Each address in turn until one connects, as Node's connect falls back between addresses. */
async function connectFirst(addresses: readonly ResolvedAddress[], port: number, signal: AbortSignal): Promise<{ socket: Socket; address: string; failed: string[] }> {
  const failed: string[] = [];
  let lastError: unknown;
  for (const { address } of addresses) {
    try {
      return { socket: await connectTcp(address, port, signal), address, failed };
    } catch (error) {
      if (signal.aborted) {
        throw error;
      }
      lastError = error;
      const code = (error as { code?: unknown } | null)?.code;
      failed.push(`${address} (${typeof code === 'string' ? code : 'failed'})`);
    }
  }
  throw lastError;
}

/** DNS and TCP go to the proxy when there is one: that is where the client connects. Returns the socket. */
export async function connectStep(run: Run, target: Target, proxyUrl: URL | undefined): Promise<Socket> {
  const host = proxyUrl?.hostname ?? target.url.hostname;
  const port = proxyUrl !== undefined ? Number(proxyUrl.port) || (proxyUrl.protocol === 'https:' ? 443 : 80) : target.port;
  const resolved = await step(run, 'dns', host, (signal) => lookupHost(host, signal), (list: ResolvedAddress[]) => `${host} → ${list.map((a) => a.address).join(', ')}`);
  run.found.addresses = resolved.map((entry) => entry.address);
  if (resolved.length === 0) {
    fail(run, 'dns', new GistError('network', `The host ${host} has no addresses (DNS).`, 'setBaseUrl'));
  }
  const connected = await step(
    run,
    'tcp',
    `${host}:${port}`,
    (signal) => connectFirst(resolved, port, signal),
    ({ address, failed }) => `connected to ${address}:${port}${failed.length > 0 ? ` after ${failed.join(', ')}` : ''}`,
  );
  return connected.socket;
}

/** Through an http:// proxy, the CONNECT tunnel to the service; returns the socket to go on with. */
export async function tunnelStep(run: Run, socket: Socket, target: Target, proxyUrl: URL | undefined): Promise<Socket> {
  if (proxyUrl === undefined) {
    record(run, { name: 'tunnel', status: 'skipped', detail: 'no proxy' });
    return socket;
  }
  if (proxyUrl.protocol === 'https:') {
    // A TLS proxy needs its own handshake before CONNECT; the HTTP step goes that way.
    record(run, { name: 'tunnel', status: 'skipped', detail: 'an https:// proxy: checked by the HTTP step' });
    record(run, { name: 'tls', status: 'skipped', detail: 'an https:// proxy: checked by the HTTP step' });
    return socket;
  }
  // undici's ProxyAgent tunnels with CONNECT for http:// and https:// targets alike.
  const authority = `${target.url.hostname}:${target.port}`;
  return step(run, 'tunnel', target.url.host, (signal) => openTunnel(socket, authority, proxyUrl, signal, run.input.proxy.authorization), () => `CONNECT ${authority} accepted`);
}

/** The TLS handshake with the service, its certificate kept for the report even when it fails. */
export async function tlsStep(run: Run, socket: Socket, target: Target): Promise<void> {
  if (!target.https) {
    record(run, { name: 'tls', status: 'skipped', detail: 'the service URL is http://' });
    return;
  }
  if (run.steps.some((recorded) => recorded.name === 'tls')) {
    return;
  }
  const { input } = run;
  await step(
    run,
    'tls',
    target.url.host,
    async (signal) => {
      // Judged with the CAs the client trusts, whatever http.proxyStrictSSL says.
      const facts = await handshakeTls(socket, target.url.hostname, signal, trustOptions({ systemCertificates: input.proxy.systemCertificates }));
      run.found.certificate = facts;
      if (!facts.authorized && input.proxy.strictSSL !== false) {
        // The message the client gives for the same certificate.
        throw errorFromFailure(Object.assign(new Error('untrusted certificate'), { code: facts.authorizationError }), { host: target.url.host, timeoutMs: input.timeoutMs });
      }
      return facts;
    },
    (facts) => (facts.authorized ? describeCertificate(facts) : `${describeCertificate(facts)}; going on because http.proxyStrictSSL is off`),
    {
      status: (facts) => (facts.authorized ? 'ok' : 'warning'),
      failureDetail: (error) => (run.found.certificate === undefined ? error.message : `${error.message} ${describeCertificate(run.found.certificate)}`),
    },
  );
}
