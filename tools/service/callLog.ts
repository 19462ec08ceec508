// The record of calls the service received, oldest first, with the status read from the live response.
import type { ServerResponse } from 'node:http';
import type { CallRecord } from './types';

interface Entry {
  readonly record: CallRecord;
  readonly res: ServerResponse;
}

export class CallLog {
  private entries: Entry[] = [];

  /** Adds a record whose `status` follows `res` (0 until a response head is sent). */
  add(record: CallRecord, res: ServerResponse): void {
    this.entries.push({ record, res });
  }

  list(): CallRecord[] {
    return this.entries.map(({ record, res }) => ({ ...record, status: res.headersSent ? res.statusCode : 0 }));
  }

  get size(): number {
    return this.entries.length;
  }

  clear(): void {
    this.entries = [];
  }
}
