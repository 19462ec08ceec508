// Opaque call ids: base64 of 12 random bytes, fresh for every generate call.
import { randomBytes } from 'node:crypto';

export function newCallId(): string {
  return randomBytes(12).toString('base64');
}
