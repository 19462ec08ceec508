// The blind review over a real results file on disk: the reviewer's session (the next pair, its
// texts as inert text, votes appended to the reviewer's own file, skip, undo, resume after a
// reload), the votes files beside the results (two reviewers, a line cut by a crash), the panel
// worked out in a worker thread, and the reviewer's name.
import { strict as assert } from 'node:assert';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ResultsIndex } from '../../../src/lab/resultsIndex';
import { ReviewSession } from '../../../src/lab/reviewSession';
import { reviewerName } from '../../../src/lab/reviewerName';
import { packVerdictCells, unpackVerdictCells, verdictCells, verdictVariants } from '../../../src/lab/verdictCells';
import { VerdictsComputer } from '../../../src/lab/verdictsComputer';
import { appendVotes, lastUndoable, readVotesFiles } from '../../../src/lab/votesFiles';
import { votesFileName } from '../../../src/review/votesFileName';
import { voteEntry } from '../../../src/review/votesWriter';
import { resultsHeaderOf } from '../../fixtures/resultsHeader';
import { resultLineOf } from '../../fixtures/resultLine';

const WORKER = path.resolve(__dirname, '..', '..', '..', 'src', 'lab', 'verdictsWorker.js');

const header = resultsHeaderOf({}, 6);

function result(row: number, variant: string, content: string, latencyMs = 100): string {
  return JSON.stringify(resultLineOf({ row, variant, content, latencyMs }));
}

