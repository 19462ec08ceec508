// Raw HTTP over loopback for the service tests: node:http, so resets, truncation and stalls are visible as they happen.
import { type Agent, type IncomingHttpHeaders, request } from 'node:http';

export interface ProbeRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON with Content-Type application/json. */
  body?: unknown;
  /** Default: a fresh connection per request. */
  agent?: Agent;
}

export interface ProbeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Parsed body (throws if the body is not JSON). */
  json: () => unknown;
  /** The body as the service's `{error, data}` envelope (throws if not JSON). */
  envelope: () => Envelope;
}

export interface Envelope {
  error: string | null;
  data: Record<string, unknown> | null;
}

export const ADA_KEY = 'gk_demo_ada';
export const GRACE_KEY = 'gk_demo_grace';

/** A complete request; rejects if the connection fails or the body does not complete. */
export function send(baseUrl: string, req: ProbeRequest): Promise<ProbeResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = open(baseUrl, req);
    outgoing.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('response aborted')));
      res.on('end', () => {
        if (!res.complete) return reject(new Error('response incomplete'));
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text,
          json: () => JSON.parse(text) as unknown,
          envelope: () => JSON.parse(text) as Envelope,
        });
      });
    });
    outgoing.on('error', reject);
  });
}

/** `send` with the demo key and a JSON body: the common generate call. */
export function generate(baseUrl: string, path: string, values: unknown, key = ADA_KEY): Promise<ProbeResponse> {
  return send(baseUrl, { method: 'POST', path, headers: { 'SERVICE-API-KEY': key }, body: { values } });
}

/** What a client saw of a response that may never finish. */
export interface Observation {
  status?: number;
  headers?: IncomingHttpHeaders;
  /** Body bytes received. */
  bytes: number;
  /** The first 64 KiB of the body. */
  body: Buffer;
  /** '' while open; 'end' when the body completed; 'stopped' when aborted by the test; else the error that ended it. */
  outcome: string;
}

/** A request in flight, observed as it happens. */
export interface Watch {
  /** Live view; `outcome` stays '' while the response is open. */
  readonly seen: Observation;
  /** Resolves once `predicate(seen)` holds (checked on every event), or when the response ends. */
  until(predicate: (o: Observation) => boolean): Promise<Observation>;
  /** Resolves when the response ends or is aborted. */
  readonly done: Promise<Observation>;
  /** Destroys the request (outcome 'stopped' if still open). */
  abort(): void;
}

const KEEP_BODY_BYTES = 64 * 1024;

export function watch(baseUrl: string, req: ProbeRequest): Watch {
  const seen: Observation = { bytes: 0, body: Buffer.alloc(0), outcome: '' };
  const waiters: { predicate: (o: Observation) => boolean; resolve: (o: Observation) => void }[] = [];
  let resolveDone: (o: Observation) => void = () => undefined;
  const done = new Promise<Observation>((resolve) => (resolveDone = resolve));
  const changed = (): void => {
    for (const w of [...waiters]) {
      if (seen.outcome !== '' || w.predicate(seen)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(seen);
      }
    }
  };
  const finish = (outcome: string): void => {
    if (seen.outcome !== '') return;
    seen.outcome = outcome;
    changed();
    resolveDone(seen);
  };
  const outgoing = open(baseUrl, req);
  outgoing.on('response', (res) => {
    seen.status = res.statusCode;
    seen.headers = res.headers;
    res.on('data', (chunk: Buffer) => {
      seen.bytes += chunk.length;
      if (seen.body.length < KEEP_BODY_BYTES) seen.body = Buffer.concat([seen.body, chunk]).subarray(0, KEEP_BODY_BYTES);
      changed();
    });
    res.on('error', (e: NodeJS.ErrnoException) => finish(e.code ?? e.message));
    res.on('aborted', () => finish('aborted'));
    res.on('end', () => finish(res.complete ? 'end' : 'incomplete'));
    changed();
  });
  outgoing.on('error', (e: NodeJS.ErrnoException) => finish(e.code ?? e.message));
  return {
    seen,
    done,
    until: (predicate) => new Promise((resolve) => {
      waiters.push({ predicate, resolve });
      changed();
    }),
    abort: () => {
      finish('stopped');
      outgoing.destroy();
    },
  };
}

/** Watches a request until it ends, or until `stopWhen` holds (then aborts it: outcome 'stopped'). */
export async function observe(baseUrl: string, req: ProbeRequest, stopWhen?: (o: Observation) => boolean): Promise<Observation> {
  const w = watch(baseUrl, req);
  if (!stopWhen) return w.done;
  await w.until(stopWhen);
  w.abort();
  return w.seen;
}

function open(baseUrl: string, req: ProbeRequest): ReturnType<typeof request> {
  const headers: Record<string, string> = { ...req.headers };
  let payload: string | undefined;
  if (typeof req.body === 'string') payload = req.body;
  else if (req.body !== undefined) {
    payload = JSON.stringify(req.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  }
  const outgoing = request(`${baseUrl}${req.path}`, { method: req.method ?? 'GET', headers, agent: req.agent ?? false });
  outgoing.end(payload);
  return outgoing;
}
