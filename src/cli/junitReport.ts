// The run as JUnit XML, the format CI systems read (GitHub, GitLab, Jenkins, Azure): a test suite
// per test file, a test case per test × variant (× sample), a <failure> for a failed test with
// each failed assertion, an <error> for a call that failed, a <skipped message=…> for a test
// gist-check does not run (llm-rubric). Valid against Jenkins' JUnit schema (the xUnit plugin's
// junit-10.xsd, which pytest writes to too): Jenkins skips a report outside it. So a test case has
// no `file` attribute (the schema has none: its classname is the test file). Built with
// junit-report-builder (which leaves out characters XML cannot hold), loaded only when a run asks
// for --junit (it and lodash took ~15 ms of every gist-check start). Pure Node.
import type JunitBuilder from 'junit-report-builder';
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
  const skippedWhy: string[] = [];
  for (const { file, cells, seconds, startedAt } of files) {
    const shownFile = plain(file, 300);
    const suite = builder.testSuite().name(shownFile).time(schemaSeconds(seconds)).timestamp(startedAt);
    for (const record of cells) {
      const testCase = suite.testCase().className(shownFile).name(cellName(record)).time(Math.round(record.latencyMs) / 1000);
      const call = cdataSafe(`call ${plain(record.callId ?? '(none)', 100)}, ${Math.round(record.latencyMs)} ms`);
      if (record.verdict === 'failed') {
        const first = record.failures[0];
        testCase.failure(first !== undefined ? `${first.type}: ${first.reason}` : (record.reason ?? 'The test failed'), first?.type ?? 'threshold');
        testCase.standardOutput(cdataSafe(`${failureBody(record)}\n${call}`));
      } else if (record.verdict === 'skipped') {
        testCase.skipped();
        skippedWhy.push(record.skipped ?? 'not run');
      } else if (record.verdict === 'errored' && record.error !== undefined) {
        testCase.error(record.error.message, record.error.kind);
        testCase.standardOutput(call);
      } else {
        testCase.standardOutput(call);
      }
    }
  }
  return redactSecrets(withinSchema(builder.build(), skippedWhy), secrets);
}

/**
 * A suite's seconds as the schema's pattern takes them: digits and a fraction, never `NaN`, a sign
 * or an exponent (which a number's text has past 1e21).
 */
function schemaSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(Math.min(seconds, 1e9) * 1000) / 1000 : 0;
}

/**
 * junit-report-builder has no option for two things: it counts skipped cases on <testsuites>, where
 * Jenkins' schema has no `skipped` (the count stays on each <testsuite>), and it writes a bare
 * <skipped/>, whose `message` CI systems show as the reason: each gets its own case's, in order.
 * Only markup is changed: the CDATA sections (outside text) are left as they are, and nowhere else
 * can `<` stand as itself, since the builder escapes it in attributes.
 */
function withinSchema(xml: string, skippedWhy: readonly string[]): string {
  let skipped = 0;
  return xml
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/^(<testsuites\b[^>]*?) skipped="\d+"/m, '$1').replace(/<skipped\/>/g, () => `<skipped message="${xmlAttribute(skippedWhy[skipped++] ?? 'not run')}"/>`),
    )
    .join('');
}

/** What XML 1.0 cannot hold at all (U+FFFE, U+FFFF, lone surrogates, most controls): left out, as junit-report-builder does. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for an XML attribute between double quotes. */
function xmlAttribute(text: string): string {
  return plain(text, MAX_BODY_TEXT).replace(NOT_XML_CHAR, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
