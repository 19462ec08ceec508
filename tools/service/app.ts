// The request handler: control surface, or record the call, apply any fault, then answer as the spec says.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallLog } from './callLog';
import { type ControlState, handleControl, isControlPath } from './controlRoutes';
import { sendFailure } from './envelope';
import type { FaultQueue } from './faultQueue';
import { applyFault } from './faultResponses';
import { BODY_LIMIT_BYTES, readBody } from './requestBody';
import type { CallRecord, Fixtures } from './types';
import { handleV1 } from './v1Routes';

export interface AppState extends ControlState {
  readonly fixtures: Fixtures;
  readonly calls: CallLog;
  readonly faults: FaultQueue;
  readonly random: () => number;
  readonly controlEnabled: boolean;
  /** Aborted when the service closes, to end delays and streams. */
  readonly signal: AbortSignal;
}

export async function handleRequest(req: IncomingMessage, res: ServerResponse, state: AppState): Promise<void> {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (state.controlEnabled && isControlPath(path)) return handleControl(req, res, path, state);

  const time = new Date().toISOString();
  const body = await readBody(req);
  const rawBody = body.kind === 'ok' ? body.text : '';
  const record: CallRecord = { method: req.method ?? 'GET', path, headers: { ...req.headers }, body: undefined, rawBody, status: 0, time };
  const parsed = parseOrUndefined(rawBody);
  // Leave `body` out rather than undefined, so records read in-process equal those read over HTTP.
  if (parsed === undefined) delete record.body;
  else record.body = parsed;
  state.calls.add(record, res);
  if (body.kind === 'aborted') return;
  if (body.kind === 'tooLarge') {
    const text = `Request body is larger than the ${BODY_LIMIT_BYTES / (1024 * 1024)} MiB limit.`;
    return sendFailure(res, 413, text, body.drained ? {} : { Connection: 'close' });
  }

  const fault = state.faults.take(path);
  if (fault && (await applyFault(req, res, fault, state.signal))) return;
  if (state.signal.aborted) return;

  if (path === '/v1' || path.startsWith('/v1/')) {
    const answer = (): void => handleV1({ req, res, record, rawBody, fixtures: state.fixtures, random: state.random }, path);
    const realistic = state.realistic();
    if (realistic) return realistic.serve(res, state.signal, answer);
    answer();
    return;
  }
  sendFailure(res, 404, `No such endpoint: ${record.method} ${path}`);
}

function parseOrUndefined(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
