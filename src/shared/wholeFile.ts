// A file replaced whole or not at all: written beside it under a name of its own, synced, then
// renamed over it. A crash, a full disk or a failed read half-way leaves the file as it was (and at
// worst a hidden temporary file beside it), never half of the new one. Pure Node: no `vscode`.
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import * as path from 'node:path';

/** Writes `file` through `write`, which gets a function that appends text; the file appears, whole, once `write` is done. */
export async function writeWholeFile<T>(file: string, write: (append: (text: string) => Promise<void>) => Promise<T>): Promise<T> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx');
  let result: T;
  // Gathered into writes of about 64 KiB: an export appends a line at a time.
  let pending = '';
  const flush = async (): Promise<void> => {
    const text = pending;
    pending = '';
    if (text !== '') await handle.write(text, null, 'utf8');
  };
  try {
    try {
      result = await write(async (text) => {
        pending += text;
        if (pending.length >= 65_536) await flush();
      });
      await flush();
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  return result;
}
