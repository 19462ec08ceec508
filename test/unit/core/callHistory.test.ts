import { strict as assert } from 'node:assert';
import { recordOf } from '../../../src/shared/keyedRecord';
import { capEntry, firstLine, MAX_CONTENT_BYTES, MAX_ENTRIES, parseHistory, truncateUtf8, utf8Length, type HistoryEntry } from '../../../src/history/historyEntry';
import { itemId, itemOf, parseStored } from '../../../src/history/historyItem';

const entry = (n: number, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({ gistId: `g${n}`, label: `G${n}`, values: {}, at: n, ...extra });

describe('call history', () => {
  it('reads the newest 100 items as stored, newest first', () => {
    const stored = Array.from({ length: MAX_ENTRIES + 20 }, (_, i) => MAX_ENTRIES + 19 - i).map((n) => itemOf(entry(n), itemId(n, `i${n}`)));
    const entries = parseStored(JSON.parse(JSON.stringify(stored))).map((element) => element.item);
    assert.equal(entries.length, MAX_ENTRIES);
    assert.equal(entries[0]?.gistId, `g${MAX_ENTRIES + 19}`);
    assert.equal(entries.at(-1)?.gistId, 'g20');
  });

  it('cuts content to 64 KB of UTF-8 without splitting a character, and says so', () => {
    const big = '€'.repeat(MAX_CONTENT_BYTES); // 3 bytes each
    const capped = capEntry(entry(1, { content: big }));
    assert.equal(capped.truncated, true);
    assert.ok(utf8Length(capped.content ?? '') <= MAX_CONTENT_BYTES);
    assert.ok(utf8Length(capped.content ?? '') > MAX_CONTENT_BYTES - 3);
    assert.match(capped.content ?? '', /^€+$/);
    const small = capEntry(entry(2, { content: 'short' }));
    assert.equal(small.truncated, false);
    assert.equal(small.content, 'short');
  });

  it('never splits a surrogate pair', () => {
    assert.deepEqual(truncateUtf8('a👋b', 4), { text: 'a', truncated: true });
    assert.deepEqual(truncateUtf8('a👋b', 5), { text: 'a👋', truncated: true });
    assert.deepEqual(truncateUtf8('a👋b', 6), { text: 'a👋b', truncated: false });
  });

  it('caps each stored value to 16 KB', () => {
    const capped = capEntry(entry(1, { values: { long: 'x'.repeat(20_000), short: 'y' } }));
    assert.equal(capped.values.long?.length, 16 * 1024);
    assert.equal(capped.values.short, 'y');
  });

  it('shows the first non-empty line, shortened', () => {
    assert.equal(firstLine('\n\n  Dear Ada,\nmore'), 'Dear Ada,');
    assert.equal(firstLine('x'.repeat(100), 10), `${'x'.repeat(9)}…`);
    assert.equal(firstLine(''), '');
  });

  it('reads stored history and drops malformed entries', () => {
    const parsed = parseHistory([
      { gistId: 'a', at: 1, values: { x: 'y', n: 3 }, callId: 'c1', content: 'hi', label: 'A' },
      { gistId: 'b', values: {} },
      'junk',
      { gistId: 'c', at: 2, values: {}, error: 'boom', truncated: 'yes' },
    ]);
    assert.deepEqual(parsed, [
      { gistId: 'a', label: 'A', variant: undefined, values: recordOf([['x', 'y']]), at: 1, callId: 'c1', content: 'hi', truncated: undefined, error: undefined },
      { gistId: 'c', label: 'c', variant: undefined, values: recordOf(), at: 2, callId: undefined, content: undefined, truncated: undefined, error: 'boom' },
    ]);
    assert.deepEqual(parseHistory({}), []);
  });
});
