// The engine says when a cell's call goes out: once a cell, before its first attempt, never for
// its retries, and never for a cell left out. The Test Explorer shows a cell running from then.
import { strict as assert } from 'node:assert';
import { GistError } from '../../../src/client/errors';
import type { GenerateRequest } from '../../../src/client/types';
import { runCells, type EngineRow } from '../../../src/runs/engine';

function rowsOf(rows: readonly EngineRow[]): AsyncIterable<EngineRow> {
  return {
    [Symbol.asyncIterator]: () => {
      let next = 0;
      return { next: () => Promise.resolve(next < rows.length ? { done: false, value: rows[next++]! } : { done: true, value: undefined }) };
    },
  };
}

describe('engine: cell starts', function () {
  it('tells each cell once, before its first call and not for its retries, and not a cell left out', async function () {
    const events: string[] = [];
    let failedOnce = false;
    const rows: EngineRow[] = [1, 2, 3].map((row) => ({ kind: 'row', row, line: row + 1, values: { name: `Person ${row}` } }));
    const outcome = await runCells({
      gistId: 'g',
      variants: ['a', 'b'],
      samples: 2,
      rows: rowsOf(rows),
      include: (row, variant) => !(row === 3 && variant === 1),
      concurrency: 3,
      retry: { baseDelayMs: 1, maxDelayMs: 2 },
      onCellStarted: (row, variant, sample) => events.push(`start ${row}/${variant}/${sample}`),
      call: (request: GenerateRequest) => {
        const cell = `${request.values.name?.slice(7)}/${request.variant === 'a' ? 0 : 1}`;
        events.push(`call ${cell}`);
        if (cell === '2/1' && !failedOnce) {
          failedOnce = true;
          return Promise.reject(new GistError('service', 'HTTP 500', 'retry', { status: 500 }));
        }
        return Promise.resolve({ id: `c-${cell}`, content: 'ok' });
      },
      sink: { result: () => undefined, rowError: () => undefined },
    });
    assert.equal(outcome.end, 'finished');
    const starts = events.filter((event) => event.startsWith('start'));
    assert.equal(starts.length, 10, '3 rows × 2 variants × 2 samples, less row 3 of variant b');
    assert.equal(new Set(starts).size, 10);
    assert.ok(!starts.some((event) => event.startsWith('start 3/1/')), 'a cell left out is never started');
    assert.equal(events.filter((event) => event.startsWith('call')).length, 11, 'one retry');
    // Each start comes right before that cell's first call.
    for (const [index, event] of events.entries()) {
      if (!event.startsWith('start')) continue;
      const [row, variant] = event.slice(6).split('/');
      assert.equal(events[index + 1], `call ${row}/${variant}`, `${event} is followed by its call`);
    }
  });
});
