// The client over https with the CAs VS Code trusts (http.systemCertificates: Node's default CAs
// and the OS store's, plus here the test CA that signed the local service), through the
// extension's own dispatcher (proxyDispatcherFactory), against a bare undici loop given the same
// CAs, side by side in one run. Also the one-time cost of building that trust for a dispatcher
// (on the first call, and after a change of the http.* settings).
import * as tls from 'node:tls';
import { Agent, request } from 'undici';
import { GistClient } from '../src/client/gistClient';
import { proxyDispatcherFactory } from '../src/client/proxy';
import { systemTrustedCas, trustOptions } from '../src/client/trust';
import { startService } from '../tools/service/index';
import { makeTestCa } from '../test/unit/support/testCa';
import { loop, sideBySide, type OverheadRow } from './sideBySide';
import { median, round } from './stats';

export interface NetworkFigures {
  readonly rows: OverheadRow[];
  readonly clientToBareP50Ratio: number | undefined;
  /** Median time to read the trusted CAs and make one secure context of them. */
  readonly trustSetupMs: number;
  readonly trustedCas: number;
}

const KEY = 'gk_demo_ada';
const BODY = JSON.stringify({ values: { text: 'hello' } });

export async function networkOverhead(count: number): Promise<NetworkFigures> {
  const ca = makeTestCa();
  const service = await startService({ control: false, tls: { key: ca.serverKey, cert: ca.serverCert } });
  const trusted = (): string[] => [...(systemTrustedCas() ?? tls.rootCertificates), ca.caCert];
  const setups: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    trustOptions({}, trusted);
    setups.push(performance.now() - started);
  }
  const cas = trusted();
  const url = `${service.url}/v1/generate/echo/plain`;
  const client = new GistClient({ dispatcherFactory: proxyDispatcherFactory({}, () => cas) });
  const agent = new Agent({ keepAliveTimeout: 30_000, connect: { ca: cas } });
  try {
    const settings = { baseUrl: service.url, apiKeyHeader: 'SERVICE-API-KEY', apiKey: KEY, timeoutMs: 10_000 };
    const rows = await sideBySide(
      [
        loop('extension client, https, VS Code CA set (proxyDispatcherFactory)', count, () => client.generate(settings, { gistId: 'echo', variant: 'plain', values: { text: 'hello' } })),
        loop('bare undici.request loop, https, same CAs', count, async () => {
          const response = await request(url, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json', 'service-api-key': KEY }, body: BODY });
          JSON.parse(await response.body.text());
        }),
      ],
      count,
      () => service.connectionCount(),
    );
    const [clientRow, bareRow] = rows;
    return {
      rows,
      clientToBareP50Ratio: clientRow !== undefined && bareRow !== undefined ? round(clientRow.p50Ms / bareRow.p50Ms) : undefined,
      trustSetupMs: round(median(setups), 2),
      trustedCas: cas.length,
    };
  } finally {
    await client.dispose();
    await agent.close();
    await service.close();
    ca.dispose();
  }
}
