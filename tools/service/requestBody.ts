// Reads a request body up to a size limit, so a test can echo megabytes but not exhaust memory.
import type { IncomingMessage } from 'node:http';

/** Tests echo 1 MiB of content; leave generous headroom for JSON escaping. */
export const BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/**
 * An oversize body is read and discarded up to this size before answering 413: closing a socket with unread
 * data sends an RST, which can make the client lose the 413 itself.
 */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

export type BodyResult =
  | { kind: 'ok'; text: string }
  /** `drained` false: the rest of the upload is unread, so the connection must close after the answer. */
  | { kind: 'tooLarge'; drained: boolean }
  | { kind: 'aborted' };

export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > DISCARD_LIMIT_BYTES) return Promise.resolve({ kind: 'tooLarge', drained: false });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > DISCARD_LIMIT_BYTES) {
        req.pause();
        resolve({ kind: 'tooLarge', drained: false });
      }
    });
    req.on('end', () => resolve(size > limit ? { kind: 'tooLarge', drained: true } : { kind: 'ok', text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => resolve({ kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve({ kind: 'aborted' });
    });
  });
}
