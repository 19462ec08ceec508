// gist-check's JUnit XML is valid against the schema CI servers check it with: Jenkins' xUnit
// plugin validates a "JUnit" report against its junit-10.xsd and skips a file that fails (pytest
// writes to the same schema). The schema's rules are in test/fixtures/junit/jenkins-junit-10.xsd;
// libxml2's xmllint validates, once for a whole run (the real gist-check against the local
// service) and once for a few hundred reports of arbitrary cell records (property).
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import type { CellRecord, FailureAt } from '../../../src/cli/cellRecord';
import { EXIT_COULD_NOT_RUN } from '../../../src/cli/checkCommand';
import { junitXml } from '../../../src/cli/junitReport';
import { LLM_RUBRIC_NOT_IN_CLI } from '../../../src/languageModels/llmRubric';
import { JENKINS_JUNIT_XSD, schemaErrors } from '../support/xmlSchema';
import { useCliFixture } from './cliFixture';

/** Characters XML 1.0 cannot hold (controls, U+FFFE/U+FFFF, lone surrogates), what ends a CDATA section, what looks like markup. */
const HOSTILE = '\u0000\u0001\u0008\u000b\u000c\u001b[2J\u007f\u0085\ud800\udfff\ufffe\uffff\u202e ]]> ]]]]> <![CDATA[ <skipped/> </system-out> & " \' < > \u{10ffff}𝄞';

/** Every document valid; else the first invalid one, what xmllint said of it, and what it was made from (`madeFrom`). */
function assertValid(documents: readonly string[], madeFrom: (index: number) => string = () => ''): void {
  const errors = schemaErrors(JENKINS_JUNIT_XSD, documents);
  const invalid = errors.findIndex((said) => said.length > 0);
  assert.equal(invalid, -1, invalid < 0 ? '' : `report ${invalid} is outside the schema:\n${errors[invalid]?.slice(0, 20).map((said) => said.slice(0, 300)).join('\n')}\n\n${documents[invalid]?.slice(0, 4000)}\n\n${madeFrom(invalid)}`);
}

