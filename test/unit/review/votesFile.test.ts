// The votes file: what we write we read back; several reviewers' files merge in git without
// conflicts; the same reviewer's file merged from two machines reads each vote once.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { indexCells } from '../../../src/review/cellIndex';
import { personVotes } from '../../../src/review/countedVotes';
import { actionsByReviewer } from '../../../src/review/reviewerActions';
import { isVotesFileOf, nameSlug, votesFileName } from '../../../src/review/votesFileName';
import { parseVotesFile, type VotesFile } from '../../../src/review/votesReader';
import { formatVotesEntry, formatVotesHeader, skipEntry, undoEntry, voteEntry } from '../../../src/review/votesWriter';
import { cells, fileText, RESULTS, shown, vote } from './reviewFixtures';

function read(text: string): VotesFile {
  const parsed = parseVotesFile(text);
  assert.deepEqual(parsed.problems, []);
  assert.ok(parsed.file !== undefined);
  return parsed.file;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('votes file', () => {
  it('reads back every kind of line it writes: header with instruction, vote, skip, undo', () => {
    const by = { reviewer: 'Ada Lovelace', source: 'person' as const, at: new Date('2026-01-05T10:00:00Z') };
    const entries = [voteEntry(shown(1, 'formal', 'friendly'), 'left', by), skipEntry(shown(2, 'friendly', 'formal'), by)];
    const undo = undoEntry(entries[0]?.id ?? '', by);
    const text = formatVotesHeader({ results: RESULTS, reviewer: 'Ada Lovelace', source: 'person', createdAt: '2026-01-05T10:00:00.000Z' }) + [...entries, undo].map((entry) => formatVotesEntry(entry)).join('');
    assert.equal(text.split('\n').length, 5, 'one line each, and a final newline');
    const file = read(text);
    assert.equal(file.header.reviewer, 'Ada Lovelace');
    assert.deepEqual(file.entries, [...entries, undo]);
    assert.match(entries[0]?.id ?? '', /^[0-9a-f-]{36}$/, 'a random UUID by default');
  });

  it('keeps a judge instruction with line breaks and U+2028 on one line', () => {
    const instruction = 'Which answer is more helpful?\nAnswer 1 or 2.\u2028Be brief.';
    const text = fileText('gpt-4o', [], 'judge', instruction);
    assert.equal(text.split('\n').length, 2);
    assert.ok(!text.includes('\u2028'));
    assert.equal(read(text).header.instruction, instruction);
  });

  it('refuses to write a line it could not read back', () => {
    const by = { reviewer: 'x'.repeat(300), source: 'person' as const };
    assert.throws(() => formatVotesEntry(voteEntry(shown(1, 'a', 'b'), 'left', by)), /reviewer/);
    assert.throws(() => formatVotesEntry(voteEntry(shown(1, 'a', 'a'), 'left', { reviewer: 'Ada', source: 'person' })), /same variant/);
    assert.throws(() => formatVotesEntry(voteEntry(shown(-1, 'a', 'b'), 'left', { reviewer: 'Ada', source: 'person' })), /row/);
  });

  it('names one file per reviewer beside the results, a judge apart', () => {
    assert.match(votesFileName(RESULTS, 'Ada Lovelace', 'person'), /^people\.welcome-email\.gistrun\.ada-lovelace-[0-9a-f]{8}\.votes\.jsonl$/);
    assert.match(votesFileName(RESULTS, 'GPT-4o (Copilot)', 'judge'), /^people\.welcome-email\.gistrun\.judge-gpt-4o-copilot-[0-9a-f]{8}\.votes\.jsonl$/);
    // The same name gives the same file (a reviewer resumes in it); names that read alike do not.
    assert.equal(votesFileName(RESULTS, 'Ada Lovelace', 'person'), votesFileName(RESULTS, 'Ada Lovelace', 'person'));
    const alike = ['Ada Lovelace', 'ada.lovelace', 'ADA LOVELACE', '李雷', 'Иван'].map((name) => votesFileName(RESULTS, name, 'person'));
    assert.equal(new Set([...alike, votesFileName(RESULTS, 'Ada Lovelace', 'judge')]).size, 6);
    for (const name of alike) assert.ok(isVotesFileOf(RESULTS, name), name);
    assert.equal(nameSlug('Zoë Ørsted-Łukasz'), 'zoe-rsted-ukasz');
    assert.equal(nameSlug('../../etc/passwd'), 'etc-passwd');
    assert.equal(nameSlug('李雷'), 'reviewer');
    assert.ok(nameSlug('a'.repeat(200)).length <= 48);
    assert.ok(isVotesFileOf(RESULTS, 'people.welcome-email.gistrun.ada-lovelace.votes.jsonl'));
    assert.ok(isVotesFileOf(RESULTS, 'people.welcome-email.gistrun.judge-gpt-4o.votes.jsonl'));
    assert.ok(!isVotesFileOf(RESULTS, 'people.welcome-email.gistrun.votes.jsonl'));
    assert.ok(!isVotesFileOf(RESULTS, 'other.gistrun.ada.votes.jsonl'));
    assert.ok(!isVotesFileOf(RESULTS, 'people.welcome-email.gistrun.a/../b.votes.jsonl'));
  });

  it('two reviewers on two branches: git merges their files without a conflict, and both count', function () {
    const repo = mkdtempSync(path.join(tmpdir(), 'gist-votes-'));
    try {
      git(repo, 'init', '-q');
      writeFileSync(path.join(repo, RESULTS), '{"header":true}\n');
      git(repo, 'add', '.');
      git(repo, 'commit', '-q', '-m', 'results');
      const ada = votesFileName(RESULTS, 'Ada', 'person');
      const grace = votesFileName(RESULTS, 'Grace', 'person');
      git(repo, 'checkout', '-q', '-b', 'ada');
      writeFileSync(path.join(repo, ada), fileText('Ada', [vote(shown(1, 'formal', 'friendly'), 'right', 'Ada'), vote(shown(2, 'friendly', 'formal'), 'left', 'Ada')]));
      git(repo, 'add', '.');
      git(repo, 'commit', '-q', '-m', 'Ada votes');
      git(repo, 'checkout', '-q', 'main');
      git(repo, 'checkout', '-q', '-b', 'grace');
      writeFileSync(path.join(repo, grace), fileText('Grace', [vote(shown(1, 'friendly', 'formal'), 'left', 'Grace')]));
      git(repo, 'add', '.');
      git(repo, 'commit', '-q', '-m', 'Grace votes');
      git(repo, 'merge', '-q', '--no-edit', 'ada');
      assert.equal(git(repo, 'status', '--porcelain'), '', 'a clean merge');
      const files = [ada, grace].map((name) => read(readFileSync(path.join(repo, name), 'utf8')));
      const counted = personVotes(actionsByReviewer(files), indexCells(cells(2, ['formal', 'friendly'])), new Map([['formal', 0], ['friendly', 1]]));
      assert.equal(counted.votes.length, 3);
      assert.equal(counted.votes.filter((one) => one.outcome === 'second').length, 3, 'friendly won all three');
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('one reviewer on two machines: keeping both sides of the conflict counts each vote once', () => {
    const base = fileText('Ada', [vote(shown(1, 'formal', 'friendly'), 'left', 'Ada')]);
    const laptop = base + formatVotesEntry(vote(shown(2, 'formal', 'friendly'), 'right', 'Ada'));
    const desktop = base + formatVotesEntry(vote(shown(3, 'friendly', 'formal'), 'tie', 'Ada'));
    // What `git merge-file --union` (or a person keeping both sides) makes of it: the shared lines once, then both additions.
    const directory = mkdtempSync(path.join(tmpdir(), 'gist-votes-'));
    try {
      const [mine, old, theirs] = ['mine', 'base', 'theirs'].map((name) => path.join(directory, name));
      writeFileSync(mine as string, laptop);
      writeFileSync(old as string, base);
      writeFileSync(theirs as string, desktop);
      execFileSync('git', ['merge-file', '--union', mine as string, old as string, theirs as string]);
      const merged = readFileSync(mine as string, 'utf8');
      // And a careless merge that repeats the whole file: each line's id still counts once.
      for (const text of [merged, merged + merged.split('\n').slice(1).join('\n')]) {
        const parsed = parseVotesFile(text);
        const actions = actionsByReviewer(parsed.file === undefined ? [] : [parsed.file]);
        assert.equal(actions[0]?.current.size, 3);
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
