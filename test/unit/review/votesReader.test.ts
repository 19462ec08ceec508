// A votes file from outside is hostile: every line is checked, bad ones are reported by number and
// skipped, a crash's cut-off last line is ignored, and nothing without a valid header is read.
import { strict as assert } from 'node:assert';
import { VOTES_LIMITS } from '../../../src/review/votes';
import { parseVotesFile } from '../../../src/review/votesReader';
import { formatVotesEntry } from '../../../src/review/votesWriter';
import { header, shown, vote } from './reviewFixtures';

const line = (value: unknown): string => `${JSON.stringify(value)}\n`;
const good = (row: number): string => formatVotesEntry(vote(shown(row, 'formal', 'friendly'), 'left', 'Ada'));

describe('votes reader', () => {
  it('ignores a last line cut short by a crash, and reads a complete last line without its newline', () => {
    const complete = header('Ada') + good(1) + good(2);
    const cut = complete + good(3).slice(0, 40);
    const parsed = parseVotesFile(cut);
    assert.equal(parsed.file?.entries.length, 2);
    assert.equal(parsed.truncatedLastLine, true);
    assert.deepEqual(parsed.problems, []);
    const unterminated = parseVotesFile(complete + good(3).trimEnd());
    assert.equal(unterminated.file?.entries.length, 3);
    assert.equal(unterminated.truncatedLastLine, false);
  });

  it('reports each bad line by its number and keeps the good ones', () => {
    const base = JSON.parse(good(9)) as Record<string, unknown>;
    const text =
      header('Ada') +
      good(1) +
      'not json\n' +
      line({ ...base, id: 'x1', verdict: 'left-ish' }) +
      line({ ...base, id: 'x2', row: -3 }) +
      line({ ...base, id: 'x3', row: 1.5 }) +
      line({ ...base, id: 'x4', left: { variant: 'formal', callId: 42 } }) +
      line({ ...base, id: 'x5', left: { variant: 'a\u0007b', callId: 'c' } }) +
      line({ ...base, id: 'x6', left: { variant: 'v'.repeat(300), callId: 'c' } }) +
      line({ ...base, id: 'has space' }) +
      line({ ...base, id: 'x7', time: 'yesterday' }) +
      line({ ...base, id: 'x8', type: 'delete' }) +
      line({ ...base, id: 'x9', reviewer: 'Mallory' }) +
      line({ ...base, id: 'x10', source: 'judge' }) +
      line([1, 2]) +
      line(null) +
      `${'{"a":"' + 'x'.repeat(VOTES_LIMITS.lineBytes)}"}\n` +
      line({ ...base, id: 'x11', right: { variant: 'formal', callId: 'c' } }) +
      good(2);
    const parsed = parseVotesFile(text);
    assert.equal(parsed.file?.entries.length, 2);
    assert.deepEqual(
      parsed.problems.map((problem) => problem.line),
      [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18],
    );
    assert.match(parsed.problems.find((problem) => problem.line === 13)?.message ?? '', /Mallory.*not by the file's person "Ada"/);
    assert.match(parsed.problems.find((problem) => problem.line === 17)?.message ?? '', /longer than 8192 bytes/);
    assert.equal(parsed.problemCount, 16);
  });

  it('reads keys like __proto__ and constructor as plain data, and ignores unknown fields', () => {
    const base = JSON.parse(good(1)) as Record<string, unknown>;
    const text = header('Ada') + `{"__proto__":{"polluted":true},"constructor":1,"extra":"later version",${JSON.stringify(base).slice(1)}\n`;
    const parsed = parseVotesFile(text);
    assert.equal(parsed.file?.entries.length, 1);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.hasOwn(parsed.file?.entries[0] ?? {}, 'extra'), false);
  });

  it('reads nothing without a valid header: none, another format, a newer version, a bad field', () => {
    const headerValue = JSON.parse(header('Ada')) as Record<string, unknown>;
    for (const first of ['', good(1), line({ ...headerValue, format: 'other' }), line({ ...headerValue, version: 2 }), line({ ...headerValue, source: 'robot' }), line({ ...headerValue, reviewer: '' }), 'garbage\n']) {
      const parsed = parseVotesFile(first + good(2));
      assert.equal(parsed.file, undefined, first);
      assert.equal(parsed.problems[0]?.line, 1, first);
    }
    assert.match(parseVotesFile(line({ ...headerValue, version: 2 })).problems[0]?.message ?? '', /another version/);
  });

  it('drops a repeated id, accepts a byte order mark and CRLF line ends, skips blank lines', () => {
    const one = good(1);
    const text = `\uFEFF${header('Ada').replace('\n', '\r\n')}\r\n${one}${one.replace('\n', '\r\n')}\n${good(2)}`;
    const parsed = parseVotesFile(text);
    assert.equal(parsed.file?.entries.length, 2);
    assert.deepEqual(parsed.problems, []);
  });

  it('caps the file, the lines read and the problems listed', () => {
    assert.equal(parseVotesFile('x'.repeat(VOTES_LIMITS.fileChars + 1)).file, undefined);
    const many = header('Ada') + 'bad\n'.repeat(VOTES_LIMITS.problemsListed + 50);
    const parsed = parseVotesFile(many);
    assert.equal(parsed.problems.length, VOTES_LIMITS.problemsListed);
    assert.equal(parsed.problemCount, VOTES_LIMITS.problemsListed + 50);
  });
});
