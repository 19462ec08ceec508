// BatchedTestRun: passes and output lines go to VS Code together; a cell's `started` waits with
// them and is dropped when its result comes first; anything else sends what waits before it.
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { BatchedTestRun } from '../../../src/checks/batchedTestRun';

/** A TestRun that writes down what it is told, in order. */
function recordingRun(): { readonly run: vscode.TestRun; readonly told: string[] } {
  const told: string[] = [];
  const name = (item: vscode.TestItem): string => item.id;
  const run = {
    enqueued: (item: vscode.TestItem) => told.push(`enqueued ${name(item)}`),
    started: (item: vscode.TestItem) => told.push(`started ${name(item)}`),
    passed: (item: vscode.TestItem) => told.push(`passed ${name(item)}`),
    failed: (item: vscode.TestItem) => told.push(`failed ${name(item)}`),
    errored: (item: vscode.TestItem) => told.push(`errored ${name(item)}`),
    skipped: (item: vscode.TestItem) => told.push(`skipped ${name(item)}`),
    appendOutput: (output: string) => told.push(`output ${output.trim().split('\r\n').join('|')}`),
    end: () => told.push('end'),
  } as unknown as vscode.TestRun;
  return { run, told };
}

const item = (id: string): vscode.TestItem => ({ id }) as vscode.TestItem;

describe('BatchedTestRun', function () {
  it('sends no started for a cell whose result comes in the same batch', function () {
    const { run, told } = recordingRun();
    const batched = new BatchedTestRun(run);
    const a = item('a');
    batched.started(a);
    batched.passed(a);
    batched.end();
    assert.deepEqual(told, ['passed a', 'end']);
  });

  it('a cell still running when a batch goes is sent started before the passes of that batch, then passed in a later one', function () {
    const { run, told } = recordingRun();
    const batched = new BatchedTestRun(run);
    const slow = item('slow');
    batched.started(slow);
    // 256 passes fill a batch, which goes at once.
    for (let index = 0; index < 256; index++) {
      const fast = item(`f${index}`);
      batched.started(fast);
      batched.passed(fast);
    }
    assert.deepEqual(told.slice(0, 2), ['started slow', 'passed f0']);
    assert.equal(told.filter((line) => line.startsWith('started')).length, 1);
    batched.passed(slow);
    batched.end();
    assert.deepEqual(told.slice(-2), ['passed slow', 'end']);
  });

  it('a failure drops its own waiting start and sends what waits first, in order: output, cells running, passes', function () {
    const { run, told } = recordingRun();
    const batched = new BatchedTestRun(run);
    const [a, b, c] = [item('a'), item('b'), item('c')];
    batched.started(a);
    batched.started(b);
    batched.started(c);
    batched.appendLine('one');
    batched.passed(a);
    batched.failed(c, []);
    assert.deepEqual(told, ['output one', 'started b', 'passed a', 'failed c']);
    batched.errored(b, []);
    batched.end();
    assert.deepEqual(told.slice(4), ['errored b', 'end']);
  });

  it('sends a waiting start within its batch time when nothing else comes', async function () {
    const { run, told } = recordingRun();
    const batched = new BatchedTestRun(run);
    batched.started(item('a'));
    assert.deepEqual(told, []);
    // The batch's timer (100 ms) is what sends it; waited for by polling, not by a guess of its length.
    while (told.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(told, ['started a']);
    batched.end();
  });
});
