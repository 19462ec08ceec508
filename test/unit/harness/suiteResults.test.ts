import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { prepareWorkspace } from '../../harness/scenarioState';
import { failureLines, firstLine, repeatTable, type SuiteResults } from '../../harness/suiteResults';

describe('harness suite results', () => {
  const results: SuiteResults = {
    suite: 'e2e',
    runs: [
      { tests: [{ name: 'signs in', passed: true }, { name: 'compares', passed: false, error: 'Timed out', screenshot: 'test-results/e2e-failure-compare.png' }] },
      { tests: [{ name: 'signs in', passed: true }, { name: 'compares', passed: true }] },
      { tests: [], error: 'VS Code did not start' },
    ],
  };

  it('names every failure with its suite, run, test, first error line and screenshot', () => {
    assert.deepEqual(failureLines(results), [
      'e2e (run 1) · compares · Timed out · screenshot test-results/e2e-failure-compare.png',
      'e2e (run 3) · the run itself · VS Code did not start',
    ]);
    assert.deepEqual(failureLines({ suite: 'unit', runs: [{ tests: [{ name: 'a', passed: false, error: 'boom' }] }] }), ['unit · a · boom']);
  });

  it('tabulates test × run with the first failure of each failing test', () => {
    const table = repeatTable(results).split('\n');
    assert.match(table[0]!, /^e2e: 3 run\(s\)$/);
    assert.ok(table.some((line) => /^signs in\s+✔\s+✔\s+·\s+2\/3$/.test(line)), table.join('\n'));
    assert.ok(table.some((line) => /^compares\s+✘\s+✔\s+·\s+1\/3$/.test(line)), table.join('\n'));
    assert.ok(table.includes('run 3 itself failed: VS Code did not start'));
    assert.ok(table.includes('✘ compares — first in run 1: Timed out (screenshot test-results/e2e-failure-compare.png)'));
  });

  it('lists only the failing rows of a long suite', () => {
    const many: SuiteResults = { suite: 'integration', runs: [{ tests: [...Array.from({ length: 40 }, (_, i) => ({ name: `test ${i}`, passed: true })), { name: 'flaky', passed: false, error: 'x' }] }] };
    const table = repeatTable(many);
    assert.ok(table.includes('flaky'));
    assert.ok(!table.includes('test 7 '));
    assert.ok(table.includes('… and 40 more test(s) that passed in every run'));
  });

  it('keeps the first line of an error, without its stack', () => {
    const error = new TypeError('bad thing\n    at somewhere');
    assert.equal(firstLine(error), 'TypeError: bad thing');
    assert.equal(firstLine(new Error('plain')), 'plain');
    assert.equal(firstLine('\n\n  text  \nmore'), 'text');
  });
});

describe('harness scenario workspace', () => {
  it('copies the fixture and writes the declared files, nested folders included', async () => {
    const workspace = await prepareWorkspace({ files: { 'a.txt': 'A', 'data/b.csv': 'x,y\n1,2\n' } });
    try {
      assert.equal(readFileSync(path.join(workspace.folder, 'a.txt'), 'utf8'), 'A');
      assert.equal(readFileSync(path.join(workspace.folder, 'data', 'b.csv'), 'utf8'), 'x,y\n1,2\n');
      assert.ok(existsSync(path.join(workspace.folder, 'notes.txt')), 'the fixture is there too');
    } finally {
      await workspace.remove();
    }
    assert.ok(!existsSync(workspace.folder));
  });

  it('refuses a file outside the workspace', async () => {
    await assert.rejects(prepareWorkspace({ files: { '../escaped.txt': 'no' } }), /inside the workspace/);
  });
});
