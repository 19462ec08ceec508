// A finished call as a results line: content cut to its cap (and its whole length kept), the
// error as its kind, message and status. Pure: no `vscode`.
import type { FinishedCall } from './engine';
import type { CellResult } from './resultsFormat';
import { MAX_ERROR_BYTES } from '../shared/limits';
import { codePointLength, cutToBytes, keptContent } from './resultsText';

export function cellResultOf(call: FinishedCall): CellResult {
  const base = {
    type: 'result' as const,
    row: call.row,
    line: call.line,
    values: call.values,
    variant: call.variant,
    sample: call.sample,
    attempts: call.attempts,
    latencyMs: Math.round(call.latencyMs * 10) / 10,
    finishedAt: call.finishedAt,
  };
  if (call.result !== undefined) {
    const kept = keptContent(call.result.content);
    return {
      ...base,
      callId: call.result.id,
      content: kept.content,
      length: codePointLength(call.result.content),
      ...(kept.truncated ? { truncated: true } : {}),
      error: null,
    };
  }
  const error = call.error;
  return {
    ...base,
    callId: error?.callId ?? null,
    content: null,
    length: null,
    error: { kind: error?.kind ?? 'service', message: cutToBytes(error?.message ?? 'The call failed.', MAX_ERROR_BYTES), ...(error?.status === undefined ? {} : { status: error.status }) },
  };
}
