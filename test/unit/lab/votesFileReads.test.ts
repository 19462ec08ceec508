// The votes files beside a results file come from a repository: how many there are, what they are
// and how large they are is hostile. A file reached through twenty links is read once (one file of
// 200,000 votes and 20 links to it took 43 s and 2 GiB of heap on the extension host); a link to
// /dev/zero, a named pipe or a link out of the results file's folder is refused without being read;
// past the caps on files and bytes the rest are left out, and the problems say so. The reads that
// hang or eat memory when this is wrong run in a child process with a deadline.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { JudgeVotesFile } from '../../../src/judge/judgeVotesFile';
import { readVotesFiles, type ReadVotes } from '../../../src/lab/votesFiles';
import type { VoteSource } from '../../../src/review/votes';
import { votesFileName } from '../../../src/review/votesFileName';
import { formatVotesEntry, formatVotesHeader, voteEntry } from '../../../src/review/votesWriter';
import { callInChild } from '../support/childCall';

const RESULTS = 'people.welcome-email.gistrun.jsonl';
const VOTES_MODULE = require.resolve('../../../src/lab/votesFiles');
const JUDGE_MODULE = require.resolve('../../../src/judge/judgeVotesFile');

function votesText(reviewer: string, votes: number, source: VoteSource = 'person'): string {
  let text = formatVotesHeader({ results: RESULTS, reviewer, source, createdAt: '2025-01-01T00:00:00.000Z', ...(source === 'judge' ? { instruction: 'Which is better?' } : {}) });
  for (let row = 1; row <= votes; row++) {
    text += formatVotesEntry(voteEntry({ row, sample: 1, left: { variant: 'formal', callId: `c${row}a` }, right: { variant: 'friendly', callId: `c${row}b` } }, 'left', { reviewer, source }));
  }
  return text;
}

