// A finished call as a results line: content cut to its cap (and its whole length kept), the
// error as its kind, message and status. Pure: no `vscode`.
import { MAX_ERROR_BYTES } from '../shared/limits';
import type { FinishedCall } from './engine';
import type { CellResult, ResultError } from './resultsFormat';
import { codePointLength, cutToBytes, keptContent } from './resultsText';

// Built member by member, without spreads: a run makes thousands of these a second.
export function cellResultOf(call: FinishedCall): CellResult {
  const latencyMs = Math.round(call.latencyMs * 10) / 10;
  if (call.result !== undefined) {
    const kept = keptContent(call.result.content);
    const result: { -readonly [K in keyof CellResult]: CellResult[K] } = {
      type: 'result',
      row: call.row,
      line: call.line,
      values: call.values,
      variant: call.variant,
      sample: call.sample,
      callId: call.result.id,
      content: kept.content,
      length: codePointLength(call.result.content),
      error: null,
      attempts: call.attempts,
      latencyMs,
      finishedAt: call.finishedAt,
    };
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
  return {
    type: 'result',
    row: call.row,
    line: call.line,
    values: call.values,
    variant: call.variant,
    sample: call.sample,
    callId: error?.callId ?? null,
    content: null,
    length: null,
    error: resultError,
    attempts: call.attempts,
    latencyMs,
    finishedAt: call.finishedAt,
  };
}
