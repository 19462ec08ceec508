import { createServer } from 'node:net';

/** `wanted` if it is free on 127.0.0.1, else a port that was free a moment ago. */
export async function portOrFree(wanted: number): Promise<number> {
  try {
    return await listenAndRelease(wanted);
  } catch {
    return freePort();
  }
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return listenAndRelease(0);
}

function listenAndRelease(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
