import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { withInstallLock } from '../../../tools/vscodeServer/installLock';

describe('harness install lock', () => {
  const quiet = (): void => undefined;

  it('runs two installs one after the other, never together', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gist-lock-'));
    const events: string[] = [];
    const work = (name: string) => async (): Promise<void> => {
      events.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push(`${name} end`);
    };
    await Promise.all([withInstallLock(dir, quiet, work('a')), withInstallLock(dir, quiet, work('b'))]);
    // Either may win the lock; the other starts only after the winner ended.
    const first = events[0]?.split(' ')[0];
    const second = first === 'a' ? 'b' : 'a';
    assert.deepEqual(events, [`${first} start`, `${first} end`, `${second} start`, `${second} end`]);
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gist-lock-'));
    mkdirSync(path.join(dir, 'install.lock'));
    // A pid far above Linux's pid_max, so no process has it.
    writeFileSync(path.join(dir, 'install.lock', 'pid'), '99999999');
    assert.equal(await withInstallLock(dir, quiet, () => Promise.resolve('ran')), 'ran');
  });

  it('releases the lock when the install fails', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gist-lock-'));
    await assert.rejects(withInstallLock(dir, quiet, () => Promise.reject(new Error('npm failed'))), /npm failed/);
    assert.equal(await withInstallLock(dir, quiet, () => Promise.resolve('again')), 'again');
  });
});
