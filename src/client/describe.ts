// One log line for a failure: kind, status, the service's text, the call id, the low-level cause.
// The service's text and the call id are quoted with every line break escaped (`logValue`), so
// they stay on the line.
// Pure: no `vscode`. Never sees the key (the key only ever goes into a request header).
import type { GistError } from './errors';
import { errorCodes } from './failureErrors';
import { logValue, oneLine } from '../shared/oneLine';

export function describeError(error: GistError): string {
  const parts = [`${error.kind}`];
  if (error.status !== undefined) {
    parts.push(`HTTP ${error.status}`);
  }
  if (error.serviceError !== undefined) {
    parts.push(`service error ${logValue(error.serviceError, 500)}`);
  }
  if (error.callId !== undefined) {
    parts.push(`call id ${logValue(error.callId, 100)}`);
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
