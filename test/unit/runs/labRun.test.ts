// The engine against the local gist service with injected faults, on a deterministic clock:
// every run ends with exactly the cells expected and none twice, whatever the service does.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { readFile, truncate, utimes, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { isGistError } from '../../../src/client/errors';
import { recordOf } from '../../../src/shared/keyedRecord';
import { writtenForms } from '../support/writtenForms';
import { scanDataFile } from '../../../src/dataset/dataScan';
import { isLabSetupError } from '../../../src/runs/labSetupError';
import { resumeLabRun, startLabRun } from '../../../src/runs/labRun';
import { planResume, resumeCalls, type ResumePlan } from '../../../src/runs/resumePlan';
import { resultsHeaderOf } from '../../fixtures/resultsHeader';
import { isResultsFileError } from '../../../src/runs/resultsFileError';
import { readResultsHeader } from '../../../src/runs/resultsReader';
import { summarizeResultsFile } from '../../../src/runs/summary';
import type { RunProgress } from '../../../src/runs/progressMeter';
import { everyCell, KEY, readBack, useLabFixture } from './labFixture';

const VARIANTS = ['formal', 'friendly', null];

function resumable(plan: ResumePlan): Extract<ResumePlan, { kind: 'resume' }> {
  assert.equal(plan.kind, 'resume', JSON.stringify({ kind: plan.kind }));
  return plan;
}