describe('gist-check JUnit XML against Jenkins’ JUnit schema', function () {
  const cli = useCliFixture('gist-check-junit-');

  it('the validator tells a report outside the schema (a testcase with a file attribute) from one inside it', function () {
    const inside = '<testsuites><testsuite name="a" tests="1" failures="0" errors="0" time="1.5"><testcase name="t"><skipped message="why"/></testcase></testsuite></testsuites>';
    const outside = inside.replace('<testcase name="t"', '<testcase name="t" file="a.json"');
    const [valid, invalid] = schemaErrors(JENKINS_JUNIT_XSD, [inside, outside]);
    assert.deepEqual(valid, []);
    assert.match(invalid?.join('\n') ?? '', /attribute 'file': The attribute 'file' is not allowed/);
  });

  it('a real run (passed, failed, errored, not run; several samples; hostile names and long texts) writes a report inside the schema, with its messages', async function () {
    const long = `${HOSTILE} ${'x]]>'.repeat(5000)}`;
    const name = 'run ]]> & "q" <b>.gisttest.json';
    writeFileSync(
      path.join(cli.folder, name),
      JSON.stringify({
        gist: 'echo',
        // The service has no such variant: those cells could not run (errored).
        variants: ['plain', 'missing]]>&"<b>\ufffe\ud800\u202e'],
        repeat: 2,
        tests: [
          { description: `passes ${HOSTILE}`, vars: { text: 'Hello' }, assert: [{ type: 'contains', value: 'Hello' }] },
          { description: `fails ${HOSTILE} ${'x]]>'.repeat(200)}`, vars: { text: long }, assert: [{ type: 'equals', value: `${long}!` }, { type: 'not-contains', value: HOSTILE }] },
          { description: 'graded by a model', vars: { text: 'x' }, assert: [{ type: 'llm-rubric', value: `Is polite ${HOSTILE}` }] },
        ],
      }),
    );
    const ran = await cli.gistCheck([name, '--base-url', cli.service.url, '--junit', 'reports/checks.xml']);
    assert.equal(ran.code, EXIT_COULD_NOT_RUN, ran.stdout + ran.stderr);
    const xml = readFileSync(path.join(cli.folder, 'reports/checks.xml'), 'utf8');
    assertValid([xml]);

    // What CI systems show is still there: counts, each failure's message and type, the error's kind, each skipped case's reason, the output.
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (tag) => tag === 'testcase' }).parse(xml) as {
      testsuites: { tests: string; failures: string; errors: string; testsuite: { skipped: string; testcase: Array<{ name: string; failure?: { message: string; type: string }; error?: { type: string; message: string }; skipped?: { message: string }; 'system-out'?: string }> } };
    };
    const { testsuites } = parsed;
    assert.deepEqual([testsuites.tests, testsuites.failures, testsuites.errors, testsuites.testsuite.skipped], ['12', '2', '4', '4']);
    const cases = testsuites.testsuite.testcase;
    const failed = cases.filter((testCase) => testCase.failure !== undefined);
    assert.ok(failed.every((testCase) => testCase.failure?.type === 'equals' && testCase.failure.message.startsWith('equals: ')), JSON.stringify(failed));
    assert.ok(failed.every((testCase) => (testCase['system-out'] ?? '').includes('not-contains: ')), 'the output lists every failed assertion');
    const errored = cases.filter((testCase) => testCase.error !== undefined);
    assert.ok(errored.every((testCase) => testCase.error?.type !== undefined && testCase.error.message.length > 0), JSON.stringify(errored));
    const skipped = cases.filter((testCase) => testCase.skipped !== undefined);
    assert.deepEqual(
      skipped.map((testCase) => testCase.skipped?.message),
      skipped.map(() => LLM_RUBRIC_NOT_IN_CLI),
    );
    assert.deepEqual(
      skipped.map((testCase) => testCase.name.replace(/ › .*#/, ' #')),
      ['graded by a model #1', 'graded by a model #2', 'graded by a model #1', 'graded by a model #2'],
    );
  });

  it('each skipped case gets its own reason as its message; markup-like outside text in the output is left as it is', async function () {
    const cell = (test: string, verdict: CellRecord['verdict'], skipped?: string): CellRecord => ({
      file: 'a.gisttest.json',
      test,
      variant: 'plain',
      sample: 1,
      samples: 1,
      verdict,
      ...(skipped !== undefined ? { skipped } : {}),
      latencyMs: 5,
      callId: 'id1',
      at: { file: 'a.gisttest.json', line: 2 },
      // A failure whose expected and actual text look like the markup the writer fills in.
      failures: verdict === 'failed' ? [{ file: 'a.gisttest.json', line: 3, type: 'equals', reason: 'differs', expected: '<skipped/>', actual: '<skipped/>!' }] : [],
      reason: undefined,
      error: undefined,
    });
    const xml = await junitXml([{ file: 'a.gisttest.json', seconds: 1, startedAt: new Date(0), cells: [cell('first', 'skipped', 'why one'), cell('quoted', 'failed'), cell('second', 'skipped', 'why two \ufffe & "q"')] }], []);
    assertValid([xml]);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as { testsuites: { testsuite: { testcase: Array<{ skipped?: { message: string }; 'system-out'?: string }> } } };
    const [first, quoted, second] = parsed.testsuites.testsuite.testcase;
    assert.deepEqual([first?.skipped?.message, second?.skipped?.message], ['why one', 'why two  & "q"']);
    assert.match(quoted?.['system-out'] ?? '', /expected: <skipped\/>\n {2}actual: {3}<skipped\/>!/);
  });

  it('every report of arbitrary cell records, names and texts is inside the schema (property, one validator run)', async function () {
    // Outside text as it may come: hostile pieces, any UTF-16 (lone surrogates too), long runs.
    const text = fc.oneof(
      { weight: 4, arbitrary: fc.array(fc.oneof(fc.constantFrom(HOSTILE, ']]>', '<skipped/>', '"', '&', '\u0000', '\ufffe', '\ud800', '\n', ' '), fc.string({ unit: 'binary', maxLength: 8 })), { maxLength: 10 }).map((parts) => parts.join('')) },
      { weight: 1, arbitrary: fc.tuple(fc.string({ unit: 'binary', maxLength: 3 }), fc.integer({ min: 1, max: 1500 })).map(([piece, times]) => `${piece}]]>`.repeat(times)) },
    );
    const line = fc.integer({ min: 1, max: 1_000_000 });
    const failure: fc.Arbitrary<FailureAt> = fc.record({ file: text, line, type: text, reason: text, expected: text, actual: text }, { requiredKeys: ['file', 'line', 'type', 'reason'] });
    const cell: fc.Arbitrary<CellRecord> = fc.record({
      file: text,
      test: text,
      variant: text,
      sample: fc.nat(),
      samples: fc.nat(),
      verdict: fc.constantFrom<CellRecord['verdict']>('passed', 'failed', 'errored', 'skipped'),
      skipped: fc.option(text, { nil: undefined }),
      latencyMs: fc.double(),
      callId: fc.option(text, { nil: undefined }),
      at: fc.record({ file: text, line }),
      failures: fc.array(failure, { maxLength: 3 }),
      reason: fc.option(text, { nil: undefined }),
      error: fc.option(fc.record({ kind: text, message: text, status: fc.option(fc.integer({ min: 100, max: 599 }), { nil: undefined }) }), { nil: undefined }),
    });
    const run = fc.array(fc.record({ file: text, cells: fc.array(cell, { maxLength: 5 }), seconds: fc.double(), startedAt: fc.date() }), { maxLength: 4 });
    // One xmllint for all of them, so no shrinking: a failure names the seed and the records of the report.
    const seed = Math.floor(Math.random() * 2 ** 31);
    const runs = fc.sample(run, { numRuns: 300, seed });
    const documents = await Promise.all(runs.map((files) => junitXml(files, [])));
    assertValid(documents, (index) => `seed ${seed}, records: ${JSON.stringify(runs[index]).slice(0, 4000)}`);
  });
});
