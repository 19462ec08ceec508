// gist-check and llm-rubric: the command line has no language model the user picked, so a test
// with llm-rubric is not run (no call is made), each of its cells reported as not run with
// LLM_RUBRIC_NOT_IN_CLI, counted in the summary and as <skipped message=…> in JUnit XML; the exit
// code is the other tests' (0 or 1), or 2 when nothing else ran. Run in-process against the local service.
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { EXIT_COULD_NOT_RUN, EXIT_FAILED, EXIT_PASSED } from '../../../src/cli/checkCommand';
import { LLM_RUBRIC_NOT_IN_CLI } from '../../../src/languageModels/llmRubric';
import { useCliFixture } from './cliFixture';

describe('gist-check: llm-rubric is not run on the command line', function () {
  const cli = useCliFixture('gist-check-rubric-');

  const write = (name: string, tests: unknown[]): void => writeFileSync(path.join(cli.folder, name), JSON.stringify({ gist: 'echo', variants: ['plain'], repeat: 2, tests }, null, 2));

  it('reports the llm-rubric test as not run, makes no call for it, and keeps the exit code of the others', async function () {
    write('mixed.gisttest.json', [
      { description: 'echoes', vars: { text: 'Hello Ada' }, assert: [{ type: 'contains', value: 'Ada' }] },
      { description: 'is polite', vars: { text: 'Hello' }, assert: [{ type: 'contains', value: 'Hello' }, { type: 'llm-rubric', value: 'Is polite' }] },
    ]);
    const before = cli.service.calls().length;
    const ran = await cli.gistCheck(['mixed.gisttest.json', '--base-url', cli.service.url, '--junit', 'checks.xml']);
    assert.equal(ran.code, EXIT_PASSED, ran.stderr + ran.stdout);
    assert.equal(cli.service.calls().length - before, 2, 'calls only for the test that runs (two samples)');
    assert.match(ran.stdout, /^- mixed\.gisttest\.json:\d+ is polite › plain #1: not run \(llm-rubric is graded in VS Code only\)$/m);
    assert.match(ran.stdout, /^- mixed\.gisttest\.json:\d+ is polite › plain #2: not run/m);
    assert.match(ran.stdout, /^2 passed, 0 failed, 0 could not run, 2 not run \(llm-rubric\) · pass rate 100%, required 100%$/m);
    assert.ok(ran.stdout.includes(`Not run: ${LLM_RUBRIC_NOT_IN_CLI}`), ran.stdout);
    const xml = readFileSync(path.join(cli.folder, 'checks.xml'), 'utf8');
    assert.equal(XMLValidator.validate(xml), true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
      testsuites: { tests: string; testsuite: { skipped: string; testcase: Array<{ name: string; skipped?: { message: string } }> } };
    };
    assert.equal(parsed.testsuites.tests, '4');
    // Counted on the suite: Jenkins' JUnit schema has no skipped count on <testsuites>.
    assert.equal(parsed.testsuites.testsuite.skipped, '2');
    const skipped = parsed.testsuites.testsuite.testcase.filter((testCase) => testCase.skipped !== undefined);
    assert.deepEqual(
      skipped.map((testCase) => [testCase.name, testCase.skipped?.message]),
      [
        ['is polite › plain #1', LLM_RUBRIC_NOT_IN_CLI],
        ['is polite › plain #2', LLM_RUBRIC_NOT_IN_CLI],
      ],
    );
  });

  it('fails (exit 1) on the tests that ran, whatever the llm-rubric ones', async function () {
    write('failing.gisttest.json', [
      { description: 'fails', vars: { text: 'Goodbye' }, assert: [{ type: 'contains', value: 'Hello' }] },
      { description: 'graded by a model', vars: { text: 'x' }, assert: [{ type: 'llm-rubric', value: 'Is polite' }] },
    ]);
    const ran = await cli.gistCheck(['failing.gisttest.json', '--base-url', cli.service.url]);
    assert.equal(ran.code, EXIT_FAILED, ran.stderr + ran.stdout);
    assert.match(ran.stdout, /^0 passed, 2 failed, 0 could not run, 2 not run \(llm-rubric\)/m);
  });

  it('could not run (exit 2) when every test has llm-rubric: nothing was checked, never a pass', async function () {
    write('only.gisttest.json', [{ description: 'graded by a model', vars: { text: 'x' }, assert: [{ type: 'not-llm-rubric', value: 'Apologises', threshold: 0.5 }] }]);
    const before = cli.service.calls().length;
    const ran = await cli.gistCheck(['only.gisttest.json', '--base-url', cli.service.url]);
    assert.equal(ran.code, EXIT_COULD_NOT_RUN, ran.stderr + ran.stdout);
    assert.equal(cli.service.calls().length, before, 'no call');
    assert.match(ran.stderr, /nothing was checked: every test has llm-rubric, which gist-check does not run/);
  });
});
