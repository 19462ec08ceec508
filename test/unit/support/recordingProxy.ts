// A real HTTP proxy (the `proxy` package) on loopback that records what it is asked for. With
// `resolve`, it is also the DNS for the hosts it tunnels to: a CONNECT to gists.example.test:443
// can reach a local server, so tests can call a "remote" service through it with no network.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';

export interface RecordingProxy {
  readonly server: ProxyServer;
  /** `http://127.0.0.1:port` */
  readonly url: string;
  /** `CONNECT host:port` and `GET http://...` lines, in order; clear it with `seen.length = 0`. */
  readonly seen: string[];
  close(): Promise<void>;
}

export async function startRecordingProxy(resolve?: (authority: string) => string): Promise<RecordingProxy> {
  const seen: string[] = [];
  const server = createProxy(createServer());
  // Runs before the proxy's own handler, which reads req.url after authenticating.
  server.prependListener('connect', (req: IncomingMessage) => {
    seen.push(`CONNECT ${req.url ?? ''}`);
    if (resolve !== undefined && req.url !== undefined) {
      req.url = resolve(req.url);
    }
  });
  server.prependListener('request', (req: IncomingMessage) => seen.push(`${req.method ?? ''} ${req.url ?? ''}`));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
