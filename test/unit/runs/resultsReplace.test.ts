// "Run and Save Results" and gist-check --results replace a results file with each run's. They
// truncated it before the run had a single result: a run stopped at its first call (a 401, a
// cancel) or a crash left a header where the earlier results were (audit). Replacing when closed,
// the earlier file stays until the new one is whole and holds a result.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { isResultsFileError } from '../../../src/runs/resultsFileError';
import { lineText } from '../../../src/runs/resultsText';
import { ResultsWriter } from '../../../src/runs/resultsWriter';
import { header, result } from './resultsSamples';

describe('results file: replaced when the new one is whole', function () {
  let folder: string;
  let file: string;
  let earlier: string;

  beforeEach(async function () {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gist-results-replace-'));
    file = path.join(folder, 'welcome.gisttest.gistrun.jsonl');
    earlier = [lineText(header(), []), lineText(result(1, 'formal', 1), []), lineText(result(2, 'formal', 1), [])].join('');
    await writeFile(file, earlier);
  });

  afterEach(async function () {
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps the earlier file while the run writes, and puts the new one in its place when closed', async function () {
    const writer = await ResultsWriter.create(file, header({ gist: 'haiku' }), { secrets: [], overwrite: true, replaceWhenClosed: true });
    writer.append(result(1, 'formal', 1));
    await writer.flushed();
    assert.equal(await readFile(file, 'utf8'), earlier, 'the earlier results, while the run goes on');
    await assert.rejects(ResultsWriter.create(file, header(), { secrets: [], overwrite: true }), (error: unknown) => isResultsFileError(error) && (error as { kind: string }).kind === 'busy');
    await writer.close();
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0] ?? '', /"gist":"haiku"/);
    assert.deepEqual(await readdir(folder), [path.basename(file)], 'nothing left beside it');
  });

  it('keeps the earlier results when the run ends before its first result (a 401, a cancel)', async function () {
    const writer = await ResultsWriter.create(file, header({ gist: 'haiku' }), { secrets: [], overwrite: true, replaceWhenClosed: true });
    await writer.close();
    assert.equal(await readFile(file, 'utf8'), earlier);
    assert.deepEqual(await readdir(folder), [path.basename(file)]);
  });

  it('keeps the earlier results when the process dies in the middle (a crash)', async function () {
    const writerModule = path.resolve(__dirname, '..', '..', '..', 'src', 'runs', 'resultsWriter.js');
    const lockFolder = path.join(folder, 'locks');
    const child = spawnSync(
      process.execPath,
      [
        '-e',
        `const { ResultsWriter } = require(${JSON.stringify(writerModule)});
(async () => {
  const writer = await ResultsWriter.create(${JSON.stringify(file)}, ${JSON.stringify(header({ gist: 'haiku' }))}, { secrets: [], overwrite: true, replaceWhenClosed: true, lock: { folder: ${JSON.stringify(lockFolder)} } });
  writer.append(${JSON.stringify(result(1, 'formal', 1))});
  await writer.flushed();
  process.kill(process.pid, 'SIGKILL');
})();`,
      ],
      { timeout: 30_000 },
    );
    assert.equal(child.signal, 'SIGKILL', child.stderr.toString());
    assert.equal(await readFile(file, 'utf8'), earlier);
  });

  it('writes a new file in place when there was none', async function () {
    await rm(file);
    const writer = await ResultsWriter.create(file, header(), { secrets: [], overwrite: true, replaceWhenClosed: true });
    writer.append(result(1, 'formal', 1));
    await writer.close();
    assert.equal((await readFile(file, 'utf8')).trim().split('\n').length, 2);
  });
});
