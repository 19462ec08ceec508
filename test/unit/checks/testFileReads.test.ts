// A test file is workspace content, and so is what it is: a `*.gisttest.json` that links to
// /dev/zero, is a named pipe, or links to a file outside the workspace is refused with a problem at
// once, never read (the first grew the extension host to 10 GB in 30 s; the second waited forever).
// The reads that would hang or eat memory when this is wrong run in a child process with a deadline.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadTestFile } from '../../../src/checks/testFileLoad';
import { MAX_TEST_FILE_BYTES } from '../../../src/expectations/checkLimits';
import { callInChild } from '../support/childCall';

const LOADER = require.resolve('../../../src/checks/testFileLoad');
const TEST_FILE = JSON.stringify({ gist: 'echo', tests: [{ vars: { text: 'hi' }, assert: [{ type: 'contains', value: 'hi' }] }] });

interface Loaded {
  readonly tests: readonly unknown[];
  readonly problems: ReadonlyArray<{ readonly message: string }>;
}

describe('test files that are not plain files of the workspace', function () {
  let base: string;
  let root: string;

  before(function () {
    if (process.platform === 'win32') this.skip();
  });

  beforeEach(function () {
    base = mkdtempSync(path.join(os.tmpdir(), 'gist-testfile-reads-'));
    root = path.join(base, 'repo');
    mkdirSync(root);
  });

  afterEach(function () {
    rmSync(base, { recursive: true, force: true });
  });

  async function loadInChild(file: string): Promise<Loaded> {
    const call = await callInChild(LOADER, 'loadTestFile', [file, { root }]);
    assert.equal(call.timedOut, false, `the read did not come back within ${call.ms} ms: it read the file (or waited on it)`);
    assert.equal(call.error, undefined);
    return call.value as Loaded;
  }

  it('a link to /dev/zero: refused at once with a problem, nothing read', async function () {
    const file = path.join(root, 'zero.gisttest.json');
    symlinkSync('/dev/zero', file);
    const loaded = await loadInChild(file);
    assert.equal(loaded.tests.length, 0);
    assert.equal(loaded.problems.length, 1);
    assert.match(loaded.problems[0]!.message, /^The test file cannot be read: it leads outside the workspace folder/);
  });

  it('a named pipe (FIFO) in the workspace: refused at once, never waited on', async function () {
    const file = path.join(root, 'pipe.gisttest.json');
    execFileSync('mkfifo', [file]);
    const loaded = await loadInChild(file);
    assert.equal(loaded.problems.length, 1);
    assert.match(loaded.problems[0]!.message, /^The test file cannot be read: it is \(or links to\) a named pipe \(FIFO\), not a regular file: replace it with a file, or remove it\.$/);
  });

  it('a link to a test file outside the workspace: refused, its tests not used', async function () {
    writeFileSync(path.join(base, 'outside.gisttest.json'), TEST_FILE);
    const file = path.join(root, 'linked.gisttest.json');
    symlinkSync(path.join(base, 'outside.gisttest.json'), file);
    const loaded = await loadTestFile(file, { root });
    assert.equal(loaded.tests.length, 0);
    assert.equal(loaded.problems.length, 1);
    assert.match(loaded.problems[0]!.message, /leads outside the workspace folder/);
  });

  it('a link to a test file inside the workspace is read as the file', async function () {
    mkdirSync(path.join(root, 'shared'));
    writeFileSync(path.join(root, 'shared', 'real.gisttest.json'), TEST_FILE);
    const file = path.join(root, 'linked.gisttest.json');
    symlinkSync(path.join('shared', 'real.gisttest.json'), file);
    const loaded = await loadTestFile(file, { root });
    assert.deepEqual(loaded.problems, []);
    assert.equal(loaded.tests.length, 1);
  });

  it('a file over the cap: refused with the limit, not read (1 GiB, sparse)', async function () {
    const file = path.join(root, 'huge.gisttest.json');
    writeFileSync(file, '');
    truncateSync(file, 1024 * 1024 * 1024);
    const loaded = await loadInChild(file);
    assert.equal(loaded.problems.length, 1);
    assert.match(loaded.problems[0]!.message, new RegExp(`^This test file has 1,048,576 KiB, over the limit of ${MAX_TEST_FILE_BYTES / 1024} KiB`));
  });
});
