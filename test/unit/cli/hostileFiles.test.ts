// gist-check in a repository whose files are not what their names say: a test file or
// `.vscode/gists.json` that links to /dev/zero, a test file that links out of --root. Each makes
// gist-check stop with exit code 2 and the reason, at once: nothing is read whole (a link to
// /dev/zero read whole eats all memory). Run in a child process with a deadline, so a regression
// fails the test instead of the suite.
import { strict as assert } from 'node:assert';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { EXIT_COULD_NOT_RUN } from '../../../src/cli/checkCommand';
import { useCliFixture } from './cliFixture';

const TEST_FILE = JSON.stringify({ gist: 'echo', tests: [{ vars: { text: 'hi' }, assert: [{ type: 'contains', value: 'hi' }] }] });

describe('gist-check with hostile files', function () {
  const cli = useCliFixture('gist-check-files-');

  before(function () {
    if (process.platform === 'win32') this.skip();
  });

  it('a test file that links to /dev/zero: exit 2 with the reason, nothing run', async function () {
    symlinkSync('/dev/zero', path.join(cli.folder, 'zero.gisttest.json'));
    const ran = await cli.gistCheckInChild(['--base-url', cli.service.url]);
    assert.ok(ran !== undefined, 'gist-check did not end within its deadline: it read /dev/zero');
    assert.equal(ran.code, EXIT_COULD_NOT_RUN, ran.stdout + ran.stderr);
    assert.match(ran.stderr, /zero\.gisttest\.json:1:1: The test file cannot be read: it leads outside the workspace folder/);
    assert.match(ran.stderr, /gist-check: 1 problem in the test files: nothing was run/);
  });

  it('a test file that links to a test file outside --root: exit 2 with the reason', async function () {
    const root = path.join(cli.folder, 'repo');
    mkdirSync(root);
    writeFileSync(path.join(cli.folder, 'outside.gisttest.json'), TEST_FILE);
    symlinkSync(path.join(cli.folder, 'outside.gisttest.json'), path.join(root, 'linked.gisttest.json'));
    const ran = await cli.gistCheckInChild(['repo/*.gisttest.json', '--root', 'repo', '--base-url', cli.service.url]);
    assert.ok(ran !== undefined);
    assert.equal(ran.code, EXIT_COULD_NOT_RUN, ran.stdout + ran.stderr);
    assert.match(ran.stderr, /repo\/linked\.gisttest\.json:1:1: The test file cannot be read: it leads outside the workspace folder/);
  });

  it('.vscode/gists.json that links to /dev/zero: exit 2 with the reason, no call made', async function () {
    writeFileSync(path.join(cli.folder, 'greeting.gisttest.json'), TEST_FILE);
    mkdirSync(path.join(cli.folder, '.vscode'));
    symlinkSync('/dev/zero', path.join(cli.folder, '.vscode', 'gists.json'));
    const ran = await cli.gistCheckInChild(['--base-url', cli.service.url]);
    assert.ok(ran !== undefined, 'gist-check did not end within its deadline: it read /dev/zero');
    assert.equal(ran.code, EXIT_COULD_NOT_RUN, ran.stdout + ran.stderr);
    assert.match(ran.stderr, /^gist-check: \.vscode\/gists\.json cannot be read: it is \(or links to\) a device such as \/dev\/zero, not a regular file: replace it with a file, or remove it\.$/m);
    assert.doesNotMatch(ran.stdout, /✓|✗/, 'no test ran');
  });
});
