// Writes the `{error, data}` envelope that every /v1 response uses, success and failure alike.
import type { ServerResponse } from 'node:http';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function envelopeText(error: string | null, data: unknown): string {
  return JSON.stringify({ error, data });
}

export function sendEnvelope(
  res: ServerResponse,
  status: number,
  error: string | null,
  data: unknown,
  headers: Record<string, string> = {},
): void {
  const body = envelopeText(error, data);
  res.writeHead(status, { ...headers, 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

export function sendSuccess(res: ServerResponse, data: unknown): void {
  sendEnvelope(res, 200, null, data);
}

/** Failures carry `data: null`. */
export function sendFailure(res: ServerResponse, status: number, error: string, headers?: Record<string, string>): void {
  sendEnvelope(res, status, error, null, headers);
}
