// One writer per file, across windows and processes, for the files runs append to: a results file
// (a second VS Code window's run or resume, a Test Explorer run that saves, gist-check) and a votes
// file (a reviewer or a judge in two windows). Without it, two writers append to (or truncate) the
// same file, and it holds cells twice, two headers or cut lines. Before a writer opens such a file
// it takes this lock: a small file in a folder of the user's own under the temporary folder (never
// beside the file, where Git and the Explorer would see it), named by the file's path. It holds
// the holder's process id and host, and the holder touches it while it holds it; a lock whose
// process is gone (a crash, a closed window) or that has not been touched for STALE_AFTER_MS is
// taken over. Pure Node: no `vscode`.
import { randomBytes, createHash } from 'node:crypto';
import { lstat, mkdir, open, unlink, utimes } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';

/** How often a holder touches its lock, and how long an untouched one counts as held (a holder asleep or stopped gives it up). */
export const LOCK_TOUCH_MS = 30_000;
export const STALE_AFTER_MS = 4 * LOCK_TOUCH_MS;
/** A lock file that cannot be read as one is being written, for this long after it was made; after, it is left over. */
const FRESH_UNREADABLE_MS = 10_000;
/** A lock file is a line of JSON: more is not ours. */
const MAX_LOCK_BYTES = 4096;

interface LockContent {
  readonly pid: number;
  readonly host: string;
  /** Who holds it: "gist-check", or the extension's name. */
  readonly tool: string;
  readonly since: string;
  /** This holder's: a release removes the lock only while it is still its own. */
  readonly token: string;
}

/** Why a lock was not taken: another writer holds it (`busy`), or locks cannot be kept here (`unavailable`). */
export class FileLockError extends Error {
  override readonly name = 'FileLockError';

