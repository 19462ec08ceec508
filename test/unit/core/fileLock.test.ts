// The lock of a file runs write (fileLock.ts) as other writers and leftovers find it: a lock whose
// process runs and was touched lately is held; one untouched for too long, or whose process is
// gone, is taken over; a lock file that is not one (garbage, too long) is never shown and is
// taken over once old; a release removes only its own lock; a lock folder that is not a folder of
// the user's own is refused.
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { FileLock, isFileLockError, lockFileFor, STALE_AFTER_MS, type FileLockOptions } from '../../../src/shared/fileLock';

function busy(message: RegExp): (error: unknown) => boolean {
  return (error) => {
    assert.ok(isFileLockError(error), String(error));
    assert.equal(error.kind, 'busy', error.message);
    assert.match(error.message, message);
    return true;
  };
}

describe('file lock', function () {
  let folder: string;
  let locks: string;
  let results: string;
  let options: FileLockOptions;

  beforeEach(async function () {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gist-results-lock-'));
    locks = path.join(folder, 'locks');
    results = path.join(folder, 'people.welcome-email.gistrun.jsonl');
    options = { tool: 'gist-generate', what: 'results file', folder: locks };
  });

  afterEach(async function () {
    await rm(folder, { recursive: true, force: true });
  });

  /** Puts a lock in place as another holder would have left it, touched `ageMs` ago. */
  async function plantLock(text: string, ageMs: number): Promise<string> {
    await mkdir(locks, { recursive: true, mode: 0o700 });
    const file = lockFileFor(results, locks);
    await writeFile(file, text);
    const touched = new Date(Date.now() - ageMs);
    await utimes(file, touched, touched);
    return file;
  }

  const lockOf = (pid: number, tool = 'gist-check'): string => `${JSON.stringify({ pid, host: os.hostname(), tool, since: '2026-11-25T09:41:00.000Z', token: 'theirs' })}\n`;

  it('is held by a running process touched lately, naming it; taken over once untouched for too long', async function () {
    // Our parent runs: a live process that is not this one.
    await plantLock(lockOf(process.ppid), 1000);
    await assert.rejects(FileLock.acquire(results, options), busy(new RegExp(`^gist-check is writing this results file \\(process ${process.ppid}, since \\d\\d:\\d\\d\\)`)));
    await plantLock(lockOf(process.ppid), STALE_AFTER_MS + 1000);
    const lock = await FileLock.acquire(results, options);
    const mine = JSON.parse(await readFile(lockFileFor(results, locks), 'utf8')) as { pid: number; tool: string };
    assert.equal(mine.pid, process.pid);
    assert.equal(mine.tool, 'gist-generate');
    await lock.release();
    assert.ok(!existsSync(lockFileFor(results, locks)), 'released: the lock file is gone');
  });

  it('is one per file: another results file of the same folder is not held by it', async function () {
    const first = await FileLock.acquire(results, options);
    const other = await FileLock.acquire(path.join(folder, 'people.haiku.gistrun.jsonl'), options);
    await assert.rejects(FileLock.acquire(path.join(folder, '.', 'people.welcome-email.gistrun.jsonl'), options), busy(/in this window/));
    await first.release();
    await other.release();
  });

  it('never shows what a lock file that is not one holds, and takes it over once it is old', async function () {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 300 }), fc.constant('x'.repeat(10_000)), fc.constant('{"pid":1,"host":"h","tool":"<a href=x>","since":"s"}')), async (text) => {
        await plantLock(text, 0);
        let shown = '';
        await assert.rejects(FileLock.acquire(results, options), (error: unknown) => {
          shown = isFileLockError(error) ? error.message : String(error);
          return isFileLockError(error) && error.kind === 'busy';
        });
        assert.equal(shown, 'Another run is starting to write this results file. Wait for it to finish, or cancel it there; then try again.');
        await plantLock(text, 60_000);
        await (await FileLock.acquire(results, options)).release();
      }),
      { numRuns: 40 },
    );
  });

  it('takes over the lock of a process that is gone, however recently it was touched', async function () {
    // A process id that runs nothing: beyond the kernel's largest.
    await plantLock(lockOf(2 ** 22 + 12_345, 'gist-generate'), 0);
    await (await FileLock.acquire(results, options)).release();
  });

  it('on release leaves a lock that another holder took over in place', async function () {
    const lock = await FileLock.acquire(results, options);
    // Taken over meanwhile (this holder was asleep past STALE_AFTER_MS, say).
    await writeFile(lockFileFor(results, locks), lockOf(process.ppid));
    await lock.release();
    assert.ok(existsSync(lockFileFor(results, locks)), 'the other holder keeps its lock');
  });

  it('refuses a lock folder that is not a folder of the user’s own', async function () {
    if (typeof process.getuid !== 'function') this.skip();
    const elsewhere = path.join(folder, 'elsewhere');
    await mkdir(elsewhere);
    await symlink(elsewhere, locks);
    await assert.rejects(FileLock.acquire(results, options), (error: unknown) => isFileLockError(error) && error.kind === 'unavailable' && /not a folder of your own/.test(error.message));
  });
});