describe('votes files that are not plain files of the results’ folder', function () {
  let base: string;
  let dir: string;
  let results: string;

  before(function () {
    if (process.platform === 'win32') this.skip();
  });

  beforeEach(function () {
    base = mkdtempSync(path.join(os.tmpdir(), 'gist-votes-reads-'));
    dir = path.join(base, 'runs');
    mkdirSync(dir);
    results = path.join(dir, RESULTS);
    writeFileSync(results, '');
  });

  afterEach(function () {
    rmSync(base, { recursive: true, force: true });
  });

  function votesPath(reviewer: string, source: VoteSource = 'person'): string {
    return path.join(dir, votesFileName(RESULTS, reviewer, source));
  }

  async function readInChild(): Promise<ReadVotes> {
    const call = await callInChild(VOTES_MODULE, 'readVotesFiles', [results]);
    assert.equal(call.timedOut, false, `the votes files were not read within ${call.ms} ms: one was read whole (or waited on)`);
    assert.equal(call.error, undefined);
    return call.value as ReadVotes;
  }

  it('twenty links to one votes file: its votes are read and counted once, and the links are named', async function () {
    writeFileSync(votesPath('Ada'), votesText('Ada', 3));
    for (let link = 1; link <= 20; link++) symlinkSync(path.basename(votesPath('Ada')), votesPath(`Ada ${link}`));
    const read = await readVotesFiles(results);
    assert.equal(read.files.length, 1, 'one file, however many names lead to it');
    assert.equal(read.files[0]!.entries.length, 3);
    assert.equal(read.problems.length, 1, 'the links are named in one line');
    assert.match(read.problems[0]!, /^people\.welcome-email\.gistrun\.ada-[0-9a-f-]+\.votes\.jsonl is also reached through 20 links \(people\.welcome-email\.gistrun\.ada-[0-9a-f-]+\.votes\.jsonl, .+ and 17 more\): its votes are counted once\.$/);
  });

  it('a votes file that links to /dev/zero is refused at once, the others read', async function () {
    writeFileSync(votesPath('Ada'), votesText('Ada', 2));
    symlinkSync('/dev/zero', votesPath('Zero'));
    const read = await readInChild();
    assert.equal(read.files.length, 1);
    assert.equal(read.problems.length, 1);
    assert.match(read.problems[0]!, /zero-[0-9a-f]{8}\.votes\.jsonl is not read: it leads outside the results file’s folder/);
  });

  it('a named pipe (FIFO) named as a votes file is refused at once, never waited on', async function () {
    execFileSync('mkfifo', [votesPath('Pipe')]);
    const read = await readInChild();
    assert.equal(read.files.length, 0);
    assert.match(read.problems[0] ?? '', /pipe-[0-9a-f]{8}\.votes\.jsonl is not read: it is \(or links to\) a named pipe \(FIFO\), not a regular file/);
  });

  it('a link to a votes file outside the results file’s folder is refused', async function () {
    writeFileSync(path.join(base, 'elsewhere.votes.jsonl'), votesText('Mallory', 2));
    symlinkSync(path.join(base, 'elsewhere.votes.jsonl'), votesPath('Mallory'));
    const read = await readVotesFiles(results);
    assert.equal(read.files.length, 0);
    assert.match(read.problems[0] ?? '', /mallory-[0-9a-f]{8}\.votes\.jsonl is not read: it leads outside the results file’s folder/);
  });

  it('past the cap on files, the rest are left out and counted', async function () {
    for (const reviewer of ['A', 'B', 'C', 'D', 'E']) writeFileSync(votesPath(reviewer), votesText(reviewer, 1));
    const read = await readVotesFiles(results, { files: 3 });
    assert.equal(read.files.length, 3);
    assert.equal(read.problems.length, 1);
    assert.match(read.problems[0]!, /^2 more votes files are not read \(.+\): at most 3 are read for one results file\. Move the votes files no longer needed out of this folder\.$/);
  });

  it('past the cap on bytes together, the file that would go over it is left out and named', async function () {
    writeFileSync(votesPath('A'), votesText('A', 20));
    writeFileSync(votesPath('B'), votesText('B', 20));
    const names = [votesPath('A'), votesPath('B')].sort();
    const first = statSync(names[0]!).size;
    const read = await readVotesFiles(results, { bytes: first + 100 });
    assert.equal(read.files.length, 1);
    assert.equal(read.problems.length, 1);
    const second = path.basename(names[1]!).replace(/\./g, '\\.');
    assert.match(read.problems[0]!, new RegExp(`^${second} is not read: the votes files of one results file are read up to [\\d,]+ KiB together, and the ones before it took [\\d,]+ KiB\\. Move the votes files no longer needed out of this folder\\.$`));
  });

  it('the judge’s own votes file: a link to /dev/zero or a named pipe is refused at once', async function () {
    const model = 'test-model';
    symlinkSync('/dev/zero', JudgeVotesFile.pathFor(results, model));
    const zero = await callInChild(JUDGE_MODULE, 'JudgeVotesFile.open', [results, model]);
    assert.equal(zero.timedOut, false, `not refused within ${zero.ms} ms`);
    assert.deepEqual(zero.value, { ok: false, problem: `${path.basename(JudgeVotesFile.pathFor(results, model))} cannot be read: it leads outside the results file’s folder (a symbolic link?), and only files inside it are read: copy the file there instead of linking to it. Move it away to judge again.` });
    rmSync(JudgeVotesFile.pathFor(results, model));
    execFileSync('mkfifo', [JudgeVotesFile.pathFor(results, model)]);
    const pipe = await callInChild(JUDGE_MODULE, 'JudgeVotesFile.open', [results, model]);
    assert.equal(pipe.timedOut, false, `not refused within ${pipe.ms} ms`);
    assert.match((pipe.value as { problem?: string }).problem ?? '', /cannot be read: it is \(or links to\) a named pipe \(FIFO\), not a regular file: replace it with a file, or remove it\. Move it away to judge again\.$/);
  });
});