describe('variant lab runs', function () {
  const lab = useLabFixture();

  it('runs every row × variant cell once through the service and writes each as it finishes', async function () {
    const data = await lab.data(20);
    const progress: RunProgress[] = [];
    const outcome = await startLabRun(lab.plan(data), lab.options({ concurrency: 4, onProgress: (one) => progress.push(one) }));
    assert.equal(outcome.end, 'finished');
    assert.equal(outcome.resultsPath, path.join(lab.folder, 'people.welcome-email.gistrun.jsonl'));
    const back = await readBack(outcome.resultsPath);
    assert.deepEqual([...back.cells].sort(), everyCell(20, VARIANTS));
    assert.deepEqual(back.others, []);
    for (const result of back.results) {
      assert.equal(result.error, null);
      assert.match(result.content ?? '', new RegExp(`Person ${result.row}\\b`));
      assert.equal(result.values.product, `Product ${result.row}`);
      assert.equal(result.line, result.row + 1);
    }
    // Automatic names no variant: the service drew one.
    const generateCalls = lab.service.calls().filter((call) => call.path.startsWith('/v1/generate'));
    assert.equal(generateCalls.length, 60);
    assert.equal(generateCalls.filter((call) => call.path === '/v1/generate/welcome-email').length, 20);
    assert.ok(lab.client.maxInFlight <= 4 && lab.client.maxInFlight > 1, String(lab.client.maxInFlight));
    // The header: the data beside it, its hash, the profile and host, never the key.
    const text = await readFile(outcome.resultsPath, 'utf8');
    const header = JSON.parse(text.split('\n')[0] ?? '') as Record<string, unknown>;
    assert.deepEqual(header.data, { path: 'people.csv', sha256: (await planResume(outcome.resultsPath)).header.data.sha256, format: 'csv', rows: 20 });
    assert.equal(header.profile, 'Local');
    assert.equal(header.host, new URL(lab.service.url).host);
    for (const form of writtenForms(KEY)) {
      assert.ok(!text.includes(form));
    }
    const last = progress.at(-1);
    assert.equal(last?.done, 60);
    assert.equal(last?.total, 60);
    assert.equal(last?.failures, 0);
    assert.equal((await planResume(outcome.resultsPath)).kind, 'complete');
  });

  it('honours a 429’s Retry-After for the whole run, halves the concurrency, and still does every cell once', async function () {
    const data = await lab.data(12);
    lab.service.injectFaults({ path: '/v1/generate', status: 429, error: 'Slow down', retryAfter: '2' }, 3);
    const outcome = await startLabRun(lab.plan(data), lab.options({ concurrency: 4 }));
    assert.equal(outcome.end, 'finished');
    assert.ok(outcome.concurrencyDecreases >= 1);
    assert.ok(lab.clock.sleeps.includes(2200), `Retry-After 2 s plus a tenth of jitter: ${lab.clock.sleeps.join(', ')}`);
    assert.ok(lab.clock.sleeps.every((ms) => ms <= 2400));
    const back = await readBack(outcome.resultsPath);
    assert.deepEqual([...back.cells].sort(), everyCell(12, VARIANTS));
    assert.ok(back.results.every((result) => result.error === null));
    assert.equal(back.results.reduce((sum, result) => sum + result.attempts, 0), 36 + 3);
    assert.equal(outcome.progress.overloaded, 3);
    assert.equal(outcome.progress.retries, 3);
  });

  it('pauses every call of the run for a 429’s Retry-After, not only the call refused', async function () {
    const data = await lab.data(6);
    lab.service.injectFaults({ path: '/v1/generate', status: 429, retryAfter: '3' }, 1);
    const outcome = await startLabRun(lab.plan(data), lab.options({ concurrency: 4 }));
    assert.equal(outcome.end, 'finished');
    // The refused call waits 3.3 s; the calls that start after it wait for what is left of that pause.
    assert.equal(lab.clock.sleeps[0], 3300);
    assert.ok(lab.clock.sleeps.length > 1 && lab.clock.sleeps.slice(1).every((ms) => ms > 0 && ms <= 3300), lab.clock.sleeps.join(', '));
    assert.deepEqual([...(await readBack(outcome.resultsPath)).cells].sort(), everyCell(6, VARIANTS));
  });

  it('does not spend a cell’s retries on 429s and 503s: refused six times, it is tried a seventh and succeeds (issue 47: 12 of 300 cells failed so)', async function () {
    const data = await lab.data(2);
    lab.service.injectFaults({ path: '/v1/generate', status: 429, retryAfter: '1' }, 4);
    lab.service.injectFaults({ path: '/v1/generate', status: 503, retryAfter: '1' }, 2);
    const outcome = await startLabRun(lab.plan(data, { variants: ['formal'] }), lab.options({ concurrency: 1, maxRetries: 3 }));
    assert.equal(outcome.end, 'finished');
    const back = await readBack(outcome.resultsPath);
    assert.deepEqual(back.cells, ['1:formal:1', '2:formal:1']);
    assert.equal(back.results[0]?.error, null, JSON.stringify(back.results[0]?.error));
    assert.equal(back.results[0]?.attempts, 7);
    assert.equal(outcome.progress.failures, 0);
    assert.equal(outcome.progress.overloaded, 6);
  });

  it('fails a cell for a rate limit only when the service refused it for 5 minutes in a row, and says so', async function () {
    const data = await lab.data(2);
    lab.service.injectFaults({ path: '/v1/generate', status: 429, retryAfter: '60' }, 10);
    const outcome = await startLabRun(lab.plan(data, { variants: ['formal'] }), lab.options({ concurrency: 1, maxRetries: 3 }));
    assert.equal(outcome.end, 'finished');
    const [first, second] = (await readBack(outcome.resultsPath)).results;
    assert.equal(first?.error?.kind, 'rateLimited');
    assert.match(first?.error?.message ?? '', /kept refusing this call for 5 minutes \(HTTP 429\).*Rerun the failed cells later/);
    assert.equal(first?.attempts, 6, 'refused at 0, 66, 132, 198, 264 and 330 s (Retry-After 60, capped at a minute, plus a tenth)');
    assert.equal(second?.error, null, 'the next cell waits out the rest and succeeds');
    assert.equal(outcome.progress.failures, 1);
  });

  it('tries 500s and connection resets again, and records a cell that fails past its retries with its kind', async function () {
    const data = await lab.data(4);
    lab.service.injectFaults({ path: '/v1/generate', status: 500 }, 4);
    lab.service.injectFaults({ path: '/v1/generate', kind: 'resetBeforeBody' }, 1);
    lab.service.injectFaults({ path: '/v1/generate', kind: 'resetDuringBody' }, 1);
    const outcome = await startLabRun(lab.plan(data, { variants: ['formal'] }), lab.options({ concurrency: 1, maxRetries: 3 }));
    assert.equal(outcome.end, 'finished');
    const back = await readBack(outcome.resultsPath);
    assert.deepEqual(back.cells, ['1:formal:1', '2:formal:1', '3:formal:1', '4:formal:1']);
    const [first, second, ...rest] = back.results;
    assert.deepEqual(first?.error, { kind: 'service', message: first?.error?.message, status: 500 });
    assert.equal(first?.attempts, 4);
    assert.equal(second?.error, null);
    assert.equal(second?.attempts, 3, 'two resets, then an answer');
    assert.ok(rest.every((result) => result.error === null && result.attempts === 1));
    assert.deepEqual(lab.clock.sleeps.slice(0, 3), [1100, 2200, 4400], 'doubling backoff with a tenth of jitter');
    assert.equal(outcome.progress.failures, 1);
  });

  it('keeps the other calls going while one answer is slow', async function () {
    const data = await lab.data(10);
    lab.service.injectFaults({ path: '/v1/generate', latencyMs: 400 }, 1);
    const outcome = await startLabRun(lab.plan(data), lab.options({ concurrency: 4 }));
    assert.equal(outcome.end, 'finished');
    const back = await readBack(outcome.resultsPath);
    assert.deepEqual([...back.cells].sort(), everyCell(10, VARIANTS));
    assert.ok(back.results.every((result) => result.error === null));
  });

  it('stops the whole run at a 401 with the key’s message, records nothing for it, and a resume finishes', async function () {
    const data = await lab.data(10);
    let injected = false;
    const onProgress = (progress: RunProgress): void => {
      if (progress.done === 5 && !injected) {
        injected = true;
        lab.service.injectFaults({ path: '/v1/generate', status: 401, error: 'Unknown API key' }, 1);
      }
    };
    const outcome = await startLabRun(lab.plan(data), lab.options({ concurrency: 1, onProgress, progressIntervalMs: 0 }));
    assert.equal(outcome.end, 'stopped');
    assert.equal(outcome.reason?.kind, 'authentication');
    const error = outcome.reason?.kind === 'authentication' ? outcome.reason.error : undefined;
    assert.ok(isGistError(error));
    assert.equal(error.remedy, 'setApiKey');
    assert.match(error.message, /rejected the API key \(HTTP 401\)/);
    assert.equal(lab.service.calls().filter((call) => call.path.startsWith('/v1/generate')).length, 6, 'no call after the 401');
    const back = await readBack(outcome.resultsPath);
    assert.equal(back.results.length, 5);
    assert.ok(back.results.every((result) => result.error === null));

    const plan = resumable(await planResume(outcome.resultsPath));
    assert.equal(plan.missingCells, 25);
    const resumed = await resumeLabRun(plan, lab.options({ concurrency: 3 }));
    assert.equal(resumed.end, 'finished');
    assert.equal(resumed.progress.done, 25);
    const after = await readBack(outcome.resultsPath);
    assert.deepEqual([...after.cells].sort(), everyCell(10, VARIANTS));
  });

  it('stops a 403 mid-run the same way, aborting the calls under way', async function () {
    const data = await lab.data(30);
    lab.service.injectFaults({ path: '/v1/generate', latencyMs: 50, status: 403, error: 'Not allowed' }, 1);
    const outcome = await startLabRun(lab.plan(data), lab.options({ concurrency: 8 }));
    assert.equal(outcome.end, 'stopped');
    assert.equal(outcome.reason?.kind, 'authentication');
    const back = await readBack(outcome.resultsPath);
    assert.equal(new Set(back.cells).size, back.cells.length);
    assert.ok(back.results.every((result) => result.error === null));
    assert.ok(back.results.length < 90);
  });

  it('on cancel starts no call and keeps what finished; a resume runs exactly the rest', async function () {
    const data = await lab.data(40);
    const controller = new AbortController();
    const onProgress = (progress: RunProgress): void => {
      if (progress.done >= 10) {
        controller.abort();
      }
    };
    const outcome = await startLabRun(lab.plan(data), lab.options({ concurrency: 4, signal: controller.signal, onProgress, progressIntervalMs: 0 }));
    assert.equal(outcome.end, 'cancelled');
    const back = await readBack(outcome.resultsPath);
    assert.ok(back.results.length >= 10 && back.results.length < 120, String(back.results.length));
    assert.equal(new Set(back.cells).size, back.cells.length);
    const callsAtCancel = lab.service.calls().filter((call) => call.path.startsWith('/v1/generate')).length;
    assert.ok(callsAtCancel <= back.results.length + 4, `${callsAtCancel} calls for ${back.results.length} results: at most the 4 under way were lost`);
    assert.equal(outcome.progress.inFlight, 0);

    const plan = resumable(await planResume(outcome.resultsPath));
    assert.equal(plan.missingCells, 120 - back.results.length);
    const resumed = await resumeLabRun(plan, lab.options({ concurrency: 4 }));
    assert.equal(resumed.end, 'finished');
    const after = await readBack(outcome.resultsPath);
    assert.equal(after.cells.length, 120);
    assert.deepEqual([...after.cells].sort(), everyCell(40, VARIANTS));
  });

  it('refuses a resume planned before another run wrote to the file, calling nothing; planned again, it runs each missing cell once', async function () {
    const data = await lab.data(20);
    const controller = new AbortController();
    const onProgress = (progress: RunProgress): void => (progress.done >= 10 ? controller.abort() : undefined);
    const outcome = await startLabRun(lab.plan(data), lab.options({ concurrency: 2, signal: controller.signal, onProgress, progressIntervalMs: 0 }));
    assert.equal(outcome.end, 'cancelled');
    // Two windows planned a resume of the same file; the other one ran its resume first.
    const stale = resumable(await planResume(outcome.resultsPath));
    const other = resumable(await planResume(outcome.resultsPath));
    assert.equal((await resumeLabRun(other, lab.options())).end, 'finished');
    const calls = lab.service.calls().length;
    await assert.rejects(resumeLabRun(stale, lab.options()), (error: unknown) => isResultsFileError(error) && (error as { kind: string }).kind === 'changed' && /Resume again/.test(error.message));
    assert.equal(lab.service.calls().length, calls, 'nothing was called');
    const after = await readBack(outcome.resultsPath);
    assert.equal(after.cells.length, 60);
    assert.deepEqual([...after.cells].sort(), everyCell(20, VARIANTS));
    assert.equal((await planResume(outcome.resultsPath)).kind, 'complete');
  });

  it('survives 429s, 500s, resets and a slow answer, a cancel in the middle and a resume: exactly every cell, none twice', async function () {
    const rows = 60;
    const data = await lab.data(rows);
    lab.service.injectFaults({ path: '/v1/generate', status: 429, retryAfter: '1' }, 4);
    lab.service.injectFaults({ path: '/v1/generate', status: 500 }, 3);
    lab.service.injectFaults({ path: '/v1/generate', kind: 'resetBeforeBody' }, 2);
    lab.service.injectFaults({ path: '/v1/generate', latencyMs: 300 }, 1);
    lab.service.injectFaults({ path: '/v1/generate', status: 503, retryAfter: '1' }, 2);
    const controller = new AbortController();
    const outcome = await startLabRun(
      lab.plan(data),
      lab.options({
        concurrency: 6,
        signal: controller.signal,
        progressIntervalMs: 0,
        onProgress: (progress) => {
          if (progress.done >= 90) {
            controller.abort();
          }
        },
      }),
    );
    assert.equal(outcome.end, 'cancelled');
    const plan = resumable(await planResume(outcome.resultsPath));
    lab.service.injectFaults({ path: '/v1/generate', status: 500 }, 2);
    await resumeLabRun(plan, lab.options({ concurrency: 6 }));
    const back = await readBack(outcome.resultsPath);
    assert.equal(back.cells.length, rows * 3);
    assert.deepEqual([...back.cells].sort(), everyCell(rows, VARIANTS));
    assert.ok(back.results.every((result) => result.error === null), 'every fault was retried away');
    assert.equal((await planResume(outcome.resultsPath)).kind, 'complete');
  });

  it('records a row that cannot be sent and goes on, or stops there when asked', async function () {
    const data = await lab.data(0, 'name,product\nAda,Loom\nGrace\nAl"an,Engine\nEdsger,Compiler\n');
    const skipped = await startLabRun(lab.plan(data, { variants: ['formal'] }), lab.options());
    assert.equal(skipped.end, 'finished');
    const back = await readBack(skipped.resultsPath);
    assert.deepEqual(back.cells, ['1:formal:1', '4:formal:1']);
    assert.deepEqual(
      back.rowErrors.map((row) => [row.row, row.line]),
      [
        [2, 3],
        [3, 4],
      ],
    );
    assert.match(back.rowErrors[0]?.message ?? '', /^Line 3: it has no value in the column “product”/);
    assert.equal(skipped.progress.rowErrors, 2);
    assert.equal((await planResume(skipped.resultsPath)).kind, 'complete', 'a recorded row error is done');

    const stopped = await startLabRun(lab.plan(data, { variants: ['formal'], overwrite: true }), lab.options({ onBadRow: 'stop', concurrency: 1 }));
    assert.equal(stopped.end, 'stopped');
    assert.deepEqual(stopped.reason, { kind: 'badRow', row: 2, line: 3, message: 'Line 3: it has no value in the column “product” (for the variable “product”).' });
    const stoppedBack = await readBack(stopped.resultsPath);
    assert.deepEqual(stoppedBack.cells, ['1:formal:1']);
    assert.deepEqual(stoppedBack.rowErrors, []);
  });

  it('refuses to resume over data that changed, and says where the data went', async function () {
    const data = await lab.data(5);
    const outcome = await startLabRun(lab.plan(data), lab.options());
    await truncate(outcome.resultsPath, (await readFile(outcome.resultsPath)).length - 1);
    await writeFile(data, 'name,product\nSomeone,Else\n');
    const changed = await planResume(outcome.resultsPath);
    assert.equal(changed.kind, 'dataChanged');
    assert.ok(changed.kind === 'dataChanged' && changed.expectedSha256 !== changed.actualSha256);
    const gone = await planResume(outcome.resultsPath, { dataPath: path.join(lab.folder, 'nowhere.csv') });
    assert.equal(gone.kind, 'dataUnreadable');
  });

  it('refuses a resume that would make more calls than a run makes, calling nothing: a results file’s header may ask for any number (audit)', async function () {
    const data = await lab.data(400);
    const sha256 = createHash('sha256').update(await readFile(data)).digest('hex');
    const results = path.join(lab.folder, 'asks-for-millions.gistrun.jsonl');
    // 400 rows × 32 variants × 100 samples, none run: 1,280,000 calls.
    const header = resultsHeaderOf({ variants: Array.from({ length: 32 }, (_, index) => `v${index}`), samples: 100, data: { path: 'people.csv', sha256, format: 'csv', rows: 400 }, mapping: { name: { column: 'name' }, product: { column: 'product' } } }, 400);
    await writeFile(results, `${JSON.stringify(header)}\n`);
    const plan = resumable(await planResume(results));
    assert.equal(resumeCalls(plan), 1_280_000);
    const calls = lab.service.calls().length;
    await assert.rejects(resumeLabRun(plan, lab.options()), (error: unknown) => isLabSetupError(error) && /1,280,000 calls; a run makes at most 1,000,000/.test(error.message));
    assert.equal(lab.service.calls().length, calls, 'no call');
    assert.equal(await readFile(results, 'utf8'), `${JSON.stringify(header)}\n`);
  });

  it('reuses the summary’s scan of an unchanged data file, and scans again a file changed since', async function () {
    const data = await lab.data(4);
    const scan = await scanDataFile(data, 'csv');
    // A scan of the same file says the same: marked here so that its reuse shows in the header.
    const marked = { ...scan, sha256: 'f'.repeat(64) };
    const reused = await startLabRun({ ...lab.plan(data), scan: marked }, lab.options());
    assert.equal(reused.end, 'finished');
    assert.equal((await readResultsHeader(reused.resultsPath)).data.sha256, marked.sha256);
    // Changed after the summary (other rows, a later time): scanned again, the header tells the truth.
    await writeFile(data, 'name,product\nSomeone,Else\nAnother,One\n');
    await utimes(data, new Date(), new Date(scan.modifiedMs + 5000));
    const rescanned = await startLabRun({ ...lab.plan(data), scan: marked, overwrite: true }, lab.options());
    assert.equal(rescanned.end, 'finished');
    assert.equal((await planResume(rescanned.resultsPath)).kind, 'complete');
    const header = await readResultsHeader(rescanned.resultsPath);
    assert.equal(header.data.rows, 2);
    assert.equal(header.data.sha256, (await scanDataFile(data, 'csv')).sha256);
  });

  it('runs a cell cut short by a crash again, and a failed cell again when asked, each once', async function () {
    const data = await lab.data(3);
    lab.service.injectFaults({ path: '/v1/generate', status: 500 }, 4);
    const outcome = await startLabRun(lab.plan(data, { variants: ['formal', 'short'] }), lab.options({ concurrency: 1, maxRetries: 3 }));
    const text = await readFile(outcome.resultsPath, 'utf8');
    // The last line loses its end: the run "crashed" while writing it.
    await writeFile(outcome.resultsPath, text.slice(0, text.length - 20));
    const missing = resumable(await planResume(outcome.resultsPath));
    assert.equal(missing.missingCells, 1);
    assert.ok(missing.truncatedLine);
    await resumeLabRun(missing, lab.options());
    const mid = await readBack(outcome.resultsPath);
    assert.deepEqual(mid.others, []);
    assert.deepEqual([...mid.cells].sort(), everyCell(3, ['formal', 'short']));
    assert.equal(mid.results.filter((result) => result.error !== null).length, 1);

    assert.equal((await planResume(outcome.resultsPath)).kind, 'complete');
    const rerun = resumable(await planResume(outcome.resultsPath, { rerunFailed: true }));
    assert.equal(rerun.missingCells, 1);
    await resumeLabRun(rerun, lab.options());
    const after = await readBack(outcome.resultsPath);
    assert.equal(after.cells.length, 7, 'the failed cell has its failure and then its success');
    const summary = await summarizeResultsFile(outcome.resultsPath);
    assert.equal(summary.repeatedCells, 1);
    assert.deepEqual(
      summary.variants.map((variant) => [variant.variant, variant.calls, variant.failures]),
      [
        ['formal', 3, 0],
        ['short', 3, 0],
      ],
    );
  });

  it('runs several samples of each cell, each once', async function () {
    const data = await lab.data(3);
    const outcome = await startLabRun(lab.plan(data, { variants: ['formal', null], samples: 3 }), lab.options({ concurrency: 5 }));
    assert.equal(outcome.end, 'finished');
    assert.equal(outcome.progress.total, 18);
    const back = await readBack(outcome.resultsPath);
    assert.deepEqual([...back.cells].sort(), everyCell(3, ['formal', null], 3));
    assert.equal(new Set(back.results.map((result) => result.callId)).size, 18);
  });

  it('refuses a plan that cannot run before calling anything', async function () {
    const data = await lab.data(2);
    const refusals = [
      lab.plan(data, { variants: [] }),
      lab.plan(data, { variants: ['formal', 'formal'] }),
      lab.plan(data, { samples: 0 }),
      lab.plan(data, { mapping: recordOf([['name', { column: 'Name' }]]) }),
    ];
    for (const plan of refusals) {
      await assert.rejects(startLabRun(plan, lab.options()), isLabSetupError);
    }
    assert.equal(lab.service.calls().length, 0);
  });
});
