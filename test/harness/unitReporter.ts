// Mocha's spec report for the unit tests, which also writes test-results/unit-results.json
// (suiteResults.ts), so `npm test` can name each failed unit test in its summary.
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { RESULTS_DIR } from '../../tools/vscodeServer/paths';
import { firstLine, writeSuiteResults, type TestOutcome } from './suiteResults';

class SpecWithResults extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const tests: TestOutcome[] = [];
    runner.on('pass', (test) => tests.push({ name: test.fullTitle(), passed: true, ms: test.duration }));
    runner.on('fail', (test, error) => tests.push({ name: test.fullTitle(), passed: false, error: firstLine(error) }));
    runner.once('end', () => {
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeSuiteResults(path.join(RESULTS_DIR, 'unit-results.json'), { suite: 'unit', runs: [{ tests }] });
    });
  }
}

export = SpecWithResults;
