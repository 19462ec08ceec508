// One install at a time per cache directory: two test runs started together (two worktrees
// sharing GIST_TEST_CACHE_DIR, or a developer and a watcher) would otherwise race inside the same
// node_modules and break each other's native builds.
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

const POLL_MS = 1000;

function holderAlive(lockDir: string): boolean {
  try {
    const pid = Number(readFileSync(path.join(lockDir, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else. No pid file yet: just created.
    if ((error as NodeJS.ErrnoException).code === 'EPERM') return true;
    return !existsSync(path.join(lockDir, 'pid')) ? Date.now() - safeMtime(lockDir) < 10_000 : false;
  }
}

function safeMtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Runs `work` holding `<cacheDir>/install.lock`; waits (saying so) while another process holds it. */
export async function withInstallLock<T>(cacheDir: string, log: (line: string) => void, work: () => Promise<T>): Promise<T> {
  const lockDir = path.join(cacheDir, 'install.lock');
  await fs.mkdir(cacheDir, { recursive: true });
  let waitingSaid = false;
  for (;;) {
    try {
      await fs.mkdir(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!holderAlive(lockDir)) {
        // Left by a run that was killed mid-install.
        await fs.rm(lockDir, { recursive: true, force: true });
        continue;
      }
      if (!waitingSaid) {
        log(`Another test run is installing the VS Code server into ${cacheDir}; waiting for it …`);
        waitingSaid = true;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  try {
    await fs.writeFile(path.join(lockDir, 'pid'), String(process.pid));
    return await work();
  } finally {
    await fs.rm(lockDir, { recursive: true, force: true });
  }
}
