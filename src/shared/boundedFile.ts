// Reading a file a repository put in the workspace (a test file, a catalog, a votes file, a data or
// results file): what it holds is hostile, and so is what it is. A symbolic link to /dev/zero read
// whole eats all memory, a named pipe's open waits for a writer forever (holding one of libuv's four
// threads), and a link may lead out of the folder it was found in. So the file is opened without
// waiting, the open handle (not the path: nothing can be swapped in between) must be a regular file,
// its real path must stay inside the folder when one is given, and at most `cap` bytes are read,
// whatever its size says (a file in /proc says 0). Pure Node: no `vscode`.
import { constants } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import { isInsideFolder } from './insideFolder';

export type FileRefusalKind =
  /** It is not there (ENOENT). */
  | 'missing'
  /** A folder, device, named pipe or socket. */
  | 'notAFile'
  /** Its real path (links followed) is outside the folder it must stay in. */
  | 'outside'
  /** Over the cap: by its size, or by what reading it found. */
  | 'tooLarge'
  /** Anything else the file system refused (permission, a loop of links, …). */
  | 'unreadable';

export interface FileRefusal {
  readonly ok: false;
  readonly kind: FileRefusalKind;
  /** Why, to follow "… cannot be read: " (no capital, no full stop); says what to do when something can be done. */
  readonly reason: string;
  /** `tooLarge`: the size the file system gave, when that alone was over the cap (else reading found more than the cap). */
  readonly size?: number;
  readonly cause?: unknown;
}

export interface OpenedFile {
  readonly ok: true;
  /** Opened for reading; the caller closes it. */
  readonly handle: FileHandle;
  /** As fstat gave it when opened: a hint only (a device says 0), never a bound on what a read returns. */
  readonly size: number;
  /** `dev:ino` of the open file: the same for every link to it (to read a file reached twice once). */
  readonly identity: string;
}

export interface OpenOptions {
  /** The folder the file was found in: a file whose real path (symbolic links followed) is outside it is refused. */
  readonly inside?: string;
  /** That folder as messages name it ("the workspace folder"). */
  readonly insideName?: string;
}

/**
 * Opening never waits: a named pipe opens at once (then is refused), where a plain open would
 * wait for a writer. O_NOCTTY: a terminal device never becomes the process's. Neither exists on
 * Windows, where a pipe is not a file in a folder.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

export function isFileRefusal(value: unknown): value is FileRefusal {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false && typeof (value as { kind?: unknown }).kind === 'string' && typeof (value as { reason?: unknown }).reason === 'string';
}

/** "2,048 KiB", for messages about caps. */
export function formatKiB(bytes: number): string {
  return `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KiB`;
}

function refusal(kind: FileRefusalKind, reason: string, extra: { readonly size?: number; readonly cause?: unknown } = {}): FileRefusal {
  return { ok: false, kind, reason, ...extra };
}

/** What a file that is not a regular one is, and what to do. */
function notAFile(what: string): FileRefusal {
  return refusal('notAFile', `it is (or links to) ${what}, not a regular file: replace it with a file, or remove it`);
}

function fromError(error: unknown): FileRefusal {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'ENOENT') return refusal('missing', 'it does not exist', { cause: error });
  if (code === 'EISDIR') return refusal('notAFile', 'it is a folder', { cause: error });
  // A socket (or a device without a driver) cannot be opened as a file.
  if (code === 'ENXIO' || code === 'ENODEV') return { ...notAFile('a socket or device'), cause: error };
  if (code === 'EACCES' || code === 'EPERM') return refusal('unreadable', 'permission was denied', { cause: error });
  if (code === 'ELOOP') return refusal('unreadable', 'its symbolic links lead round in a loop', { cause: error });
  return refusal('unreadable', `the system said ${String(code ?? (error instanceof Error ? error.message : error))}`, { cause: error });
}

/** What a handle that fstat says is not a regular file is. */
function whatItIs(stats: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): FileRefusal {
  if (stats.isDirectory()) return refusal('notAFile', 'it is a folder');
  if (stats.isFIFO()) return notAFile('a named pipe (FIFO)');
  if (stats.isSocket()) return notAFile('a socket');
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return notAFile('a device such as /dev/zero');
  return notAFile('something other than a file');
}

/**
 * Opens `file` for reading when it is a regular file (and, with `inside`, when its real path is
 * inside that folder); else says why not. Never throws for what the file is.
 */
export async function openRegularFile(file: string, options: OpenOptions = {}): Promise<OpenedFile | FileRefusal> {
  let real: string | undefined;
  if (options.inside !== undefined) {
    try {
      real = await realpath(file);
      if (!isInsideFolder(await realpath(options.inside), real)) {
        return refusal('outside', `it leads outside ${options.insideName ?? 'its folder'} (a symbolic link?), and only files inside it are read: copy the file there instead of linking to it`);
      }
    } catch (error) {
      return fromError(error);
    }
  }
  let handle: FileHandle;
  try {
    handle = await open(file, OPEN_FLAGS);
  } catch (error) {
    return fromError(error);
  }
  try {
    const stats = await handle.stat({ bigint: true });
    if (!stats.isFile()) {
      await handle.close();
      return whatItIs(stats);
    }
    if (real !== undefined) {
      // The path checked above must be the file opened: a link swapped in between is refused.
      const checked = await stat(real, { bigint: true });
      if (checked.dev !== stats.dev || checked.ino !== stats.ino) {
        await handle.close();
        return refusal('unreadable', 'it changed while it was being opened: try again');
      }
    }
    return { ok: true, handle, size: Number(stats.size), identity: `${stats.dev}:${stats.ino}` };
  } catch (error) {
    await handle.close().catch(() => undefined);
    return fromError(error);
  }
}

/**
 * At most `cap` bytes of an open file, from its start: `cap + 1` are asked for, so a file that
 * says it is smaller than it is (a growing file, one in /proc) is still found over the cap.
 * Memory grows with what is read, not with the cap.
 */
export async function readCapped(opened: OpenedFile, cap: number): Promise<Uint8Array | FileRefusal> {
  const limit = cap + 1;
  let buffer = Buffer.allocUnsafe(Math.min(limit, Math.max(opened.size + 1, 64 * 1024)));
  let length = 0;
  try {
    for (;;) {
      if (length === buffer.length) {
        if (length >= limit) break;
        const larger = Buffer.allocUnsafe(Math.min(limit, buffer.length * 2));
        buffer.copy(larger, 0, 0, length);
        buffer = larger;
      }
      const { bytesRead } = await opened.handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
  } catch (error) {
    return fromError(error);
  }
  if (length > cap) return refusal('tooLarge', `it is larger than ${formatKiB(cap)}`);
  // A copy of exactly its length: the spare room of a larger buffer is not kept with it.
  return length === buffer.length ? buffer : Buffer.from(buffer.subarray(0, length));
}

/** The bytes of `file`, at most `cap` of them, when it is a regular file (inside `options.inside`); else why not. */
export async function readBoundedFile(file: string, cap: number, options: OpenOptions = {}): Promise<{ readonly ok: true; readonly bytes: Uint8Array; readonly identity: string } | FileRefusal> {
  const opened = await openRegularFile(file, options);
  if (!opened.ok) return opened;
  try {
    if (opened.size > cap) return refusal('tooLarge', `it is ${formatKiB(opened.size)}, over the limit of ${formatKiB(cap)}`, { size: opened.size });
    const bytes = await readCapped(opened, cap);
    return bytes instanceof Uint8Array ? { ok: true, bytes, identity: opened.identity } : bytes;
  } finally {
    await opened.handle.close().catch(() => undefined);
  }
}
