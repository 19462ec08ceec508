// One log line per call, in a fixed shape that is easy to grep. Pure: no `vscode`.
// Never receives the key; values and content go to the trace level elsewhere.

export interface CallRecordLine {
  readonly gistId: string;
  readonly variant: string | undefined;
  readonly callId: string | undefined;
  /** `ok`, or the error kind. */
  readonly outcome: string;
  readonly durationMs: number;
  readonly contentLength?: number | undefined;
  readonly detail?: string | undefined;
}

export function formatCallLine(record: CallRecordLine): string {
  const parts = [
    `gist=${record.gistId}`,
    `variant=${record.variant ?? 'auto'}`,
    `callId=${record.callId ?? '-'}`,
    `status=${record.outcome}`,
    `duration=${Math.round(record.durationMs)}ms`,
  ];
  if (record.contentLength !== undefined) {
    parts.push(`length=${record.contentLength}`);
  }
  const line = parts.join(' ');
  return record.detail === undefined ? line : `${line} — ${record.detail}`;
}
