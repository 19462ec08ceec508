// Per-variant figures of a results file: calls, failures, latency p50/p95 and length, computed as
// the file streams by, a cell counted by its last line.
//
// Percentiles follow Hyndman & Fan (1996), "Sample quantiles in statistical packages", The
// American Statistician 50(4), definition 7 (R's and numpy's default). Reference: numpy's
// documentation of numpy.percentile gives percentile([[10, 7, 4], [3, 2, 1]], 50) = 3.5; by the
// same definition the 95th percentile of those six values is 7 + 0.75 × (10 − 7) = 9.25.
import { strict as assert } from 'node:assert';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { ResultsWriter } from '../../../src/runs/resultsWriter';
import { summarizeResultsFile } from '../../../src/runs/summary';
import { failed, header, result, rowError } from './resultsSamples';

describe('summary statistics', function () {
  let folder: string;

  beforeEach(async function () {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gist-summary-'));
  });

  afterEach(async function () {
    await rm(folder, { recursive: true, force: true });
  });

  it('gives each variant its calls, failures, latency p50/p95 (numpy’s example) and length', async function () {
    const file = path.join(folder, 'r.gistrun.jsonl');
    const writer = await ResultsWriter.create(file, header({ samples: 1, variants: ['formal', null, 'friendly'] }), { secrets: [] });
    const latencies = [10, 7, 4, 3, 2, 1];
    for (const [index, latencyMs] of latencies.entries()) {
      writer.append(result(index + 1, 'formal', 1, { latencyMs, length: [5, 10, 15, 10, 5, 15][index] ?? 0 }));
    }
    writer.append(failed(7, 'formal', 1));
    // Automatic: a failure run again and then a success: the last line counts.
    writer.append(failed(1, null, 1));
    writer.append(result(1, null, 1, { latencyMs: 40, length: 3, content: '🐸ab' }));
    writer.append(result(2, null, 1, { latencyMs: 20, length: 4 }));
    writer.append(rowError(8));
    await writer.close();
    await appendFile(file, '{"type":"result","row":"x"}\n{"type":"res');

    const summary = await summarizeResultsFile(file);
    const [formal, automatic, friendly] = summary.variants;
    assert.deepEqual(formal, { variant: 'formal', calls: 7, failures: 1, latencyP50Ms: 3.5, latencyP95Ms: 9.25, meanLength: 10, medianLength: 10 });
    assert.deepEqual(automatic, { variant: null, calls: 2, failures: 0, latencyP50Ms: 30, latencyP95Ms: 39, meanLength: 3.5, medianLength: 3.5 });
    assert.deepEqual(friendly, { variant: 'friendly', calls: 0, failures: 0, latencyP50Ms: undefined, latencyP95Ms: undefined, meanLength: undefined, medianLength: undefined });
    assert.equal(summary.rowErrors, 1);
    assert.equal(summary.repeatedCells, 1);
    assert.equal(summary.invalidLines, 1);
    assert.ok(summary.truncatedLine);
  });

  it('counts only failures when no call of a variant succeeded', async function () {
    const file = path.join(folder, 'r.gistrun.jsonl');
    const writer = await ResultsWriter.create(file, header(), { secrets: [] });
    writer.append(failed(1, 'formal', 1));
    writer.append(failed(1, 'formal', 2));
    await writer.close();
    const [formal] = (await summarizeResultsFile(file)).variants;
    assert.equal(formal?.calls, 2);
    assert.equal(formal?.failures, 2);
    assert.equal(formal?.latencyP50Ms, undefined);
  });
});
