// One writer per results file, across windows and processes: while a run writes a results file,
// another writer of the same file (a second window's new run or resume, a Test Explorer run that
// saves, gist-check) is refused with who holds it, even with `overwrite`, and the file stays as
// the first writer makes it; once the holder closes, or dies without closing (a crash), the
// file can be written again. Only ResultsWriter's own API is used here, as before the lock.
import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { isResultsFileError } from '../../../src/runs/resultsFileError';
import { lineText } from '../../../src/runs/resultsText';
import { ResultsWriter } from '../../../src/runs/resultsWriter';
import { header, result } from './resultsSamples';

/** Whether `error` is the refusal of a file another run writes, whose message matches `message`. */
function refusedAsBusy(message: RegExp): (error: unknown) => boolean {
  return (error) => {
    assert.ok(isResultsFileError(error), String(error));
    assert.equal((error as { kind: string }).kind, 'busy', error.message);
    assert.match(error.message, message);
    return true;
  };
}

/** A Node process that opens `file` with a ResultsWriter, writes two results and holds it open until killed. */
async function writerInAnotherProcess(file: string): Promise<ChildProcess> {
  const script = path.join(path.dirname(file), 'holder.js');
  const writerModule = path.resolve(__dirname, '..', '..', '..', 'src', 'runs', 'resultsWriter.js');
  await writeFile(
    script,
    `const { ResultsWriter } = require(${JSON.stringify(writerModule)});
(async () => {
  const writer = await ResultsWriter.create(${JSON.stringify(file)}, ${JSON.stringify(header())}, { secrets: [], overwrite: true });
  writer.append(${JSON.stringify(result(1, 'formal', 1))});
  writer.append(${JSON.stringify(result(1, 'formal', 2))});
  await writer.flushed();
  process.stdout.write('holding\\n');
  setInterval(() => undefined, 60_000);
})().catch((error) => { process.stderr.write(String(error)); process.exit(3); });
`,
  );
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => (chunk.toString().includes('holding') ? resolve() : undefined));
    child.once('exit', (code) => reject(new Error(`the holder exited ${String(code)}: ${stderr}`)));
  });
  return child;
}

describe('results file: one writer at a time', function () {
  let folder: string;
  let file: string;
  let holder: ChildProcess | undefined;

  beforeEach(async function () {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gist-results-alone-'));
    file = path.join(folder, 'people.welcome-email.gistrun.jsonl');
    holder = undefined;
  });

  afterEach(async function () {
    if (holder !== undefined && holder.exitCode === null && holder.signalCode === null) {
      const exited = once(holder, 'exit');
      holder.kill('SIGKILL');
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  });

  it('refuses a second writer of a file this process writes, even with overwrite, and takes it once the first closed', async function () {
    const first = await ResultsWriter.create(file, header(), { secrets: [] });
    first.append(result(1, 'formal', 1));
    await first.flushed();
    const written = await readFile(file, 'utf8');
    await assert.rejects(ResultsWriter.create(file, header({ gist: 'haiku' }), { secrets: [], overwrite: true }), refusedAsBusy(/in this window is writing this results file/));
    await assert.rejects(ResultsWriter.reopen(file, { secrets: [] }), refusedAsBusy(/in this window/));
    assert.equal(await readFile(file, 'utf8'), written, 'the refused writers changed nothing');
    first.append(result(1, 'formal', 2));
    await first.close();
    const again = await ResultsWriter.reopen(file, { secrets: [] });
    again.append(result(2, 'formal', 1));
    await again.close();
    assert.equal(await readFile(file, 'utf8'), [header(), result(1, 'formal', 1), result(1, 'formal', 2), result(2, 'formal', 1)].map((line) => lineText(line, [])).join(''));
  });

  it('refuses a writer while another process writes the file, naming that process, and takes the file over once it died without closing', async function () {
    this.timeout(20_000);
    holder = await writerInAnotherProcess(file);
    const written = await readFile(file, 'utf8');
    assert.equal(written.split('\n').length, 4, 'the header and two results, then the end');
    await assert.rejects(ResultsWriter.create(file, header({ gist: 'haiku' }), { secrets: [], overwrite: true }), refusedAsBusy(new RegExp(`Another VS Code window is writing this results file \\(process ${String(holder.pid)}, since \\d\\d:\\d\\d\\)\\. Wait for it to finish, or cancel it there; then try again\\.`)));
    await assert.rejects(ResultsWriter.reopen(file, { secrets: [] }), refusedAsBusy(new RegExp(`process ${String(holder.pid)}`)));
    assert.equal(await readFile(file, 'utf8'), written, 'not truncated, not appended to');
    // A crash: the holder never closes its writer, and its lock stays behind.
    const exited = once(holder, 'exit');
    holder.kill('SIGKILL');
    await exited;
    const after = await ResultsWriter.reopen(file, { secrets: [] });
    after.append(result(2, 'formal', 1));
    await after.close();
    assert.equal((await readFile(file, 'utf8')).split('\n').length, 5);
  });
});
