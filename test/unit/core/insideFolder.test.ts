// Paths a workspace file names stay inside their folder: `..` segments, absolute paths and
// symbolic links that lead out are outside; a name that merely starts with two dots is inside.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isInsideFolder, resolvesInsideFolder } from '../../../src/shared/insideFolder';

describe('inside a folder', function () {
  it('by path: the folder itself and what is under it, not its parent, a sibling or another root', function () {
    const root = path.resolve('/w/repo');
    assert.ok(isInsideFolder(root, root));
    assert.ok(isInsideFolder(root, path.join(root, 'data', 'people.csv')));
    assert.ok(isInsideFolder(root, path.join(root, '..people.csv')), 'a name that starts with two dots');
    assert.ok(!isInsideFolder(root, path.resolve(root, '..')));
    assert.ok(!isInsideFolder(root, path.resolve(root, '../repo-other/people.csv')));
    assert.ok(!isInsideFolder(root, path.resolve(root, `${'../'.repeat(12)}etc/passwd`)));
  });

  it('by real path: a symbolic link inside that leads out is outside', async function () {
    const base = mkdtempSync(path.join(os.tmpdir(), 'gist-inside-'));
    try {
      const root = path.join(base, 'repo');
      mkdirSync(root);
      writeFileSync(path.join(base, 'secret.txt'), 'x');
      writeFileSync(path.join(root, 'people.csv'), 'name\nAda\n');
      symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'link.csv'));
      assert.equal(await resolvesInsideFolder(root, path.join(root, 'people.csv')), true);
      assert.equal(await resolvesInsideFolder(root, path.join(root, 'link.csv')), false);
      await assert.rejects(resolvesInsideFolder(root, path.join(root, 'missing.csv')));
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
