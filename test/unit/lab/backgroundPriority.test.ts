// The verdicts' worker thread runs at a background priority on Linux, so that a busy machine gives
// the extension host's main thread the core first; the main thread's own priority is left alone.
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BACKGROUND_NICE, currentThreadId } from '../../../src/lab/backgroundPriority';
import { VerdictsComputer } from '../../../src/lab/verdictsComputer';

const WORKER = path.resolve(__dirname, '..', '..', '..', 'src', 'lab', 'verdictsWorker.js');

/** The nice value of each thread of this process, by thread id (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>();
  for (const task of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    // Fields after the command's closing parenthesis start at field 3 (state); nice is field 19.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    nices.set(Number(task), Number(fields[16]));
  }
  return nices;
}

describe('background priority of worker threads', function () {
  before(function () {
    if (process.platform !== 'linux') this.skip();
  });

  it('never raises a thread’s priority: a thread already below it keeps its own', async function () {
    const moduleFile = require.resolve('../../../src/lab/backgroundPriority');
    const code = `
      const { parentPort } = require('node:worker_threads');
      const { setPriority, getPriority } = require('node:os');
      const { currentThreadId, lowerThreadPriority } = require(${JSON.stringify(moduleFile)});
      const thread = currentThreadId();
      setPriority(thread, 15);
      const lowered = lowerThreadPriority();
      parentPort.postMessage({ lowered, nice: getPriority(thread) });`;
    const worker = new Worker(code, { eval: true });
    try {
      const answer = await new Promise<{ lowered: boolean; nice: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      assert.deepEqual(answer, { lowered: true, nice: 15 });
    } finally {
      await worker.terminate();
    }
  });

  it('the verdicts worker thread lowers its own priority; the main thread keeps its own', async function () {
    const mainThread = currentThreadId();
    assert.equal(mainThread, process.pid, 'the main thread’s id is the process id');
    const mainNice = getPriority();
    const before = threadNices();
    const computer = new VerdictsComputer(WORKER);
    try {
      // A request answered means the worker started and ran its first lines.
      await computer.compute({ variants: ['formal', 'friendly'], cells: [], votes: [] }, []);
      const newThreads = [...threadNices()].filter(([thread]) => !before.has(thread));
      assert.ok(
        newThreads.some(([, nice]) => nice === BACKGROUND_NICE),
        `a thread of the worker runs at nice ${BACKGROUND_NICE}: ${JSON.stringify(newThreads)}`,
      );
      assert.equal(threadNices().get(process.pid), mainNice, 'the main thread is untouched');
      assert.equal(getPriority(), mainNice);
    } finally {
      computer.dispose();
    }
  });
});
