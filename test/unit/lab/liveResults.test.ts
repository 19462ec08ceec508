// A results view in the window of the run that writes its file takes the run's lines as each write
// lands (liveResults.ts) instead of reading them back: what it then knows must be exactly what a
// view that read the file knows, whatever the lines (failures, row errors, reruns, samples, any
// text, keys redacted) and however the writes and the view's own reads fall between them.
import { strict as assert } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { LiveResults } from '../../../src/lab/liveResults';
import { ResultsIndex, type FedLine } from '../../../src/lab/resultsIndex';
import type { ResultsLine } from '../../../src/runs/resultsFormat';
import { ResultsWriter } from '../../../src/runs/resultsWriter';
import { REDACTED } from '../../../src/shared/redact';
import { recordOf } from '../../../src/shared/keyedRecord';
import type { ValueSource } from '../../../src/dataset/columnMapping';
import { failed, header, result, rowError } from '../runs/resultsSamples';

const KEY = 'gk_live_0123456789abcdef';

/** Everything the index knows, as plain data. */
function knowledge(index: ResultsIndex): unknown {
  return {
    bytesRead: index.bytesRead,
    problems: [...index.problems],
    rows: [...index.rows.values()].map((row) => ({
      row: row.row,
      line: row.line,
      offset: row.offset,
      bytes: row.bytes,
      rowError: row.rowError,
      cells: row.cells.map((samples) =>
        samples.map((sample) =>
          sample === undefined
            ? undefined
            : {
                offset: sample.offset,
                bytes: sample.bytes,
                failed: sample.failed,
                errorKind: sample.errorKind,
                latencyMs: sample.latencyMs,
                length: sample.length,
                hash: sample.hash,
                sortKey: sample.sortKey,
                callId: sample.callId,
                passed: sample.passed,
              },
        ),
      ),
    })),
  };
}

/** A writer of a new results file whose writes feed `view.index` (once there is one), and what the feeding did. */
async function fedWriter(file: string, view: { index?: ResultsIndex }, options: { overwrite?: boolean; startedAt?: string } = {}): Promise<{ writer: ResultsWriter; taken: number; refused: number }> {
  const counts = { taken: 0, refused: 0 };
  const live = new LiveResults((start: number, lines: readonly FedLine[]) => {
    if (view.index?.feed(start, lines) === true) counts.taken += 1;
    else counts.refused += 1;
  });
  const writer = await ResultsWriter.create(
    file,
    header({ variants: ['formal', null], samples: 2, data: { path: 'people.csv', sha256: 'a'.repeat(64), format: 'csv', rows: 50 }, ...(options.startedAt === undefined ? {} : { startedAt: options.startedAt }) }),
    { secrets: [KEY], observer: live, overwrite: options.overwrite },
  );
  // Only what comes after the header counts: most tests open the index once the header is written.
  counts.taken = 0;
  counts.refused = 0;
  return Object.assign(counts, { writer });
}

/** A new results file's writer feeding a view's index opened once its header is written, as a run's view is. */
async function fedView(file: string): Promise<{ fed: Awaited<ReturnType<typeof fedWriter>>; index: ResultsIndex }> {
  const view: { index?: ResultsIndex } = {};
  const fed = await fedWriter(file, view);
  view.index = await ResultsIndex.open(file);
  return { fed, index: view.index };
}

