// Starts the local gist service on loopback: a faithful stand-in for the real one, with faults on demand.
import { setMaxListeners } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Socket } from 'node:net';
import { type AppState, handleRequest } from './app';
import { CallLog } from './callLog';
import { sendFailure } from './envelope';
import { FaultQueue } from './faultQueue';
import { loadFixtures } from './fixtures';
import { mulberry32 } from './random';
import { RealisticMode, type RealisticProfile } from './realistic';
import type { CallRecord, Fault, Fixtures } from './types';

export type { CallRecord, Fault, FaultKind, Fixtures, FixtureGist, FixtureUser, FixtureVariant, ServiceStats } from './types';
export { defaultFixtures } from './fixtures';
export type { RealisticProfile } from './realistic';

export interface StartServiceOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** An object, or a path to a JSON file; default the bundled fixtures.json. */
  fixtures?: Fixtures | string;
  /** Makes the weighted variant draw reproducible. */
  seed?: number;
  /** Enables the HTTP control surface under /_control; default true. */
  control?: boolean;
  /** Called with one line per finished request (never includes the API key); default silent. */
  log?: (line: string) => void;
  /** Behaves like a service backed by a language model: latency, rate limit, capacity (realistic.ts). Default off. */
  realistic?: RealisticProfile;
  /** Serves HTTPS with this key pair (PEM) instead of HTTP; `url` then starts with https://. */
  tls?: { key: string; cert: string };
}

export interface RunningService {
  /** e.g. `http://127.0.0.1:43123`, no trailing slash. */
  readonly url: string;
  readonly fixtures: Fixtures;
  /** Calls received, oldest first. */
  calls(): CallRecord[];
  clearCalls(): void;
  /** Applies `fault` to the next `count` (default 1) matching requests. */
  injectFaults(fault: Fault, count?: number): void;
  clearFaults(): void;
  /** Turns the realistic mode on with a fresh state (a full bucket, nothing in flight), or off with undefined. */
  setRealistic(profile: RealisticProfile | undefined): void;
  /** TCP connections accepted so far. */
  connectionCount(): number;
  /** TCP connections open now (a cancelled call's connection leaves this set). */
  openConnectionCount(): number;
  /** Closes the server and destroys open sockets, including never-ending responses. */
  close(): Promise<void>;
}

export async function startService(options: StartServiceOptions = {}): Promise<RunningService> {
  const fixtures = loadFixtures(options.fixtures);
  const calls = new CallLog();
  const faults = new FaultQueue();
  const closing = new AbortController();
  // Every delayed answer (a fault's latency, the realistic mode's) listens for the close: hundreds at once are expected, not a leak.
  setMaxListeners(0, closing.signal);
  const sockets = new Set<Socket>();
  let connections = 0;
  let realistic = options.realistic === undefined ? undefined : new RealisticMode(options.realistic);
  const setRealistic = (profile: RealisticProfile | undefined): void => {
    realistic = profile === undefined ? undefined : new RealisticMode(profile);
  };
  const state: AppState = {
    fixtures,
    calls,
    faults,
    random: mulberry32(options.seed ?? Math.floor(Math.random() * 2 ** 32)),
    controlEnabled: options.control ?? true,
    signal: closing.signal,
    connectionCount: () => connections,
    realistic: () => realistic,
    setRealistic,
  };

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const started = Date.now();
    if (options.log) {
      const log = options.log;
      res.on('close', () => log(`${req.method ?? '?'} ${req.url ?? ''} -> ${res.headersSent ? res.statusCode : 'no response'} (${Date.now() - started} ms)`));
    }
    handleRequest(req, res, state).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else sendFailure(res, 500, `The local service failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  const server: Server = options.tls === undefined ? createServer(handler) : createTlsServer({ key: options.tls.key, cert: options.tls.cert }, handler);
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const address = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  let closed: Promise<void> | undefined;
  return {
    url: `${options.tls === undefined ? 'http' : 'https'}://${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`,
    fixtures,
    calls: () => calls.list(),
    clearCalls: () => calls.clear(),
    injectFaults: (fault, count) => faults.add(fault, count),
    clearFaults: () => faults.clear(),
    setRealistic,
    connectionCount: () => connections,
    openConnectionCount: () => sockets.size,
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closed;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<{ host: string; port: number }> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') return reject(new Error('server has no TCP address'));
      resolve({ host: address.address, port: address.port });
    });
  });
}
