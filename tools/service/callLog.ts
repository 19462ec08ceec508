// The record of calls the service received, oldest first, with the status read from the live response.
// Only the last MAX_RECORDED_CALLS are kept, and a response is let go once it has ended: the bench
// sends hundreds of thousands of calls to one service, and keeping every record with its response
// grew the service's heap by ~3.4 KB a call (4 GB, and out of memory, after 1.2 million calls), so
// its garbage collector paused longer the longer a bench ran, in whichever round was running then.
import type { CallRecord } from './types';

/** Calls a log keeps by default: far more than any test makes, a few MB at most. */
export const MAX_RECORDED_CALLS = 10_000;

/** What a log needs of a response: whether its head went out, with which status, and when it ended. */
export interface LoggedResponse {
  readonly headersSent: boolean;
  readonly statusCode: number;
  once(event: 'close', listener: () => void): unknown;
}

interface Entry {
  readonly record: CallRecord;
  /** The response while it is under way; its status is kept when it ends. */
  response: LoggedResponse | undefined;
  status: number;
}

const statusOf = (response: LoggedResponse): number => (response.headersSent ? response.statusCode : 0);

export class CallLog {
  private entries: Entry[] = [];

  constructor(private readonly max = MAX_RECORDED_CALLS) {}

  /** Adds a record whose `status` follows `response` (0 until a response head is sent). */
  add(record: CallRecord, response: LoggedResponse): void {
    const entry: Entry = { record, response, status: 0 };
    response.once('close', () => {
      entry.status = statusOf(response);
      entry.response = undefined;
    });
    this.entries.push(entry);
    // Trimmed in steps of `max`, so a call costs no copy of the whole log.
    if (this.entries.length >= 2 * this.max) this.entries = this.entries.slice(-this.max);
  }

  list(): CallRecord[] {
    return this.entries.slice(-this.max).map(({ record, response, status }) => ({ ...record, status: response === undefined ? status : statusOf(response) }));
  }

  get size(): number {
    return Math.min(this.entries.length, this.max);
  }

  clear(): void {
    this.entries = [];
  }
}