describe('results view fed by its window\'s run', function () {
  let folder: string;
  let file: string;

  beforeEach(async function () {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gist-live-results-'));
    file = path.join(folder, 'people.welcome-email.gistrun.jsonl');
  });

  afterEach(async function () {
    await rm(folder, { recursive: true, force: true });
  });

  it('takes each write without reading it back, and knows what a read of the file knows', async function () {
    const { fed, index } = await fedView(file);
    const batches: ResultsLine[][] = [
      [result(1, 'formal', 1), result(1, null, 1), failed(2, 'formal', 1)],
      [rowError(3), result(2, null, 2, { content: 'Ünïcödé 🎉 text\r\nwith "quotes"', length: 30 }), result(2, 'formal', 1)],
      [result(4, 'formal', 2, { latencyMs: 1234.5 })],
    ];
    for (const batch of batches) {
      for (const line of batch) fed.writer.append(line);
      await fed.writer.flushed();
    }
    assert.equal(fed.taken, batches.length);
    assert.equal(await index.catchUp(), false, 'the view read lines its run had told it of');
    assert.deepEqual(knowledge(index), knowledge(await ResultsIndex.open(file)));
    await fed.writer.close();
  });

  it('takes a write of thousands of lines (a second of a fast run) as a read of them knows them, row errors among them', async function () {
    // A second's lines wait for their write together: every line's sort key and call id, whatever
    // their lengths and characters, reach the view as a read of the file knows them.
    const { fed, index } = await fedView(file);
    for (let row = 1; row <= 1500; row++) {
      if (row % 97 === 0) {
        fed.writer.append(rowError(row));
        continue;
      }
      const content = `${'Ünïcödé '.repeat(row % 4)}reply ${row} ${'x'.repeat(row % 30)}`;
      fed.writer.append(result(row, 'formal', 1, { content, length: content.length, callId: `call-${row}-${'a'.repeat(row % 17)}` }));
      if (row % 5 === 0) fed.writer.append(failed(row, null, 2));
      else fed.writer.append(result(row, null, 2, { content: row % 3 === 0 ? '' : `B${row}`, length: row % 3 === 0 ? 0 : 1, callId: row % 7 === 0 ? `call ${'é'.repeat(row % 40)}` : `c${row}`, latencyMs: row / 7 }));
    }
    await fed.writer.flushed();
    assert.equal(fed.taken, 1);
    assert.equal(await index.catchUp(), false, 'the view read lines its run had told it of');
    assert.deepEqual(knowledge(index), knowledge(await ResultsIndex.open(file)));
    await fed.writer.close();
  });

  it('reads a write that holds a redacted line from the file, and takes the writes after it once it has read it', async function () {
    const { fed, index } = await fedView(file);
    fed.writer.append(result(1, 'formal', 1));
    fed.writer.append(result(1, null, 1, { content: `the key is ${KEY}`, length: 40 }));
    // (the writer is closed below: a failing assertion leaves it to the folder's removal)
    await fed.writer.flushed();
    assert.equal(fed.taken + fed.refused, 0, 'a write with a redacted line was told');
    fed.writer.append(result(2, 'formal', 1));
    await fed.writer.flushed();
    assert.equal(fed.refused, 1, 'a write after one the view has not read was taken');
    assert.equal(await index.catchUp(), true);
    fed.writer.append(result(3, 'formal', 1));
    await fed.writer.flushed();
    assert.equal(fed.taken, 1);
    assert.equal(await index.catchUp(), false);
    const read = await ResultsIndex.open(file);
    assert.deepEqual(knowledge(index), knowledge(read));
    assert.equal(read.rows.get(1)?.cells[1]?.[0]?.sortKey, `the key is ${REDACTED}`.slice(0, 24).toLowerCase());
    await fed.writer.close();
  });

  it('does not take a write while it reads (it reads that write itself)', async function () {
    const { fed, index } = await fedView(file);
    fed.writer.append(result(1, 'formal', 1));
    await fed.writer.flushed();
    fed.writer.append(result(2, 'formal', 1));
    // The view's read starts before the write lands and ends after it.
    const reading = index.catchUp();
    await fed.writer.flushed();
    await reading;
    await index.catchUp();
    assert.deepEqual(knowledge(index), knowledge(await ResultsIndex.open(file)));
    await fed.writer.close();
  });

  it('reads a file replaced by a new run from its start, even when the new file is as long as what it had read', async function () {
    // What a second run over the same results file (Run over Data with the same name, overwrite) does under an open view.
    const first = await ResultsWriter.create(file, header({ startedAt: '2026-01-01T00:00:00.000Z' }), { secrets: [] });
    first.append(result(1, 'formal', 1, { content: 'first run' }));
    await first.close();
    const index = await ResultsIndex.open(file);
    const second = await ResultsWriter.create(file, header({ startedAt: '2026-01-02T00:00:00.000Z' }), { secrets: [], overwrite: true });
    for (const row of [1, 2, 3]) second.append(result(row, 'formal', 1, { content: 'second run' }));
    await second.close();
    await index.catchUp();
    assert.deepEqual(knowledge(index), knowledge(await ResultsIndex.open(file)));
    assert.equal(index.header.startedAt, '2026-01-02T00:00:00.000Z');
  });

  it('tells a replaced file by its header\'s ends, however long the header (a results file may come from anywhere)', async function () {
    // A header of ~200 KB: the index compares its first and last 4 KiB at each read, not all of it.
    const long = (startedAt: string): ReturnType<typeof header> =>
      header({ startedAt, mapping: recordOf<ValueSource>([['name', { column: 'name' }], ...['a', 'b', 'c', 'd'].map((name): [string, ValueSource] => [name, { constant: name.repeat(50_000) }])]) });
    const first = await ResultsWriter.create(file, long('2026-01-01T00:00:00.000Z'), { secrets: [] });
    first.append(result(1, 'formal', 1));
    await first.close();
    const index = await ResultsIndex.open(file);
    assert.equal(await index.catchUp(), false, 'an unchanged file was read again');
    const second = await ResultsWriter.create(file, long('2026-01-02T00:00:00.000Z'), { secrets: [], overwrite: true });
    for (const row of [1, 2]) second.append(result(row, 'formal', 1));
    await second.close();
    assert.equal(await index.catchUp(), true);
    assert.equal(index.header.startedAt, '2026-01-02T00:00:00.000Z');
    assert.deepEqual(knowledge(index), knowledge(await ResultsIndex.open(file)));
  });

  it('takes a new run\'s header as a new file, whatever it had read of the file before', async function () {
    const first = await ResultsWriter.create(file, header(), { secrets: [] });
    first.append(result(1, 'formal', 1, { content: 'first run' }));
    await first.close();
    const index = await ResultsIndex.open(file);
    const fed = await fedWriter(file, { index }, { overwrite: true, startedAt: '2026-01-02T00:00:00.000Z' });
    try {
      fed.writer.append(result(2, 'formal', 1));
      await fed.writer.flushed();
      assert.equal(fed.refused, 0);
      assert.equal(index.header.startedAt, '2026-01-02T00:00:00.000Z');
      assert.equal(await index.catchUp(), false, 'the view read lines its run had told it of');
      assert.deepEqual(knowledge(index), knowledge(await ResultsIndex.open(file)));
      assert.equal(index.rows.has(1), false);
    } finally {
      await fed.writer.close();
    }
  });

  it('knows what a read knows, whatever the lines and however writes and reads fall (property)', async function () {
    const variant = fc.constantFrom<string | null>('formal', null);
    const text = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.constant(`key ${KEY} inside`));
    const line = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 6 }), variant, fc.integer({ min: 1, max: 2 }), text, fc.double({ min: 0, max: 1e5, noNaN: true })).map(([row, which, sample, content, latencyMs]) =>
        result(row, which, sample, { content, length: content.length, latencyMs: Math.round(latencyMs * 10) / 10 }),
      ),
      fc.tuple(fc.integer({ min: 1, max: 6 }), variant, fc.integer({ min: 1, max: 2 })).map(([row, which, sample]) => failed(row, which, sample)),
      fc.integer({ min: 1, max: 6 }).map((row) => rowError(row)),
    );
    // Each step: lines appended, then the write awaited, with the view reading meanwhile or not.
    const steps = fc.array(fc.record({ lines: fc.array(line, { minLength: 1, maxLength: 5 }), readMeanwhile: fc.boolean(), readAfter: fc.boolean() }), { minLength: 1, maxLength: 6 });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(steps, async (plan) => {
        run += 1;
        const one = path.join(folder, `run-${run}.gistrun.jsonl`);
        const { fed, index } = await fedView(one);
        try {
          for (const step of plan) {
            for (const each of step.lines) fed.writer.append(each);
            const reading = step.readMeanwhile ? index.catchUp() : undefined;
            await fed.writer.flushed();
            await reading;
            if (step.readAfter) await index.catchUp();
          }
        } finally {
          await fed.writer.close();
        }
        // The view's update reads whatever it was not told of.
        await index.catchUp();
        assert.deepEqual(knowledge(index), knowledge(await ResultsIndex.open(one)));
      }),
      { numRuns: 150 },
    );
  });
});
