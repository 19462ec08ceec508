// How each fault kind misbehaves on the wire. Bodies look like real envelopes so only the transport is wrong.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { newCallId } from './callId';
import { JSON_TYPE, envelopeText, sendEnvelope } from './envelope';
import { effectiveKind } from './faultQueue';
import { pause } from './pause';
import type { Fault } from './types';

const DEFAULT_HUGE_BYTES = 32 * 1024 * 1024;
const HUGE_CHUNK_BYTES = 64 * 1024;
/** Gives the client time to read what was sent before an RST, which could otherwise discard it. */
const RESET_GRACE_MS = 50;

/** Applies the fault's latency, then its kind; returns false when the normal response should follow. */
export async function applyFault(req: IncomingMessage, res: ServerResponse, fault: Fault, signal: AbortSignal): Promise<boolean> {
  if (fault.latencyMs) await pause(fault.latencyMs, signal);
  if (signal.aborted) return true;
  const kind = effectiveKind(fault);
  const extra: Record<string, string> = fault.retryAfter !== undefined ? { 'Retry-After': fault.retryAfter } : {};
  const status = fault.status ?? 500;
  switch (kind) {
    case undefined:
      return false;
    case 'status':
      sendEnvelope(res, status, fault.error === undefined ? defaultError(status) : fault.error, fault.data ?? null, extra);
      return true;
    case 'html':
      sendText(res, status, 'text/html; charset=utf-8', htmlPage(status), extra);
      return true;
    case 'notJson':
      sendText(res, 200, JSON_TYPE, 'Service temporarily unavailable. Please try again later.\n', extra);
      return true;
    case 'raw':
      sendText(res, status, fault.contentType ?? JSON_TYPE, fault.body ?? '', extra);
      return true;
    case 'resetBeforeBody':
      req.socket.resetAndDestroy();
      return true;
    case 'truncated': {
      const body = Buffer.from(plausibleEnvelope());
      res.writeHead(200, { ...extra, 'Content-Type': JSON_TYPE, 'Content-Length': body.length });
      await write(res, body.subarray(0, Math.floor(body.length / 2)));
      req.socket.destroy();
      return true;
    }
    case 'resetDuringBody': {
      const body = Buffer.from(plausibleEnvelope());
      res.writeHead(200, { ...extra, 'Content-Type': JSON_TYPE });
      await write(res, body.subarray(0, Math.floor(body.length / 2)));
      await pause(RESET_GRACE_MS, signal);
      if (!req.socket.destroyed) req.socket.resetAndDestroy();
      return true;
    }
    case 'neverEnd':
      res.writeHead(200, { ...extra, 'Content-Type': JSON_TYPE });
      res.flushHeaders();
      return true;
    case 'stallMidBody': {
      const body = Buffer.from(plausibleEnvelope());
      res.writeHead(200, { ...extra, 'Content-Type': JSON_TYPE, 'Content-Length': body.length });
      await write(res, body.subarray(0, Math.floor(body.length / 2)));
      return true;
    }
    case 'huge':
      await streamHuge(res, fault.hugeBytes ?? DEFAULT_HUGE_BYTES, extra, signal);
      return true;
  }
}

function defaultError(status: number): string {
  if (status === 429) return 'Rate limit exceeded; slow down.';
  if (status >= 500) return 'Internal service error.';
  return `Request failed with status ${status}.`;
}

function sendText(res: ServerResponse, status: number, contentType: string, body: string, extra: Record<string, string>): void {
  res.writeHead(status, { ...extra, 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function htmlPage(status: number): string {
  return `<!DOCTYPE html>\n<html><head><title>${status} Error</title></head>\n<body><h1>${status} Error</h1><p>The gateway could not reach the service.</p></body></html>\n`;
}

function plausibleEnvelope(): string {
  return envelopeText(null, { id: newCallId(), content: 'This response was cut off before it was complete, on purpose.' });
}

/** Resolves once the chunk is handed to the socket (or the socket is gone). */
function write(res: ServerResponse, chunk: Buffer): Promise<void> {
  return new Promise((resolve) => {
    res.write(chunk, () => resolve());
  });
}

/** A chunked `{error:null,data:{id,content}}` of exactly `totalBytes`, honouring back-pressure, stopping if the client leaves. */
async function streamHuge(res: ServerResponse, totalBytes: number, extra: Record<string, string>, signal: AbortSignal): Promise<void> {
  const prefix = `{"error":null,"data":{"id":"${newCallId()}","content":"`;
  const suffix = '"}}';
  let filler = Math.max(0, totalBytes - prefix.length - suffix.length);
  res.writeHead(200, { ...extra, 'Content-Type': JSON_TYPE });
  const block = Buffer.alloc(HUGE_CHUNK_BYTES, 'a');
  if (!res.write(prefix)) await drained(res);
  while (filler > 0 && !res.destroyed && !signal.aborted) {
    const size = Math.min(filler, HUGE_CHUNK_BYTES);
    filler -= size;
    if (!res.write(size === HUGE_CHUNK_BYTES ? block : block.subarray(0, size))) await drained(res);
  }
  if (!res.destroyed && !signal.aborted) res.end(suffix);
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
