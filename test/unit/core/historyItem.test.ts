// What global state keeps per call of the history (issue 15, item 3): small, bounded items; the
// entries older versions stored whole are read with stable ids, to be moved to files.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { capEntry, type HistoryEntry } from '../../../src/history/historyEntry';
import { entryOfItem, fitJson, itemBytes, itemId, itemOf, MAX_HISTORY_ITEM_BYTES, parseStored } from '../../../src/history/historyItem';
import { utf8Length } from '../../../src/shared/limits';

const jsonBytes = (text: string): number => utf8Length(JSON.stringify(text)) - 2;
/** Any text: control characters, quotes, lone surrogates, astral characters. */
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 3000 }), fc.string({ unit: fc.constantFrom('a', '"', '\\', '\u0001', '€', '👋', '\uD800'), maxLength: 3000 }));

describe('history items', function () {
  it('fitJson keeps text that fits and cuts the rest with an ellipsis, within the bytes, never splitting a character', function () {
    assert.equal(fitJson('short', 10), 'short');
    assert.equal(fitJson('x'.repeat(20), 10), `${'x'.repeat(7)}…`);
    assert.equal(fitJson('ab👋', 6), 'ab👋');
    assert.equal(fitJson('ab👋', 5), 'ab…');
    fc.assert(
      fc.property(text, fc.integer({ min: 3, max: 200 }), (value, max) => {
        const fitted = fitJson(value, max);
        assert.ok(jsonBytes(fitted) <= max, `${jsonBytes(fitted)} > ${max}`);
        if (fitted !== value) {
          const kept = fitted.slice(0, -1);
          assert.ok(value.startsWith(kept));
          assert.ok(!(/[\uD800-\uDBFF]$/.test(kept) && /^[\uDC00-\uDFFF]/.test(value.slice(kept.length))), 'a surrogate pair was split');
        }
      }),
    );
  });

  it('an item is at most MAX_HISTORY_ITEM_BYTES whatever the entry holds', function () {
    const entry: fc.Arbitrary<HistoryEntry> = fc.record({
      gistId: text,
      label: text,
      variant: fc.option(text, { nil: undefined }),
      values: fc.dictionary(fc.string(), text, { maxKeys: 5 }),
      at: fc.integer({ min: 0, max: 2 ** 53 - 1 }),
      callId: fc.option(text, { nil: undefined }),
      content: fc.option(text, { nil: undefined }),
      error: fc.option(text, { nil: undefined }),
    });
    fc.assert(
      fc.property(entry, fc.boolean(), (value, unavailable) => {
        const item = itemOf(capEntry(value), itemId(value.at, 'ffffffffffff'), unavailable);
        assert.ok(itemBytes(item) <= MAX_HISTORY_ITEM_BYTES, `${itemBytes(item)} bytes: ${JSON.stringify(item)}`);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a short call id and leaves out a long one rather than cut it', function () {
    const base = { gistId: 'g', label: 'G', values: {}, at: 5, content: 'hi' };
    assert.equal(itemOf({ ...base, callId: 'call_1' }, 'x-1').callId, 'call_1');
    assert.equal(itemOf({ ...base, callId: 'c'.repeat(200) }, 'x-1').callId, undefined);
  });

  it('summarises content by its first line and a failed call by its error', function () {
    assert.equal(itemOf({ gistId: 'g', label: 'G', values: {}, at: 1, content: '\nDear Ada,\nmore' }, 'a-1').summary, 'Dear Ada,');
    const failed = itemOf({ gistId: 'g', label: 'G', values: {}, at: 1, error: 'Gist not found.' }, 'a-1');
    assert.equal(failed.summary, 'Gist not found.');
    assert.equal(failed.failed, true);
    assert.deepEqual(entryOfItem({ ...failed, unavailable: true }), { id: 'a-1', gistId: 'g', label: 'G', variant: undefined, values: {}, at: 1, callId: undefined, error: 'Gist not found.', unavailable: true });
  });

  it('reads entries stored whole by older versions with the same ids every time, next to items', function () {
    const stored = JSON.parse(
      JSON.stringify([
        itemOf({ gistId: 'new', label: 'New', values: {}, at: 3, content: 'n' }, itemId(3, 'abc')),
        { gistId: 'old', label: 'Old', values: { a: 'b' }, at: 2, content: 'x'.repeat(100 * 1024), callId: 'c2' },
        { gistId: 'old', label: 'Old', values: {}, at: 2, content: 'same time, same gist' },
      ]),
    ) as unknown;
    const first = parseStored(stored);
    assert.deepEqual(
      first.map((element) => [element.item.gistId, element.legacy === undefined ? 'item' : 'legacy']),
      [
        ['new', 'item'],
        ['old', 'legacy'],
        ['old', 'legacy'],
      ],
    );
    assert.equal(first[1]?.legacy?.truncated, true, 'capped as older versions were');
    assert.deepEqual(
      parseStored(stored).map((element) => element.item.id),
      first.map((element) => element.item.id),
    );
    assert.equal(new Set(first.map((element) => element.item.id)).size, 3);
  });

  it('drops items whose id is not a plain file name, repeated ids and malformed items', function () {
    const good = itemOf({ gistId: 'g', label: 'G', values: {}, at: 1, content: 'c' }, itemId(1, 'a1'));
    const parsed = parseStored([good, { ...good }, { ...good, id: '../../settings' }, { ...good, id: 'x/y' }, { ...good, id: 'a-2', at: 'now' }, 'junk', null]);
    assert.deepEqual(
      parsed.map((element) => element.item),
      [good],
    );
  });
});
