// A file replaced whole or not at all (an export over a file the user agreed to replace, a new
// votes file): a failure or a crash half-way leaves the file as it was, and no temporary file.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeWholeFile } from '../../../src/shared/wholeFile';

describe('writeWholeFile', function () {
  let dir: string;
  let file: string;
  beforeEach(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-whole-'));
    file = path.join(dir, 'export.csv');
    writeFileSync(file, 'the earlier export\n');
  });
  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  it('replaces the file with everything written, in writes larger than one line', async function () {
    const lines = Array.from({ length: 5000 }, (_, index) => `row ${index},${'x'.repeat(30)}\n`);
    const count = await writeWholeFile(file, async (append) => {
      for (const line of lines) await append(line);
      return lines.length;
    });
    assert.equal(count, 5000);
    assert.equal(readFileSync(file, 'utf8'), lines.join(''));
    assert.deepEqual(readdirSync(dir), ['export.csv']);
  });

  it('leaves the file as it was, and nothing beside it, when the writing fails half-way', async function () {
    await assert.rejects(
      writeWholeFile(file, async (append) => {
        for (let index = 0; index < 10_000; index++) await append(`row ${index}\n`);
        throw new Error('the results file became unreadable');
      }),
      /unreadable/,
    );
    assert.equal(readFileSync(file, 'utf8'), 'the earlier export\n');
    assert.deepEqual(readdirSync(dir), ['export.csv']);
  });

  it('leaves the file as it was when the process dies half-way (a crash)', function () {
    const module = path.join(__dirname, '..', '..', '..', 'src', 'shared', 'wholeFile.js');
    const child = spawnSync(
      process.execPath,
      ['-e', `require(${JSON.stringify(module)}).writeWholeFile(${JSON.stringify(file)}, async (append) => { for (let i = 0; i < 100000; i++) await append('row ' + i + '\\n'); process.kill(process.pid, 'SIGKILL'); })`],
      { timeout: 30_000 },
    );
    assert.equal(child.signal, 'SIGKILL');
    assert.equal(readFileSync(file, 'utf8'), 'the earlier export\n');
  });
});
