// gist-check --results on a file another run is writing (a VS Code window, another gist-check): it
// does not truncate or append to it and calls nothing for that file; it says who writes it and
// exits 2 (could not run). Once that run is over, the same command writes the file.
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EXIT_COULD_NOT_RUN, EXIT_PASSED } from '../../../src/cli/checkCommand';
import { defaultLockFolder, lockFileFor } from '../../../src/shared/fileLock';
import { useCliFixture } from './cliFixture';

describe('gist-check: a results file another run is writing', function () {
  const cli = useCliFixture('gist-check-in-use-');
  let lock: string;

  beforeEach(function () {
    lock = lockFileFor(path.join(cli.folder, 'out', 'echo.gistrun.jsonl'), defaultLockFolder());
  });
  afterEach(function () {
    rmSync(lock, { force: true });
  });

  it('leaves it alone, calls nothing, says who writes it and exits 2; writes it once that run is over', async function () {
    writeFileSync(path.join(cli.folder, 'echo.gisttest.json'), JSON.stringify({ gist: 'echo', variants: ['plain'], tests: [{ vars: { text: 'Hello Ada' }, assert: [{ type: 'contains', value: 'Ada' }] }] }));
    mkdirSync(path.join(cli.folder, 'out'));
    const theirs = 'a run of another window\n';
    writeFileSync(path.join(cli.folder, 'out', 'echo.gistrun.jsonl'), theirs);
    // A VS Code window (our parent process stands in for it: it runs) holds the file, touched just now.
    mkdirSync(path.dirname(lock), { recursive: true, mode: 0o700 });
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: os.hostname(), tool: 'gist-generate', since: new Date().toISOString(), token: 'theirs' }));
    const now = new Date();
    utimesSync(lock, now, now);
    const before = cli.service.calls().length;
    const refused = await cli.gistCheck(['echo.gisttest.json', '--base-url', cli.service.url, '--results', 'out/echo.gistrun.jsonl']);
    assert.equal(refused.code, EXIT_COULD_NOT_RUN, refused.stdout + refused.stderr);
    assert.match(refused.stderr + refused.stdout, new RegExp(`out/echo\\.gistrun\\.jsonl: Another VS Code window is writing this results file \\(process ${process.ppid}, since \\d\\d:\\d\\d\\)`));
    assert.equal(cli.service.calls().length, before, 'nothing was called');
    assert.equal(readFileSync(path.join(cli.folder, 'out', 'echo.gistrun.jsonl'), 'utf8'), theirs, 'neither truncated nor appended to');

    rmSync(lock);
    const ran = await cli.gistCheck(['echo.gisttest.json', '--base-url', cli.service.url, '--results', 'out/echo.gistrun.jsonl']);
    assert.equal(ran.code, EXIT_PASSED, ran.stdout + ran.stderr);
    assert.match(readFileSync(path.join(cli.folder, 'out', 'echo.gistrun.jsonl'), 'utf8'), /^\{"type":"header"/);
    assert.ok(!existsSync(lock), 'gist-check released its lock');
  });
});
