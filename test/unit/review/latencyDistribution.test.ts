// Each variant's latency as a box plot's five figures, from the calls that gave content.
import { strict as assert } from 'node:assert';
import { indexCells } from '../../../src/review/cellIndex';
import type { CellResult } from '../../../src/review/cellResult';
import { latencyDistributions } from '../../../src/review/latencyDistribution';

describe('latency distributions', function () {
  it('gives the percentiles of each variant’s successful calls (simple-statistics’ quantileSorted)', function () {
    const cells: CellResult[] = [];
    for (let row = 1; row <= 20; row++) {
      cells.push({ row, sample: 1, variant: 'fast', callId: `f${row}`, latencyMs: row, contentLength: 10 });
      cells.push({ row, sample: 1, variant: 'slow', callId: `s${row}`, latencyMs: 100 * row, contentLength: 10 });
    }
    // A failed call has no latency worth showing: it is left out.
    cells.push({ row: 21, sample: 1, variant: 'fast', callId: '', latencyMs: 99_999, error: 'service' });
    const [fast, slow] = latencyDistributions(indexCells(cells, ['fast', 'slow']));
    // Linear interpolation between ranks (Hyndman & Fan's type 7, R's and NumPy's default):
    // R's quantile(1:20, c(.05, .25, .5, .75, .95)) is 1.95 5.75 10.50 15.25 19.05.
    const round = (spread: typeof fast): unknown => spread && { ...spread, p5: +spread.p5.toFixed(6), p25: +spread.p25.toFixed(6), p75: +spread.p75.toFixed(6), p95: +spread.p95.toFixed(6) };
    assert.deepEqual(round(fast), { variant: 'fast', calls: 20, p5: 1.95, p25: 5.75, median: 10.5, p75: 15.25, p95: 19.05 });
    assert.deepEqual(round(slow), { variant: 'slow', calls: 20, p5: 195, p25: 575, median: 1050, p75: 1525, p95: 1905 });
  });

  it('leaves out a variant with no call that gave content', function () {
    const cells: CellResult[] = [{ row: 1, sample: 1, variant: 'broken', callId: '', error: 'service', latencyMs: 5 }];
    assert.deepEqual(latencyDistributions(indexCells(cells, ['broken'])), []);
  });
});
