// gist-check's stdout is written once per turn of the event loop: every line arrives, in order,
// and a flush (before stderr, at the end) writes what is queued at once.
import { strict as assert } from 'node:assert';
import { batchedOutput } from '../../../src/cli/batchedOutput';

describe('gist-check batched output', () => {
  it('writes the lines of one turn in one write, in order, and schedules once per turn', () => {
    const writes: string[] = [];
    const scheduled: Array<() => void> = [];
    const output = batchedOutput({ write: (text: string) => writes.push(text) }, (work) => scheduled.push(work));
    output.write('a\n');
    output.write('b\n');
    assert.deepEqual(writes, [], 'nothing written before the turn ends');
    assert.equal(scheduled.length, 1);
    scheduled[0]?.();
    assert.deepEqual(writes, ['a\nb\n']);
    output.write('c\n');
    assert.equal(scheduled.length, 2, 'the next turn schedules again');
    output.flush();
    assert.deepEqual(writes, ['a\nb\n', 'c\n'], 'a flush writes what is queued at once');
    scheduled[1]?.();
    assert.deepEqual(writes, ['a\nb\n', 'c\n'], 'the scheduled flush then has nothing to write');
  });

  it('with the real event loop, the lines arrive by the next turn', async () => {
    const writes: string[] = [];
    const output = batchedOutput({ write: (text: string) => writes.push(text) });
    for (let line = 0; line < 100; line++) output.write(`${line}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(writes.length, 1);
    assert.equal(writes[0], Array.from({ length: 100 }, (_, line) => `${line}\n`).join(''));
  });
});
