import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { HistoryItem } from '../../../src/history/historyItem';
import { mergeHistory, parseClearedBefore } from '../../../src/history/historyMerge';

const slot = (id: string, at: number, from = 'own'): { item: HistoryItem; from: string } => ({ item: { id, at, gistId: 'g', label: 'g', summary: '' }, from });
const ids = (slots: ReadonlyArray<{ item: HistoryItem }>): string[] => slots.map((one) => one.item.id);

describe('the history merged across windows', () => {
  it('keeps every window’s calls, once each, newest first; this window’s slot wins for an id both have', () => {
    const { kept, dropped } = mergeHistory([[slot('c', 3), slot('a', 1)], [slot('b', 2, 'stored'), slot('a', 1, 'stored')], [slot('d', 4, 'disk')]], 0);
    assert.deepEqual(ids(kept), ['d', 'c', 'b', 'a']);
    assert.equal(kept.find((one) => one.item.id === 'a')?.from, 'own');
    assert.deepEqual(dropped, []);
  });

  it('drops what a Clear in any window removed, and what is past the newest 100', () => {
    const { kept, dropped } = mergeHistory([[slot('new', 20), slot('old', 10)], [slot('older', 5, 'stored')]], 10, 100);
    assert.deepEqual(ids(kept), ['new']);
    assert.deepEqual(ids(dropped).sort(), ['old', 'older']);
    const many = Array.from({ length: 103 }, (_, index) => slot(`s${index}`, 1000 + index));
    const capped = mergeHistory([many], 0);
    assert.equal(capped.kept.length, 100);
    assert.deepEqual(ids(capped.dropped).sort(), ['s0', 's1', 's2']);
  });

  it('calls of the same millisecond keep the order their source gives them', () => {
    assert.deepEqual(ids(mergeHistory([[slot('second', 5), slot('first', 5)]], 0).kept), ['second', 'first']);
  });

  it('whatever the windows hold and in whichever order they merge, they agree, and nothing after the last Clear is lost', () => {
    const history = fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 6 }), at: fc.integer({ min: 1, max: 500 }) }), { selector: (one) => one.id, maxLength: 150 });
    fc.assert(
      fc.property(history, fc.integer({ min: 0, max: 500 }), fc.array(fc.nat(), { minLength: 3, maxLength: 3 }), (calls, clearedBefore, cuts) => {
        const slots = calls.map((call) => slot(call.id, call.at));
        // Three windows, each knowing some of the calls.
        const [a, b, c] = cuts.map((cut) => slots.filter((_, index) => (index + cut) % 3 !== 0));
        const one = mergeHistory([a ?? [], b ?? [], c ?? []], clearedBefore).kept;
        const other = mergeHistory([c ?? [], a ?? [], b ?? []], clearedBefore).kept;
        assert.deepEqual(new Set(ids(one)), new Set(ids(other)));
        const known = new Set([...(a ?? []), ...(b ?? []), ...(c ?? [])].map((known) => known.item.id));
        const expected = slots.filter((call) => known.has(call.item.id) && call.item.at > clearedBefore).length;
        assert.equal(one.length, Math.min(100, expected));
      }),
    );
  });

  it('reads the time of the last Clear as written, else 0', () => {
    assert.equal(parseClearedBefore('1795520111944\n'), 1795520111944);
    assert.equal(parseClearedBefore(1795520111944), 1795520111944);
    for (const bad of [undefined, '', 'soon', -5, Number.NaN, {}]) {
      assert.equal(parseClearedBefore(bad), 0);
    }
  });
});
