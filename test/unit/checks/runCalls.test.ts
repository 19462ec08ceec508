// A run's calls are counted by multiplying (tests × variants × samples per file), never by walking
// the cells: checked against the walk the engine's plan does (countCells) over random test files.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { countCells, runnableTests } from '../../../src/checks/checkRun';
import { callsBreakdown, fileCalls, runCalls } from '../../../src/checks/runCalls';
import { loadTestFile } from '../../../src/checks/testFileLoad';

async function loaded(tests: number, repeat: number, rubricAt: ReadonlySet<number>) {
  const text = JSON.stringify({
    gist: 'echo',
    repeat,
    tests: Array.from({ length: tests }, (_, index) => ({ vars: { text: `t${index}` }, assert: [{ type: rubricAt.has(index) ? 'llm-rubric' : 'contains', value: 't' }] })),
  });
  return loadTestFile('/nowhere/run.gisttest.json', { root: '/nowhere', bytes: new TextEncoder().encode(text) });
}

describe('checks: the calls of a run', function () {
  it('counts what the engine would walk: runnable tests (less those left out) × variants × samples, summed over files', async function () {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ tests: fc.integer({ min: 1, max: 12 }), variants: fc.integer({ min: 1, max: 4 }), repeat: fc.integer({ min: 1, max: 5 }), rubric: fc.uniqueArray(fc.nat(11)) }), { minLength: 1, maxLength: 3 }),
        async (files) => {
          let walked = 0;
          const counts = [];
          for (const file of files) {
            const rubric = new Set(file.rubric);
            const one = await loaded(file.tests, file.repeat, rubric);
            const isRubric = (index: number): boolean => rubric.has(index);
            walked += countCells(one, file.variants, (test) => !isRubric(test));
            counts.push(fileCalls('f', one, file.variants, (test) => isRubric(test.index)));
            assert.equal(runnableTests(one).length, file.tests);
          }
          assert.equal(runCalls(counts), walked);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('states the largest files first, each as its product, and counts the rest', function () {
    const text = callsBreakdown([
      { file: 'a', tests: 1, variants: 1, samples: 1 },
      { file: 'b', tests: 10_000, variants: 32, samples: 100 },
      { file: 'c', tests: 2, variants: 2, samples: 1 },
      { file: 'd', tests: 3, variants: 1, samples: 1 },
      { file: 'e', tests: 0, variants: 4, samples: 1 },
    ]);
    assert.equal(text, 'b: 10,000 tests × 32 variants × 100 samples; c: 2 tests × 2 variants × 1 sample; d: 3 tests × 1 variant × 1 sample; and 1 other file');
  });
});