describe('blind review (lab)', function () {
  let dir: string;
  let file: string;

  beforeEach(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-review-'));
    file = path.join(dir, 'people.welcome-email.gistrun.jsonl');
    const lines = [JSON.stringify(header)];
    for (let row = 1; row <= 6; row++) {
      lines.push(result(row, 'formal', `Dear Person ${row},\nWelcome aboard.`, 200 + row));
      // Row 6: the same text from both variants, so it is not asked (nothing to tell apart).
      lines.push(result(row, 'friendly', row === 6 ? `Dear Person ${row},\nWelcome aboard.` : `Hi Person ${row}!\u202Egnp.exe`, 90 + row));
    }
    writeFileSync(file, `${lines.join('\n')}\n`);
  });

  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows each pair once with the names hidden and the texts inert, and writes a line per vote to the reviewer’s own file', async function () {
    const index = await ResultsIndex.open(file);
    const session = await ReviewSession.start(index, file, 'Ada Lovelace');
    const first = await session.view();
    assert.equal(first.total, 5, 'rows 1–5: row 6 has the same text twice');
    assert.equal(first.voted, 0);
    const pair = first.pair!;
    assert.ok(pair !== undefined);
    assert.doesNotMatch(JSON.stringify(pair), /formal|friendly/, 'no variant name in what the view gets before the vote');
    assert.match(pair.values, /name: Person \d/);
    const friendlySide = /Hi Person/.test(pair.left.text) ? pair.left.text : pair.right.text;
    assert.doesNotMatch(friendlySide, /\u202E/, 'a bidi override is made visible, never sent as is');
    const revealed = await session.vote(pair.key, 'left');
    assert.ok(revealed !== undefined);
    assert.ok(typeof revealed === 'object');
    assert.deepEqual(new Set([revealed.left, revealed.right]), new Set(['formal', 'friendly']));
    const files = readdirSync(dir).filter((name) => name.endsWith('.votes.jsonl'));
    assert.deepEqual(files, [votesFileName('people.welcome-email.gistrun.jsonl', 'Ada Lovelace', 'person')]);
    assert.match(files[0]!, /^people\.welcome-email\.gistrun\.ada-lovelace-[0-9a-f]{8}\.votes\.jsonl$/);
    const lines = readFileSync(path.join(dir, files[0]!), 'utf8').trim().split('\n');
    assert.equal(lines.length, 2, 'the header, then the vote');
    const vote = JSON.parse(lines[1]!) as Record<string, unknown>;
    assert.equal(vote.type, 'vote');
    assert.equal(vote.verdict, 'left');
    assert.equal(vote.reviewer, 'Ada Lovelace');
    assert.equal((vote.left as { variant: string }).variant, revealed.left);
    assert.match(String((vote.left as { callId: string }).callId), /^call-\d-(formal|friendly)$/);
    const second = await session.view();
    assert.equal(second.voted, 1);
    assert.notEqual(second.pair?.row, pair.row, 'the next pair is another one (one pair per row here)');
    assert.doesNotMatch(pair.key, /formal|friendly/, 'the pair is named by a token, not by its key (which names the variants)');
  });

  it('takes a key pressed twice as one vote', async function () {
    const index = await ResultsIndex.open(file);
    const session = await ReviewSession.start(index, file, 'Ada');
    const key = (await session.view()).pair!.key;
    assert.ok((await session.vote(key, 'tie')) !== undefined);
    assert.equal(await session.vote(key, 'tie'), undefined, 'the pair was voted on: the second press does nothing');
    const { files } = await readVotesFiles(file);
    assert.equal(files[0]?.entries.length, 1);
  });

  it('a pair judged in another window meanwhile is not voted on again; that window goes on with both windows’ votes', async function () {
    const first = await ReviewSession.start(await ResultsIndex.open(file), file, 'Ada');
    const second = await ReviewSession.start(await ResultsIndex.open(file), file, 'Ada');
    const [inFirst, inSecond] = [(await first.view()).pair!, (await second.view()).pair!];
    assert.equal(inFirst.row, inSecond.row, 'one reviewer’s order is the same in both windows');
    assert.ok((await first.vote(inFirst.key, 'left')) !== undefined);
    assert.equal(await second.vote(inSecond.key, 'right'), 'judgedElsewhere', 'the second window does not vote on it again');
    const { files } = await readVotesFiles(file);
    assert.deepEqual(
      files[0]?.entries.map((entry) => entry.kind),
      ['vote'],
    );
    const next = await second.view();
    assert.equal(next.voted, 1, 'the second window counts the first window’s vote');
    assert.notEqual(next.pair?.row, inFirst.row);
    // A skip, too, and Undo takes back the reviewer's last action, whichever window made it.
    const skipped = (await first.view()).pair!;
    assert.equal(await second.skip((await second.view()).pair!.key), undefined);
    assert.equal(await first.skip(skipped.key), 'judgedElsewhere');
    assert.equal(await first.undo(), true);
    const after = await readVotesFiles(file);
    const entries = after.files[0]?.entries ?? [];
    assert.deepEqual(entries.map((entry) => entry.kind), ['vote', 'skip', 'undo']);
    assert.equal(entries[2]?.kind === 'undo' ? entries[2].undoes : undefined, entries[1]?.id, 'the undo names the other window’s skip');
  });

  it('resumes after a reload at the next pair not voted on, never asking a pair twice; undo asks it again first', async function () {
    const index = await ResultsIndex.open(file);
    const session = await ReviewSession.start(index, file, 'Ada');
    const asked: number[] = [];
    for (let vote = 0; vote < 3; vote++) {
      const pair = (await session.view()).pair!;
      asked.push(pair.row);
      await session.vote(pair.key, vote === 0 ? 'left' : 'right');
    }
    // A reload: a new session over the same files.
    const again = await ReviewSession.start(await ResultsIndex.open(file), file, 'Ada');
    const resumed = await again.view();
    assert.equal(resumed.voted, 3);
    assert.ok(!asked.includes(resumed.pair!.row), 'a pair already voted on is not asked again');
    assert.equal(resumed.canUndo, true);
    assert.equal(await again.undo(), true);
    const undone = await again.view();
    assert.equal(undone.voted, 2);
    assert.equal(undone.pair?.row, asked[2], 'the pair just taken back comes first');
    // Everyone else's order is their own: another reviewer starts elsewhere or at least has all five.
    const grace = await ReviewSession.start(await ResultsIndex.open(file), file, 'Grace');
    assert.equal((await grace.view()).voted, 0);
  });

  it('skipped pairs come back only when asked for', async function () {
    const index = await ResultsIndex.open(file);
    const session = await ReviewSession.start(index, file, 'Ada');
    const first = (await session.view()).pair!;
    const skipped = first.row;
    await session.skip(first.key);
    for (let left = 4; left > 0; left--) {
      const view = await session.view();
      assert.notEqual(view.pair?.row, skipped);
      await session.vote(view.pair!.key, 'both-bad');
    }
    const done = await session.view();
    assert.equal(done.pair, undefined);
    assert.equal(done.skipped, 1);
    session.includeSkipped = true;
    assert.equal((await session.view()).pair?.row, skipped);
  });

  it('reads every reviewer’s file beside the results, and a line cut by a crash is reported, not guessed at', async function () {
    const index = await ResultsIndex.open(file);
    const ada = await ReviewSession.start(index, file, 'Ada');
    const grace = await ReviewSession.start(index, file, 'Grace Hopper');
    await ada.vote((await ada.view()).pair!.key, 'left');
    await grace.vote((await grace.view()).pair!.key, 'right');
    const graceFile = path.join(dir, votesFileName('people.welcome-email.gistrun.jsonl', 'Grace Hopper', 'person'));
    assert.ok(existsSync(graceFile));
    appendFileSync(graceFile, '{"kind":"vote","id":"cut-');
    // A votes file of another results file beside it is not this one's.
    writeFileSync(path.join(dir, 'other.gistrun.ada.votes.jsonl'), 'whatever\n');
    const read = await readVotesFiles(file);
    assert.deepEqual(read.files.map((votes) => votes.header.reviewer).sort(), ['Ada', 'Grace Hopper']);
    assert.equal(read.files.find((votes) => votes.header.reviewer === 'Grace Hopper')?.entries.length, 1);
    assert.equal(read.problems.length, 1);
    assert.match(read.problems[0]!, /grace-hopper-[0-9a-f]{8}\.votes\.jsonl: its last line was cut short/);
    // The next vote starts a line of its own: only the cut line is lost.
    await grace.vote((await grace.view()).pair!.key, 'tie');
    const after = await readVotesFiles(file);
    assert.equal(after.files.find((votes) => votes.header.reviewer === 'Grace Hopper')?.entries.length, 2);
    assert.equal(after.problems.length, 1);
    assert.match(after.problems[0]!, /grace-hopper-[0-9a-f]{8}\.votes\.jsonl, line 3/);
  });

  it('knows which vote or skip Undo takes back', function () {
    const author = { reviewer: 'Ada', source: 'person' as const };
    const pair = { key: 'k', row: 1, sample: 1, left: { variant: 'a', callId: '1' }, right: { variant: 'b', callId: '2' } };
    const first = voteEntry(pair, 'left', author);
    const second = voteEntry({ ...pair, row: 2 }, 'tie', author);
    assert.equal(lastUndoable([first, second]), second.id);
    assert.equal(lastUndoable([first, second, { kind: 'undo', id: 'u1', time: second.time, undoes: second.id, ...author }]), first.id);
    assert.equal(lastUndoable([]), undefined);
  });

  it('writes the header once, with the judge’s instruction when there is one', async function () {
    const pair = { key: 'k', row: 1, sample: 1, left: { variant: 'formal', callId: 'call-1-formal' }, right: { variant: 'friendly', callId: 'call-1-friendly' } };
    const author = { reviewer: 'test-model', source: 'judge' as const };
    const { file: written } = await appendVotes(file, 'test-model', 'judge', [voteEntry(pair, 'left', author)], { instruction: 'Which answer is better?' });
    await appendVotes(file, 'test-model', 'judge', [voteEntry({ ...pair, left: pair.right, right: pair.left }, 'right', author)], { instruction: 'Which answer is better?' });
    assert.match(path.basename(written), /^people\.welcome-email\.gistrun\.judge-test-model-[0-9a-f]{8}\.votes\.jsonl$/);
    const lines = readFileSync(written, 'utf8').trim().split('\n');
    assert.equal(lines.length, 3);
    assert.equal((JSON.parse(lines[0]!) as { instruction: string }).instruction, 'Which answer is better?');
  });

  it('works out the panel in a worker thread from the results and the votes', async function () {
    const index = await ResultsIndex.open(file);
    const session = await ReviewSession.start(index, file, 'Ada');
    // Ada prefers friendly in every pair.
    for (;;) {
      const view = await session.view();
      if (view.pair === undefined) break;
      const revealedLeft = /Hi Person/.test(view.pair.left.text);
      await session.vote(view.pair.key, revealedLeft ? 'left' : 'right');
    }
    const computer = new VerdictsComputer(WORKER);
    try {
      const votes = await readVotesFiles(file);
      const panel = await computer.compute({ variants: verdictVariants(index), cells: verdictCells(index), votes: votes.files }, votes.problems);
      const headline = panel.headline.parts.map((part) => part.text).join('');
      assert.match(headline, /friendly/);
      assert.match(headline, /friendly wins 100% of 5 rows with a winner \(95% CI 57–100%, p = 0\.06\)/);
      assert.deepEqual(
        panel.headline.parts.filter((part) => part.name === 'variant').map((part) => part.text),
        ['formal', 'friendly', 'friendly'],
        'the names are marked, to be shown set apart',
      );
      const people = panel.sections.find((section) => section.title.startsWith('People’s votes'));
      assert.ok(people !== undefined);
      const row = people.tables[0]!.rows[0]!;
      // 5 of 5: Wilson 95% interval 57–100% (Wilson 1927; e.g. Newcombe 1998, table I: 0.5655–1).
      assert.deepEqual(row.slice(1, 6), ['5', '0', '0', '5', '0']);
      assert.equal(row[6], '0% (0%–43%)');
      assert.equal(row[7], '0.06', 'exact two-sided sign test, 5 of 5: p = 2 × 0.5^5 = 0.0625');
      assert.equal(people.bars.length, 1);
      const latency = panel.sections.find((section) => section.title.startsWith('Length and latency'));
      assert.equal(latency?.boxes?.items.length, 2);
      assert.ok(panel.ms >= 0);
    } finally {
      computer.dispose();
    }
  });

  it('the worker gets the cells packed and reads the votes files itself: the same panel, and the votes again only when told', async function () {
    const index = await ResultsIndex.open(file);
    const session = await ReviewSession.start(index, file, 'Ada');
    const first = await session.view();
    assert.ok(first.pair !== undefined);
    await session.vote(first.pair.key, 'tie');
    assert.deepEqual(unpackVerdictCells(packVerdictCells(index)), verdictCells(index));
    const computer = new VerdictsComputer(WORKER);
    const withoutMs = (view: { readonly ms: number }): unknown => ({ ...view, ms: 0 });
    try {
      computer.readVotesAhead(file);
      const votes = await readVotesFiles(file);
      const fromRecords = await computer.compute({ variants: verdictVariants(index), cells: verdictCells(index), votes: votes.files }, votes.problems, votes.counted);
      const packed = packVerdictCells(index);
      const fromPacked = await computer.computeCells(file, packed, false);
      assert.deepEqual(withoutMs(fromPacked), withoutMs(fromRecords));
      assert.equal(packed.row.length, 0, 'the columns moved to the worker, not copied');
      // Another vote: not counted until the worker is told to read the votes again.
      const second = await session.view();
      assert.ok(second.pair !== undefined);
      await session.vote(second.pair.key, 'left');
      assert.deepEqual(withoutMs(await computer.computeCells(file, packVerdictCells(index), false)), withoutMs(fromRecords), 'the votes were not read again');
      const now = await readVotesFiles(file);
      const expected = await computer.compute({ variants: verdictVariants(index), cells: verdictCells(index), votes: now.files }, now.problems, now.counted);
      assert.notDeepEqual(withoutMs(expected), withoutMs(fromRecords));
      assert.deepEqual(withoutMs(await computer.computeCells(file, packVerdictCells(index), true)), withoutMs(expected));
    } finally {
      computer.dispose();
    }
  });

  it('one worker serves every view: a view that closes fails only its own requests, and the others go on', async function () {
    const index = await ResultsIndex.open(file);
    const closing = new VerdictsComputer(WORKER);
    const staying = new VerdictsComputer(WORKER);
    try {
      const input = { variants: verdictVariants(index), cells: verdictCells(index), votes: [] };
      const pending = closing.compute(input, []);
      closing.dispose();
      await assert.rejects(pending, /no longer needed/);
      const view = await staying.compute(input, []);
      assert.ok(view.sections.length > 0);
      // A computer used again after its view closed gets the worker back.
      assert.ok((await closing.compute(input, [])).sections.length > 0);
    } finally {
      closing.dispose();
      staying.dispose();
    }
  });

  it('a reviewer’s name is one inert line, from the setting or else the service', function () {
    assert.equal(reviewerName(undefined, 'Ada Lovelace'), 'Ada Lovelace');
    assert.equal(reviewerName('  ', 'Ada'), 'Ada');
    assert.equal(reviewerName('Grace\nHopper', 'Ada'), 'Grace Hopper');
    assert.equal(reviewerName(undefined, 'Eve\u202Eevil'), 'Eve<U+202E>evil'.replace('<U+202E>', reviewerName('\u202E') ?? ''));
    assert.equal(reviewerName(undefined, undefined), undefined);
    assert.ok((reviewerName('x'.repeat(500)) ?? '').length <= 64);
  });
});
