// One log line per call, in a fixed shape that is easy to grep. Pure: no `vscode`.
// Never receives the key; values and content go to the trace level elsewhere. Ids and slugs come
// from outside, so each is one quoted-if-needed field (`logValue`): a line break cannot forge a line.
import { escapeControl, logValue } from '../shared/oneLine';

export interface CallRecordLine {
  readonly gistId: string;
  readonly variant: string | undefined;
  readonly callId: string | undefined;
  /** `ok`, or the error kind. */
  readonly outcome: string;
  readonly durationMs: number;
  readonly contentLength?: number | undefined;
  /** The profile the call went to (its service and key). */
  readonly profile?: string | undefined;
  readonly detail?: string | undefined;
}

export function formatCallLine(record: CallRecordLine): string {
  const parts = [
    `gist=${logValue(record.gistId)}`,
    `variant=${record.variant === undefined ? 'auto' : logValue(record.variant)}`,
    `callId=${record.callId === undefined ? '-' : logValue(record.callId)}`,
    `status=${record.outcome}`,
    `duration=${Math.round(record.durationMs)}ms`,
  ];
  if (record.contentLength !== undefined) {
    parts.push(`length=${record.contentLength}`);
  }
  if (record.profile !== undefined) {
    parts.push(`profile=${logValue(record.profile)}`);
  }
  const line = parts.join(' ');
  return record.detail === undefined ? line : `${line} — ${escapeControl(record.detail)}`;
}
