// One log line for a failure: kind, status, the service's text, the call id, the low-level cause.
// Newlines in the service's text are escaped by JSON.stringify, so it stays one line.
// Pure: no `vscode`. Never sees the key (the key only ever goes into a request header).
import type { GistError } from './errors';
import { errorCodes } from './failureErrors';
import { oneLine } from './oneLine';

export function describeError(error: GistError): string {
  const parts = [`${error.kind}`];
  if (error.status !== undefined) {
    parts.push(`HTTP ${error.status}`);
  }
  if (error.serviceError !== undefined) {
    parts.push(`service error ${JSON.stringify(error.serviceError.slice(0, 500))}`);
  }
  if (error.callId !== undefined) {
    parts.push(`call id ${oneLine(error.callId, 100)}`);
  }
  if (error.retryAfterSeconds !== undefined) {
    parts.push(`retry after ${error.retryAfterSeconds}s`);
  }
  const codes = [...new Set(errorCodes(error.details.cause))];
  if (codes.length > 0) {
    parts.push(`cause ${codes.join('/')}`);
  }
  return `${parts.join(', ')}: ${oneLine(error.message, 1000)}`;
}
