import { strict as assert } from 'node:assert';
import { mapOffset, mapRange, mapRanges } from '../../../src/generation/rangeTracking';

const insert = (at: number, text: string) => ({ rangeOffset: at, rangeLength: 0, text });
const replace = (at: number, length: number, text: string) => ({ rangeOffset: at, rangeLength: length, text });

describe('range tracking', () => {
  it('leaves offsets before a change alone and shifts those after it', () => {
    assert.equal(mapOffset(3, insert(5, 'abc'), 'before'), 3);
    assert.equal(mapOffset(8, insert(5, 'abc'), 'before'), 11);
    assert.equal(mapOffset(8, replace(2, 4, 'x'), 'before'), 5);
  });

  it('keeps a cursor before text typed right at it', () => {
    assert.deepEqual(mapRange({ start: 5, end: 5 }, insert(5, 'typed')), { start: 5, end: 5 });
  });

  it('moves a cursor to the start of text that replaced it', () => {
    assert.deepEqual(mapRange({ start: 5, end: 5 }, replace(3, 4, 'zz')), { start: 3, end: 3 });
  });

  it('keeps text typed at the edges of a selection outside it', () => {
    assert.deepEqual(mapRange({ start: 5, end: 10 }, insert(5, 'ab')), { start: 7, end: 12 });
    assert.deepEqual(mapRange({ start: 5, end: 10 }, insert(10, 'ab')), { start: 5, end: 10 });
    assert.deepEqual(mapRange({ start: 5, end: 10 }, insert(7, 'ab')), { start: 5, end: 12 });
  });

  it('collapses a selection whose text was replaced as a whole', () => {
    assert.deepEqual(mapRange({ start: 5, end: 10 }, replace(4, 8, 'new')), { start: 7, end: 7 });
  });

  it('applies the changes of one event in order, end to start as VS Code sends them', () => {
    const ranges = [
      { start: 2, end: 2 },
      { start: 20, end: 20 },
    ];
    // Two cursors typing "x" at 10 and 0: VS Code reports the later one first.
    assert.deepEqual(mapRanges(ranges, [insert(10, 'x'), insert(0, 'x')]), [
      { start: 3, end: 3 },
      { start: 22, end: 22 },
    ]);
  });
});
