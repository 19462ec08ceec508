// A finished call as a results line: content cut to its cap (and its whole length kept), the
// error as its kind, message and status. Pure: no `vscode`.
import { MAX_ERROR_BYTES } from '../shared/limits';
import type { FinishedCall } from './engine';
import type { CellResult, ResultError } from './resultsFormat';
import { codePointLength, cutToBytes, keptContent } from './resultsText';

// One object, its members set in the order the line is written, without spreads: a run makes
// thousands of these a second.
export function cellResultOf(call: FinishedCall): CellResult {
  const result: { -readonly [K in keyof CellResult]: CellResult[K] } = {
    type: 'result',
    row: call.row,
    line: call.line,
    values: call.values,
    variant: call.variant,
    sample: call.sample,
    callId: null,
    content: null,
    length: null,
    error: null,
    attempts: call.attempts,
    latencyMs: Math.round(call.latencyMs * 10) / 10,
    finishedAt: call.finishedAt,
  };
  if (call.result !== undefined) {
    const kept = keptContent(call.result.content);
    result.callId = call.result.id;
    result.content = kept.content;
    result.length = codePointLength(call.result.content);
    if (kept.truncated) {
      result.truncated = true;
    }
    return result;
  }
  const error = call.error;
  const resultError: { -readonly [K in keyof ResultError]: ResultError[K] } = { kind: error?.kind ?? 'service', message: cutToBytes(error?.message ?? 'The call failed.', MAX_ERROR_BYTES) };
  if (error?.status !== undefined) {
    resultError.status = error.status;
  }
  result.callId = error?.callId ?? null;
  result.error = resultError;
  return result;
}
