// The run as JUnit XML, the format CI systems read (GitHub, GitLab, Jenkins, Azure): a test suite
// per test file, a test case per test × variant (× sample), a <failure> for a failed test with
// each failed assertion, an <error> for a call that failed, a <skipped message=…> for a test
// gist-check does not run (llm-rubric). Built with junit-report-builder, which
// writes Jenkins' JUnit schema (and leaves out characters XML cannot hold), loaded only when a
// run asks for --junit (it and lodash took ~15 ms of every gist-check start). Pure Node.
import type JunitBuilder from 'junit-report-builder';
import { escapeControl } from '../shared/oneLine';
import { redactSecrets } from '../shared/redact';
import { cellName, plain, redactedRecord, type CellRecord } from './cellRecord';

/** Expected and actual text in a failure's body, each cut here (the body is for reading, not diffing). */
const MAX_BODY_TEXT = 4000;

/** One line of outside text for the body, hidden characters as escapes. */
function cutText(text: string): string {
  return plain(text, MAX_BODY_TEXT);
}

/**
 * The body goes into CDATA, which `]]>` would end; xmlbuilder splits only the first one, so every
 * one is written `]] >` (the body is for reading).
 */
function cdataSafe(text: string): string {
  return text.replace(/\]\]>/g, ']] >');
}

function failureBody(record: CellRecord): string {
  const lines = record.failures.map((failure) => {
    const diff = failure.expected === undefined ? '' : `\n  expected: ${cutText(failure.expected)}\n  actual:   ${cutText(failure.actual ?? '')}`;
    return `${plain(failure.file, 300)}:${failure.line}: ${failure.type}: ${failure.reason}${diff}`;
  });
  if (record.reason !== undefined && (lines.length === 0 || /^Aggregate score/.test(record.reason))) lines.push(`${plain(record.at.file, 300)}:${record.at.line}: ${record.reason}`);
  return lines.join('\n');
}

/**
 * The XML text of a run: the files in the order they ran, their cells in the order they finished.
 * Every key is taken out of what it shows before anything is escaped, cut or quoted, and out of
 * what is written again, with the forms XML makes of a key (`&amp;`, `&quot;`…).
 */
export async function junitXml(written: ReadonlyArray<{ readonly file: string; readonly cells: readonly CellRecord[]; readonly seconds: number; readonly startedAt: Date }>, secrets: readonly string[]): Promise<string> {
  const files = written.map((one) => ({ ...one, file: redactSecrets(one.file, secrets), cells: one.cells.map((cell) => redactedRecord(cell, secrets)) }));
  // A CommonJS module whose builder is the module itself.
  const junit = (await import('junit-report-builder')) as unknown as { default?: typeof JunitBuilder } & typeof JunitBuilder;
  const builder = (junit.default ?? junit).newBuilder().name('gist-check');
  let skippedWhy = 'not run';
  for (const { file, cells, seconds, startedAt } of files) {
    const shownFile = plain(file, 300);
    const suite = builder.testSuite().name(shownFile).time(Math.round(seconds * 1000) / 1000).timestamp(startedAt);
    for (const record of cells) {
      // The file attribute is the real path (CI systems open it), but for its control characters.
      const testCase = suite.testCase().className(shownFile).name(cellName(record)).time(Math.round(record.latencyMs) / 1000).file(escapeControl(record.at.file));
      const call = cdataSafe(`call ${plain(record.callId ?? '(none)', 100)}, ${Math.round(record.latencyMs)} ms`);
      if (record.verdict === 'failed') {
        const first = record.failures[0];
        testCase.failure(first !== undefined ? `${first.type}: ${first.reason}` : (record.reason ?? 'The test failed'), first?.type ?? 'threshold');
        testCase.standardOutput(cdataSafe(`${failureBody(record)}\n${call}`));
      } else if (record.verdict === 'skipped') {
        testCase.skipped();
        skippedWhy = record.skipped ?? skippedWhy;
      } else if (record.verdict === 'errored' && record.error !== undefined) {
        testCase.error(record.error.message, record.error.kind);
        testCase.standardOutput(call);
      } else {
        testCase.standardOutput(call);
      }
    }
  }
  // junit-report-builder writes a bare <skipped/>; CI systems show its message attribute as the reason.
  return redactSecrets(builder.build().replace(/<skipped\/>/g, `<skipped message="${xmlAttribute(skippedWhy)}"/>`), secrets);
}

/** Text for an XML attribute between double quotes. */
function xmlAttribute(text: string): string {
  return plain(text, MAX_BODY_TEXT).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
