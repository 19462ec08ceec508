// Several samples of one cell: identical texts, spread of length, and the flaky mark.
import { strict as assert } from 'node:assert';
import { sampleSpread } from '../../../src/statistics/sampleSpread';

describe('sample spread', () => {
  it('counts identical contents and marks a cell flaky when its checks pass in some samples and fail in others', () => {
    const spread = sampleSpread([
      { contentDigest: 'a', length: 120, passed: true },
      { contentDigest: 'a', length: 120, passed: false },
      { contentDigest: 'b', length: 180, passed: true },
      { failed: true },
    ]);
    assert.equal(spread.samples, 4);
    assert.equal(spread.failedCalls, 1);
    assert.equal(spread.distinctContents, 2);
    assert.equal(spread.largestIdenticalGroup, 2);
    assert.equal(spread.passed, 2);
    assert.equal(spread.failed, 1);
    assert.equal(spread.flaky, true);
    assert.equal(spread.length?.min, 120);
    assert.equal(spread.length?.max, 180);
    assert.equal(spread.length?.median, 120);
  });

  it('a steady cell: every sample the same text, checks all passing, no spread', () => {
    const spread = sampleSpread(Array.from({ length: 5 }, () => ({ contentDigest: 'same', length: 42, passed: true })));
    assert.equal(spread.distinctContents, 1);
    assert.equal(spread.largestIdenticalGroup, 5);
    assert.equal(spread.flaky, false);
    assert.deepEqual(spread.length, { min: 42, median: 42, max: 42, interquartileRange: 0 });
  });

  it('failed calls count neither as content nor as a check, and no content means no length', () => {
    const spread = sampleSpread([{ failed: true, contentDigest: 'x', length: 3, passed: false }, { failed: true }]);
    assert.equal(spread.distinctContents, 0);
    assert.equal(spread.largestIdenticalGroup, 0);
    assert.equal(spread.length, undefined);
    assert.equal(spread.flaky, false);
  });
});
