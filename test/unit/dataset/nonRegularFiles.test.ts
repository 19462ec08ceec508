// Data files and results files are streamed, never read whole, but a stream of /dev/zero never ends
// (hashing the data file for a results header would run forever) and the open of a named pipe waits
// for a writer that never comes. Each reader refuses what is not a regular file, at once, with a
// message that says so. The reads run in a child process with a deadline, so a regression fails
// the test instead of hanging the suite.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { callInChild, type ChildCall } from '../support/childCall';

const FILE_HASH = require.resolve('../../../src/dataset/fileHash');
const DATA_SCAN = require.resolve('../../../src/dataset/dataScan');
const RESULTS_READER = require.resolve('../../../src/runs/resultsReader');
const RESULTS_INDEX = require.resolve('../../../src/lab/resultsIndex');

const DEVICE = /it is \(or links to\) a device such as \/dev\/zero, not a regular file: replace it with a file, or remove it\.$/;
const PIPE = /it is \(or links to\) a named pipe \(FIFO\), not a regular file: replace it with a file, or remove it\.$/;

function refused(call: ChildCall): string {
  assert.equal(call.timedOut, false, `the read did not end within ${call.ms} ms: it read the file (or waited on it)`);
  assert.ok(call.error !== undefined, `it was read: ${JSON.stringify(call.value)}`);
  return call.error;
}

describe('data and results files that are not regular files', function () {
  let dir: string;
  let zero: string;
  let pipe: string;

  before(function () {
    if (process.platform === 'win32') this.skip();
  });

  beforeEach(function () {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gist-nonregular-'));
    zero = path.join(dir, 'zero.csv');
    symlinkSync('/dev/zero', zero);
    pipe = path.join(dir, 'pipe.csv');
    execFileSync('mkfifo', [pipe]);
  });

  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  it('the data file’s hash (for a results header): /dev/zero and a named pipe refused', async function () {
    assert.match(refused(await callInChild(FILE_HASH, 'sha256OfFile', [zero])), new RegExp(`^The data file cannot be read: ${DEVICE.source}`));
    assert.match(refused(await callInChild(FILE_HASH, 'sha256OfFile', [pipe])), new RegExp(`^The data file cannot be read: ${PIPE.source}`));
  });

  it('a data file scanned before a run: /dev/zero and a named pipe refused', async function () {
    assert.match(refused(await callInChild(DATA_SCAN, 'scanDataFile', [zero, 'csv'])), DEVICE);
    assert.match(refused(await callInChild(DATA_SCAN, 'scanDataFile', [pipe, 'csv'])), PIPE);
  });

  it('a results file, streamed (summary, resume) or indexed (the results view, comparisons): refused', async function () {
    const results = path.join(dir, 'zero.gistrun.jsonl');
    symlinkSync('/dev/zero', results);
    const fifo = path.join(dir, 'pipe.gistrun.jsonl');
    execFileSync('mkfifo', [fifo]);
    assert.match(refused(await callInChild(RESULTS_READER, 'readResultsHeader', [results])), new RegExp(`^The results file cannot be read: ${DEVICE.source}`));
    assert.match(refused(await callInChild(RESULTS_READER, 'readResultsHeader', [fifo])), new RegExp(`^The results file cannot be read: ${PIPE.source}`));
    assert.match(refused(await callInChild(RESULTS_INDEX, 'ResultsIndex.open', [results])), new RegExp(`^The results file cannot be read: ${DEVICE.source}`));
    assert.match(refused(await callInChild(RESULTS_INDEX, 'ResultsIndex.open', [fifo])), new RegExp(`^The results file cannot be read: ${PIPE.source}`));
  });
});
