// The test control surface over HTTP (under /_control, outside /v1), for tests that run in another process.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallLog } from './callLog';
import { type FaultQueue, parseFault } from './faultQueue';
import { parseRealisticProfile, type RealisticMode, type RealisticProfile } from './realistic';
import { readBody } from './requestBody';
import type { ServiceStats } from './types';

export const CONTROL_PREFIX = '/_control';

export interface ControlState {
  readonly calls: CallLog;
  readonly faults: FaultQueue;
  connectionCount(): number;
  /** The realistic mode in force, if any. */
  realistic(): RealisticMode | undefined;
  /** Turns the realistic mode on with a fresh state (a full bucket, nothing in flight), or off with undefined. */
  setRealistic(profile: RealisticProfile | undefined): void;
}

type ControlHandler = (req: IncomingMessage, res: ServerResponse, state: ControlState) => Promise<void> | void;

const routes: Record<string, Partial<Record<string, ControlHandler>>> = {
  '/_control/calls': {
    GET: (_req, res, state) => sendJson(res, 200, state.calls.list()),
    DELETE: (_req, res, state) => {
      state.calls.clear();
      sendNoContent(res);
    },
  },
  '/_control/faults': {
    POST: injectFaults,
    DELETE: (_req, res, state) => {
      state.faults.clear();
      sendNoContent(res);
    },
  },
  '/_control/realistic': {
    GET: (_req, res, state) => sendJson(res, 200, state.realistic()?.profile ?? null),
    PUT: setRealistic,
    DELETE: (_req, res, state) => {
      state.setRealistic(undefined);
      sendNoContent(res);
    },
  },
  '/_control/stats': {
    GET: (_req, res, state) => {
      const stats: ServiceStats = { connections: state.connectionCount(), calls: state.calls.size };
      sendJson(res, 200, stats);
    },
  },
};

export function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);
}

export async function handleControl(req: IncomingMessage, res: ServerResponse, path: string, state: ControlState): Promise<void> {
  const methods = routes[path];
  if (!methods) return sendJson(res, 404, { error: `No such control endpoint: ${path}` });
  const handler = methods[req.method ?? 'GET'];
  if (!handler) {
    const allow = Object.keys(methods).join(', ');
    res.setHeader('Allow', allow);
    return sendJson(res, 405, { error: `Use ${allow} on ${path}.` });
  }
  await handler(req, res, state);
}

/** Body: `{fault: Fault, count?: number}`. */
async function injectFaults(req: IncomingMessage, res: ServerResponse, state: ControlState): Promise<void> {
  const body = await readBody(req);
  if (body.kind !== 'ok') return sendJson(res, 400, { error: 'Could not read the request body.' });
  try {
    const parsed = JSON.parse(body.text) as { fault?: unknown; count?: unknown };
    if (parsed.count !== undefined && typeof parsed.count !== 'number') throw new Error('count must be a number');
    state.faults.add(parseFault(parsed.fault), parsed.count ?? 1);
  } catch (error) {
    return sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
  }
  sendNoContent(res);
}

/** Body: a RealisticProfile, or null to turn the mode off. */
async function setRealistic(req: IncomingMessage, res: ServerResponse, state: ControlState): Promise<void> {
  const body = await readBody(req);
  if (body.kind !== 'ok') return sendJson(res, 400, { error: 'Could not read the request body.' });
  try {
    const parsed = JSON.parse(body.text) as unknown;
    state.setRealistic(parsed === null ? undefined : parseRealisticProfile(parsed));
  } catch (error) {
    return sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
  }
  sendNoContent(res);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function sendNoContent(res: ServerResponse): void {
  res.writeHead(204);
  res.end();
}
