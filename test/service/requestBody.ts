// Reads a request body up to a size limit, so a test can echo megabytes but not exhaust memory.
import type { IncomingMessage } from 'node:http';

/** Tests echo 1 MiB of content; leave generous headroom for JSON escaping. */
export const BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export type BodyResult = { kind: 'ok'; text: string } | { kind: 'tooLarge' } | { kind: 'aborted' };

export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ kind: 'tooLarge' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        resolve({ kind: 'tooLarge' });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve({ kind: 'ok', text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => resolve({ kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve({ kind: 'aborted' });
    });
  });
}