describe('whose votes a votes file holds', function () {
  let dir: string;
  let results: string;

  beforeEach(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-votes-identity-'));
    results = path.join(dir, RESULTS);
    writeFileSync(results, '');
  });

  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  const votesPath = (reviewer: string, source: VoteSource = 'person'): string => path.join(dir, votesFileName(RESULTS, reviewer, source));

  it('a file named for one reviewer whose header claims another is refused with the reason, and the other’s own file counts alone', async function () {
    writeFileSync(votesPath('Grace'), votesText('Grace', 3));
    // Named as Ada's file, but its header and lines say Grace: it would add to (or reverse) Grace's votes.
    writeFileSync(votesPath('Ada'), votesText('Grace', 5));
    const read = await readVotesFiles(results);
    assert.deepEqual(
      read.files.map((file) => [file.header.reviewer, file.entries.length]),
      [['Grace', 3]],
    );
    assert.equal(read.problems.length, 1, read.problems.join('\n'));
    assert.match(read.problems[0]!, /^people\.welcome-email\.gistrun\.ada-[0-9a-f]{8}\.votes\.jsonl is not counted: its header says it holds the votes of the reviewer "Grace", but it is not named as that reviewer's votes file \(people\.welcome-email\.gistrun\.grace-[0-9a-f]{8}\.votes\.jsonl\)/);
  });

  it('a lookalike, another case or another Unicode form of a name is another reviewer: a file named for it is refused', async function () {
    writeFileSync(votesPath('Zoë'), votesText('Zoë', 2));
    for (const lookalike of ['Zoe\u0308', 'zoë', 'Ζoë']) writeFileSync(votesPath(lookalike), votesText('Zoë', 4));
    const read = await readVotesFiles(results);
    assert.deepEqual(read.files.map((file) => [file.header.reviewer, file.entries.length]), [['Zoë', 2]]);
    assert.equal(read.problems.filter((problem) => problem.includes('is not counted: its header says it holds the votes of the reviewer "Zoë"')).length, 3, read.problems.join('\n'));
  });

  it('a link named for another reviewer does not take a file’s votes: they count once, under the file’s own name', async function () {
    if (process.platform === 'win32') this.skip();
    writeFileSync(votesPath('Grace'), votesText('Grace', 3));
    symlinkSync(path.basename(votesPath('Grace')), votesPath('Ada'));
    const read = await readVotesFiles(results);
    assert.deepEqual(read.files.map((file) => [file.header.reviewer, file.entries.length]), [['Grace', 3]]);
    assert.deepEqual(read.counted.map((file) => file.file), [path.basename(votesPath('Grace'))]);
  });

  it('says whose votes it counted from which file, people’s and judges’', async function () {
    writeFileSync(votesPath('Ada'), votesText('Ada', 2));
    writeFileSync(votesPath('GPT-4o', 'judge'), votesText('GPT-4o', 3, 'judge'));
    const read = await readVotesFiles(results);
    assert.deepEqual(
      [...read.counted].sort((a, b) => a.reviewer.localeCompare(b.reviewer)),
      [
        { file: path.basename(votesPath('Ada')), reviewer: 'Ada', source: 'person', lines: 2 },
        { file: path.basename(votesPath('GPT-4o', 'judge')), reviewer: 'GPT-4o', source: 'judge', lines: 3 },
      ],
    );
    assert.deepEqual(read.problems, []);
  });

  it('the judge’s own file whose header is another judge’s is refused through the same reader', async function () {
    writeFileSync(votesPath('GPT-4o', 'judge'), votesText('gpt-4o', 3, 'judge'));
    const opened = await JudgeVotesFile.open(results, 'GPT-4o');
    assert.equal(opened.ok, false);
    assert.match(opened.ok ? '' : opened.problem, /holds the votes of the judge "gpt-4o", not of "GPT-4o"/);
  });
});
