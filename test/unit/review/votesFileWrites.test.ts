// Votes files as reviewers in two windows and crashes leave them: two reviewers whose names share
// a readable form (no Latin letters, or only case and punctuation apart) each keep their own
// file and both count; a file a crash cut before its header line was whole does not swallow the
// votes after it; two appends racing on a new file write its header once. Through the lab's
// appendVotes and readVotesFiles only, as before these were fixed.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { appendVotes, readVotesFiles } from '../../../src/lab/votesFiles';
import type { VoteSource } from '../../../src/review/votes';
import { appendToVotesFile, lockVotesFile } from '../../../src/review/votesFileAppend';
import { votesFileName } from '../../../src/review/votesFileName';
import { voteEntry } from '../../../src/review/votesWriter';

const RESULTS = 'people.welcome-email.gistrun.jsonl';

function voteBy(reviewer: string, row: number, source: VoteSource = 'person'): ReturnType<typeof voteEntry> {
  return voteEntry({ row, sample: 1, left: { variant: 'formal', callId: `c${row}a` }, right: { variant: 'friendly', callId: `c${row}b` } }, 'left', { reviewer, source });
}

describe('votes files: crashes and reviewers that share a name’s form', function () {
  let dir: string;
  let results: string;

  beforeEach(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-votes-writes-'));
    results = path.join(dir, RESULTS);
    writeFileSync(results, '');
  });

  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  const counted = async (): Promise<Record<string, number>> =>
    Object.fromEntries((await readVotesFiles(results)).files.map((file) => [`${file.header.source}:${file.header.reviewer}`, file.entries.length]));

  it('keeps each reviewer’s votes apart when their names read alike in a file name, and counts all of them', async function () {
    const reviewers = ['李明', 'Иван', 'Ada Lovelace', 'ada.lovelace', 'ADA LOVELACE'];
    for (const [index, reviewer] of reviewers.entries()) {
      await appendVotes(results, reviewer, 'person', [voteBy(reviewer, index + 1)]);
      await appendVotes(results, reviewer, 'person', [voteBy(reviewer, index + 10)]);
    }
    // A judge whose model name reads like a person's.
    await appendVotes(results, 'Ada Lovelace', 'judge', [voteBy('Ada Lovelace', 30, 'judge')], { instruction: 'Which is better?' });
    assert.deepEqual(await counted(), { ...Object.fromEntries(reviewers.map((reviewer) => [`person:${reviewer}`, 2])), 'judge:Ada Lovelace': 1 });
    assert.deepEqual((await readVotesFiles(results)).problems, []);
  });

  it('does not let a file a crash cut before its header line was whole swallow the votes after it', async function () {
    for (const cut of ['', '{"type":"header","format":"gist-vo']) {
      rmSync(path.join(dir, votesFileName(RESULTS, 'Ada', 'person')), { force: true });
      writeFileSync(path.join(dir, votesFileName(RESULTS, 'Ada', 'person')), cut);
      await appendVotes(results, 'Ada', 'person', [voteBy('Ada', 1)]);
      await appendVotes(results, 'Ada', 'person', [voteBy('Ada', 2)]);
      assert.deepEqual(await counted(), { 'person:Ada': 2 }, JSON.stringify(cut));
      const files = readdirSync(dir).filter((name) => name.includes('.votes.jsonl'));
      // The cut file is kept aside (under a name no reader takes for a votes file), never deleted.
      assert.ok(files.some((name) => /\.votes\.jsonl\.cut-/.test(name) && readFileSync(path.join(dir, name), 'utf8') === cut), files.join(', '));
      for (const name of files.filter((each) => each.includes('.cut-'))) rmSync(path.join(dir, name));
    }
  });

  it('writes a new file’s header once when two windows vote on it at the same moment', async function () {
    await Promise.all([appendVotes(results, 'Ada', 'person', [voteBy('Ada', 1)]), appendVotes(results, 'Ada', 'person', [voteBy('Ada', 2)]), appendVotes(results, 'Ada', 'person', [voteBy('Ada', 3)])]);
    const text = readFileSync(path.join(dir, votesFileName(RESULTS, 'Ada', 'person')), 'utf8');
    assert.equal(text.split('\n').filter((line) => line.includes('"type":"header"')).length, 1, text);
    assert.deepEqual(await counted(), { 'person:Ada': 3 });
    assert.deepEqual((await readVotesFiles(results)).problems, []);
  });

  it('refuses to write into a votes file of another reviewer, or into a file that is not a votes file, and leaves it as it is', async function () {
    await appendVotes(results, 'Grace', 'person', [voteBy('Grace', 1)]);
    const graces = readFileSync(path.join(dir, votesFileName(RESULTS, 'Grace', 'person')), 'utf8');
    // Ada's file holds Grace's header (copied by hand, or planted in a repository).
    writeFileSync(path.join(dir, votesFileName(RESULTS, 'Ada', 'person')), graces);
    await assert.rejects(appendVotes(results, 'Ada', 'person', [voteBy('Ada', 2)]), /holds the votes of the person "Grace", not of the person "Ada"\. Move it away, then try again\./);
    assert.equal(readFileSync(path.join(dir, votesFileName(RESULTS, 'Ada', 'person')), 'utf8'), graces);
    writeFileSync(path.join(dir, votesFileName(RESULTS, 'Ada', 'person')), 'not a header\n');
    await assert.rejects(appendVotes(results, 'Ada', 'person', [voteBy('Ada', 2)]), /is not a votes file this version reads/);
    assert.equal(readFileSync(path.join(dir, votesFileName(RESULTS, 'Ada', 'person')), 'utf8'), 'not a header\n');
  });

  it('holds a judge’s file for its whole run: another judge of it is told who holds it, and no line goes under another instruction', async function () {
    const judgeFile = path.join(dir, votesFileName(RESULTS, 'test-judge', 'judge'));
    const header = (instruction: string): Parameters<typeof appendToVotesFile>[0]['header'] => ({ results: RESULTS, reviewer: 'test-judge', source: 'judge', createdAt: new Date().toISOString(), instruction });
    const held = await lockVotesFile(judgeFile);
    try {
      await assert.rejects(lockVotesFile(judgeFile, 0), (error: unknown) => error instanceof Error && (error as { kind?: string }).kind === 'busy' && /A run in this window is writing this votes file already/.test(error.message));
      // A person's own file is not held up by it.
      await appendVotes(results, 'Ada', 'person', [voteBy('Ada', 1)]);
      await appendToVotesFile({ file: judgeFile, header: header('Prefer the warmer text.'), entries: [voteBy('test-judge', 1, 'judge')], lock: held });
    } finally {
      await held.release();
    }
    // A judge of another window that chose its instruction before this file existed.
    await assert.rejects(appendToVotesFile({ file: judgeFile, header: header('Prefer the shorter text.'), entries: [voteBy('test-judge', 2, 'judge')] }), /started meanwhile with another instruction/);
    assert.deepEqual(await counted(), { 'person:Ada': 1, 'judge:test-judge': 1 });
  });
});
