// The history's caps on everything it stores (item 8 of issue 13): a hostile service or caller
// must not be able to make global state grow without bound.
import { strict as assert } from 'node:assert';
import { capEntry, parseHistory, type HistoryEntry } from '../../../src/history/historyEntry';
import { itemId, itemOf } from '../../../src/history/historyItem';
import {
  MAX_CALL_ID_BYTES,
  MAX_ERROR_BYTES,
  MAX_GIST_ID_BYTES,
  MAX_HISTORY_BYTES,
  MAX_HISTORY_ENTRIES,
  MAX_HISTORY_ENTRY_BYTES,
  MAX_HISTORY_ITEM_BYTES,
  MAX_LABEL_BYTES,
  MAX_VALUE_BYTES,
  MAX_VALUES_KEPT,
  MAX_VARIANT_BYTES,
  utf8Length,
} from '../../../src/shared/limits';

const KIB = 1024;
const bytesOf = (value: unknown): number => utf8Length(JSON.stringify(value));

const failedCall = (extra: Partial<HistoryEntry> = {}): HistoryEntry => ({ gistId: 'g', label: 'G', values: {}, at: 1, error: 'boom', ...extra });

describe('history limits', () => {
  it('a failed call with 200 values of 16 KiB stays within one entry’s cap, and says values were cut', () => {
    const values = Object.fromEntries(Array.from({ length: 200 }, (_, n) => [`v${n}`, 'x'.repeat(16 * KIB)]));
    const capped = capEntry(failedCall({ values }));
    assert.ok(bytesOf(capped) <= MAX_HISTORY_ENTRY_BYTES, `${bytesOf(capped)} bytes`);
    assert.ok(Object.keys(capped.values).length <= MAX_VALUES_KEPT);
    assert.ok(Object.keys(capped.values).length > 0, 'the first values are still kept');
    assert.equal(capped.values.v0, 'x'.repeat(MAX_VALUE_BYTES));
    assert.ok(capped.cut?.includes('values'), JSON.stringify(capped.cut));
  });

  it('drops a call id over 1 KiB and cuts gist id, label, variant and error, marking each', () => {
    const capped = capEntry(
      failedCall({
        gistId: 'g'.repeat(10 * KIB),
        label: 'l'.repeat(10 * KIB),
        variant: 'v'.repeat(10 * KIB),
        callId: 'c'.repeat(15 * KIB * KIB),
        error: 'e'.repeat(100 * KIB),
      }),
    );
    assert.equal(capped.callId, undefined);
    assert.ok(utf8Length(capped.gistId) <= MAX_GIST_ID_BYTES);
    assert.ok(utf8Length(capped.label) <= MAX_LABEL_BYTES);
    assert.ok(utf8Length(capped.variant ?? '') <= MAX_VARIANT_BYTES);
    assert.ok(utf8Length(capped.error ?? '') <= MAX_ERROR_BYTES);
    assert.deepEqual([...(capped.cut ?? [])].sort(), ['callId', 'error', 'gistId', 'label', 'variant']);
  });

  it('keeps a call id of exactly 1 KiB, and marks nothing when nothing was cut', () => {
    const callId = 'c'.repeat(MAX_CALL_ID_BYTES);
    const capped = capEntry(failedCall({ callId, values: { a: 'b' } }));
    assert.equal(capped.callId, callId);
    assert.equal(capped.cut, undefined);
  });

  it('does not keep a value under a huge variable name', () => {
    const capped = capEntry(failedCall({ values: { ['n'.repeat(10 * KIB)]: 'x', short: 'y' } }));
    assert.deepEqual({ ...capped.values }, { short: 'y' });
    assert.ok(capped.cut?.includes('values'));
  });

  it('keeps what global state holds of the whole history small: 100 of the largest entries under 52 KB', () => {
    const values = Object.fromEntries(Array.from({ length: 200 }, (_, n) => [`v${n}`, 'x'.repeat(16 * KIB)]));
    const items = Array.from({ length: MAX_HISTORY_ENTRIES }, (_, n) =>
      itemOf(capEntry(failedCall({ gistId: `g${n}`.repeat(KIB), label: '\u0001'.repeat(KIB), variant: '€'.repeat(KIB), values, error: '"'.repeat(KIB), callId: 'c'.repeat(KIB) })), itemId(Date.now(), `n${n}`)),
    );
    for (const item of items) {
      assert.ok(bytesOf(item) <= MAX_HISTORY_ITEM_BYTES, `${bytesOf(item)} bytes`);
    }
    assert.ok(bytesOf(items) < 52 * KIB, `${bytesOf(items)} bytes`);
    assert.ok(bytesOf(items) < MAX_HISTORY_BYTES);
  });

  it('caps history written by an older version when it is read', () => {
    const stored = [
      { gistId: 'a', label: 'A', at: 2, values: {}, callId: 'c'.repeat(2 * KIB * KIB), content: 'hi' },
      ...Array.from({ length: 40 }, (_, n) => ({ gistId: `b${n}`, label: 'B', at: 1, values: {}, content: 'z'.repeat(200 * KIB) })),
    ];
    const parsed = parseHistory(stored);
    assert.equal(parsed[0]?.callId, undefined);
    assert.ok(parsed[0]?.cut?.includes('callId'));
    assert.ok(bytesOf(parsed) <= MAX_HISTORY_BYTES, `${bytesOf(parsed)} bytes`);
  });
});