  constructor(
    readonly kind: 'busy' | 'unavailable',
    /** One sentence for users: what happened and what to do. */
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export function isFileLockError(value: unknown): value is FileLockError {
  return value instanceof FileLockError;
}

export interface FileLockOptions {
  /** Who takes the lock, for the message another writer gets: "gist-check" or "gist-generate". */
  readonly tool: string;
  /** What the file is, for that message: "results file", "votes file". */
  readonly what: string;
  /** The folder of lock files; default: the user's own under the temporary folder. */
  readonly folder?: string;
  readonly now?: () => number;
}

/** The lock folder: one per user (the temporary folder is shared on Unix), made private. */
export function defaultLockFolder(): string {
  const uid = typeof process.getuid === 'function' ? String(process.getuid()) : 'user';
  return path.join(os.tmpdir(), `gist-generate-${uid}`, 'file-locks');
}

/** The lock's file: named by the locked file's whole path (case folded where file names ignore case). */
export function lockFileFor(lockedPath: string, folder: string): string {
  const resolved = path.resolve(lockedPath);
  const key = process.platform === 'win32' || process.platform === 'darwin' ? resolved.toLowerCase() : resolved;
  return path.join(folder, `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.lock`);
}

function parseLock(text: string): LockContent | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockContent> | null;
    if (value === null || typeof value !== 'object') return undefined;
    const { pid, host, tool, since, token } = value;
    if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
    if (typeof host !== 'string' || typeof tool !== 'string' || typeof since !== 'string' || typeof token !== 'string') return undefined;
    return { pid, host, tool, since, token };
  } catch {
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/** Whether a lock file found in place is held: its process runs (on this host) and it was touched lately. */
function held(content: LockContent | undefined, touchedAt: number, now: number): boolean {
  const age = now - touchedAt;
  if (content === undefined) return age < FRESH_UNREADABLE_MS;
  if (age >= STALE_AFTER_MS) return false;
  return content.host !== os.hostname() || processAlive(content.pid);
}

/** What another writer is told. Only the lock's numbers and one of two names are shown: its text is not repeated. */
function busyMessage(content: LockContent | undefined, what: string): string {
  if (content === undefined) return `Another run is starting to write this ${what}. Wait for it to finish, or cancel it there; then try again.`;
  if (content.pid === process.pid && content.host === os.hostname()) {
    return `A run in this window is writing this ${what} already. Wait for it to finish, or cancel it in its notification; then try again.`;
  }
  const since = new Date(content.since);
  const when = Number.isNaN(since.getTime()) ? '' : `, since ${since.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
  const who = content.tool === 'gist-check' ? 'gist-check' : 'Another VS Code window';
  return `${who} is writing this ${what} (process ${content.pid}${when}). Wait for it to finish, or cancel it there; then try again.`;
}

async function readLock(file: string): Promise<{ readonly text: string; readonly touchedAt: number } | undefined> {
  try {
    const handle = await open(file, 'r');
    try {
      const { size, mtimeMs } = await handle.stat();
      const buffer = Buffer.alloc(Math.min(size, MAX_LOCK_BYTES + 1));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return { text: size > MAX_LOCK_BYTES ? '' : buffer.subarray(0, bytesRead).toString('utf8'), touchedAt: mtimeMs };
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The lock folder, made if missing; refused when it or its parent is not a folder of this user's (someone else could plant or remove locks in it). */
async function lockFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (uid === undefined) return;
  for (const each of [path.dirname(folder), folder]) {
    const info = await lstat(each);
    if (!info.isDirectory() || info.uid !== uid) {
      throw new FileLockError('unavailable', `The folder for the locks of files runs write (${each}) is not a folder of your own, so a run cannot make sure it writes alone. Remove it, then try again.`);
    }
  }
}

export class FileLock {
  private touching: NodeJS.Timeout | undefined;
  private released = false;

  private constructor(
    private readonly file: string,
    private readonly token: string,
  ) {
    // Touched while held, so a holder that stops without releasing (asleep, stopped) is seen as gone.
    this.touching = setInterval(() => {
      const now = new Date();
      utimes(this.file, now, now).catch(() => undefined);
    }, LOCK_TOUCH_MS);
    this.touching.unref();
  }

  /**
   * Takes the lock of `lockedPath`, or throws a FileLockError of kind `busy` that says who holds
   * it. A lock left over (its process gone, or untouched for STALE_AFTER_MS) is taken over.
   */
  static async acquire(lockedPath: string, options: FileLockOptions): Promise<FileLock> {
    const folder = options.folder ?? defaultLockFolder();
    const now = options.now ?? Date.now;
    try {
      await lockFolder(folder);
    } catch (error) {
      if (isFileLockError(error)) throw error;
      throw new FileLockError('unavailable', `The lock of the ${options.what} cannot be made: ${String((error as { message?: unknown }).message ?? error)}`, error);
    }
    const file = lockFileFor(lockedPath, folder);
    const token = randomBytes(16).toString('hex');
    const content: LockContent = { pid: process.pid, host: os.hostname(), tool: options.tool, since: new Date(now()).toISOString(), token };
    // Twice at most: a lock left over is removed once; losing the race for it to another run means that run holds it.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const handle = await open(file, 'wx', 0o600);
        try {
          await handle.writeFile(`${JSON.stringify(content)}\n`);
        } finally {
          await handle.close();
        }
        return new FileLock(file, token);
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'EEXIST') {
          throw new FileLockError('unavailable', `The lock of the ${options.what} cannot be made: ${String((error as { message?: unknown }).message ?? error)}`, error);
        }
      }
      const found = await readLock(file);
      if (found === undefined) continue;
      const holder = parseLock(found.text);
      if (held(holder, found.touchedAt, now())) {
        throw new FileLockError('busy', busyMessage(holder, options.what));
      }
      // Left over: removed only if it is still the one judged (another run may have just taken it over).
      const again = await readLock(file);
      if (again !== undefined && again.text === found.text && again.touchedAt === found.touchedAt) {
        await unlink(file).catch(() => undefined);
      }
    }
    const holder = await readLock(file);
    throw new FileLockError('busy', busyMessage(holder === undefined ? undefined : parseLock(holder.text), options.what));
  }

  /** Gives the lock up: removes its file while it is still this holder's. */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    clearInterval(this.touching);
    this.touching = undefined;
    const found = await readLock(this.file).catch(() => undefined);
    if (found !== undefined && parseLock(found.text)?.token === this.token) {
      await unlink(this.file).catch(() => undefined);
    }
  }
}
