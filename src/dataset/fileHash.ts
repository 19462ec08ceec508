// The SHA-256 of a file, streamed: a results file records its data file's, so a resume can tell
// that the data changed. Pure Node: no `vscode`.
import { createHash } from 'node:crypto';
import { fileChunks } from './dataRows';

export async function sha256OfFile(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fileChunks(path, { signal })) {
    hash.update(chunk);
  }
  return hash.digest('hex');
}
