// The results index's samples in columns: every field reads back as it was added, across the joins
// of the pooled texts and the growth of the typed arrays; and the index of 20,000 results keeps
// little on the JavaScript heap, which is what keeps the extension host's garbage collections short
// while the verdict panel reads a file (issue 28: the event loop never blocked > 50 ms).
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ResultsIndex, type IndexedSample } from '../../../src/lab/resultsIndex';
import { SampleStore, type SampleFields } from '../../../src/lab/sampleStore';
import { resultsHeaderOf } from '../../fixtures/resultsHeader';
import { resultLineOf } from '../../fixtures/resultLine';

function fieldsOf(i: number): SampleFields {
  const failed = i % 7 === 0;
  return {
    offset: i * 3_000_000_017,
    bytes: 100 + i,
    failed,
    errorKind: failed ? ['service', 'network', 'timeout'][i % 3] : undefined,
    latencyMs: i + 0.25,
    length: failed ? -1 : i * 3,
    hash: (i * 2654435761) >>> 0,
    sortKey: `${'İé\u202e'.repeat(i % 3)}key ${i}`.slice(0, 24).toLowerCase(),
    callId: i % 11 === 0 ? '' : `call-${i}`,
    passed: i % 5 === 0 ? undefined : i % 2 === 0,
  };
}

function plain(sample: IndexedSample): SampleFields {
  const { offset, bytes, failed, errorKind, latencyMs, length, hash, sortKey, callId, passed } = sample;
  return { offset, bytes, failed, errorKind, latencyMs, length, hash, sortKey, callId, passed };
}

/**
 * The heap an index of `file` keeps, a result, after full collections: measured in a Node process
 * of its own, whose heap holds nothing else that a collection could free meanwhile.
 */
function retainedPerResult(file: string, results: number): number {
  const script = `
    const { ResultsIndex } = require(${JSON.stringify(require.resolve('../../../src/lab/resultsIndex'))});
    (async () => {
      gc(); gc();
      const before = process.memoryUsage().heapUsed;
      const index = await ResultsIndex.open(${JSON.stringify(file)});
      gc(); gc();
      const after = process.memoryUsage().heapUsed;
      process.stdout.write(JSON.stringify({ rows: index.rows.size, bytes: after - before }));
    })();`;
  const measured = JSON.parse(execFileSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8' })) as { rows: number; bytes: number };
  assert.equal(measured.rows, results / 4);
  return measured.bytes / results;
}

describe('sample store (pure)', function () {
  it('reads back every field as added, before and after its texts are joined, past several growths', function () {
    const store = new SampleStore();
    const samples = [];
    for (let i = 0; i < 5000; i++) {
      samples.push(store.add(fieldsOf(i)));
      // A sample read before its texts were joined, now and then, as a view reading mid-slice would.
      if (i % 997 === 0) assert.deepEqual(plain(samples[i]!), fieldsOf(i), `sample ${i} before the join`);
    }
    store.seal();
    for (let i = 0; i < samples.length; i++) assert.deepEqual(plain(samples[i]!), fieldsOf(i), `sample ${i}`);
  });

  it('takes a hostile file’s 200,000 distinct error kinds in bounded time, each read back as written', function () {
    this.timeout(20_000);
    const store = new SampleStore();
    // Distinct words: i in base 26, four letters.
    const kinds = Array.from({ length: 200_000 }, (_, i) => `kind${[17_576, 676, 26, 1].map((place) => String.fromCharCode(97 + (Math.floor(i / place) % 26))).join('')}`);
    assert.equal(new Set(kinds).size, kinds.length);
    const started = performance.now();
    const samples = kinds.map((errorKind, i) => store.add({ ...fieldsOf(7 * i), failed: true, errorKind }));
    const elapsed = performance.now() - started;
    // A lookup in a list made this quadratic: 2 × 10¹⁰ comparisons, 44 s here (0.3 s by a map).
    assert.ok(elapsed < 2_000, `${Math.round(elapsed)} ms for 200,000 kinds`);
    assert.equal(samples[199_999]?.errorKind, kinds[199_999]);
    assert.equal(samples[12_345]?.errorKind, kinds[12_345]);
  });

  it('keeps the index of 20,000 results small on the heap: under 300 bytes a result (one object and two strings a sample made 515)', async function () {
    this.timeout(20_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gist-sample-store-'));
    try {
      const variants = ['formal', 'friendly', 'short', 'detailed'];
      const file = path.join(dir, 'people.welcome-email.gistrun.jsonl');
      const lines = [JSON.stringify(resultsHeaderOf({ variants }, 5000))];
      for (let row = 1; row <= 5000; row++) {
        for (const variant of variants) lines.push(JSON.stringify(resultLineOf({ row, variant, content: `${variant} ${row}: ${'lorem ipsum dolor sit amet '.repeat(4)}`, latencyMs: 400 + row })));
      }
      writeFileSync(file, `${lines.join('\n')}\n`);
      const index = await ResultsIndex.open(file);
      assert.equal(index.rows.get(4321)?.cells[2]?.[0]?.callId, 'call-4321-short', 'the index reads back');
      const perResult = retainedPerResult(file, 20_000);
      assert.ok(perResult < 300, `${Math.round(perResult)} bytes a result on the heap`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
