// GitHub Actions: `::error file=…,line=…::` workflow commands that annotate a pull request at the
// failing assertion's line, and a Markdown summary for $GITHUB_STEP_SUMMARY. Outside text goes in
// escaped: a command's data and properties escape `%`, CR and LF (and `:` `,` in properties) as
// GitHub's toolkit does, so a reason can neither end the command nor start another (and every key
// is taken out of them before they are escaped); the summary
// takes it as inert Markdown (every punctuation mark escaped, so no link, image or HTML). Pure Node.
import { markdownText } from '../shared/markdown';
import { redactSecrets } from '../shared/redact';
import { escapeControl, unhiddenLine } from '../shared/oneLine';
import { percent, passRate, type Tally } from '../checks/checkTally';
import { cellName, redactedRecord, type CellRecord } from './cellRecord';

/** As @actions/core's `escapeData`. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** As @actions/core's `escapeProperty`. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

declare const BUILT_HERE: unique symbol;

/**
 * A workflow command of ours, not yet written: the only thing gist-check's writer (consoleLines.ts)
 * lets reach the runner as a command, written by `commandLine`.
 */
export interface WorkflowCommand {
  readonly command: 'error' | 'warning' | 'notice';
  readonly properties: ReadonlyArray<readonly [string, string]>;
  readonly message: string;
  readonly [BUILT_HERE]: true;
}

export function workflowCommand(command: WorkflowCommand['command'], properties: Readonly<Record<string, string | number | undefined>>, message: string): WorkflowCommand {
  const kept = Object.entries(properties)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => [name, String(value)] as const);
  return { command, properties: kept, message } as unknown as WorkflowCommand;
}

/**
 * The command's line: each value redacted of `secrets` first, then shown with nothing hidden
 * (file=, the path GitHub places the annotation by, as it is but for its control characters: an
 * ESC must not reach the log), then escaped as @actions/core does, so the runner reads back
 * exactly that (test/unit/cli/actionsRunner.ts).
 */
export function commandLine(command: WorkflowCommand, secrets: readonly string[] = []): string {
  const props = command.properties
    .map(([name, value]) => {
      const redacted = redactSecrets(value, secrets);
      return `${name}=${escapeProperty(name === 'file' ? escapeControl(redacted) : unhiddenLine(redacted))}`;
    })
    .join(',');
  return `::${command.command}${props === '' ? '' : ` ${props}`}::${escapeData(unhiddenLine(redactSecrets(command.message, secrets)))}`;
}

/** The annotations of one cell: one per failed assertion at its line, one at the test for an error or a threshold. */
export function annotationsOf(record: CellRecord): WorkflowCommand[] {
  const title = `${record.test} › ${record.variant}`;
  if (record.verdict === 'errored' && record.error !== undefined) {
    return [workflowCommand('error', { file: record.at.file, line: record.at.line, title }, `${cellName(record)}: the call failed (${record.error.kind}): ${record.error.message}`)];
  }
  if (record.verdict !== 'failed') return [];
  const lines = record.failures.map((failure) => workflowCommand('error', { file: failure.file, line: failure.line, title }, `${cellName(record)}: ${failure.type}: ${failure.reason}`));
  return lines.length > 0 ? lines : [workflowCommand('error', { file: record.at.file, line: record.at.line, title }, `${cellName(record)}: ${record.reason ?? 'failed'}`)];
}

/** At most this many failed cells are listed in the summary (GitHub takes up to 1 MiB per step). */
const MAX_SUMMARY_FAILURES = 100;

/**
 * The summary's Markdown: every key taken out of what it shows before it is escaped, and out of
 * what is written again, with the forms Markdown makes of a key (`gk\_…`).
 */
export function stepSummary(written: ReadonlyArray<{ readonly file: string; readonly cells: readonly CellRecord[]; readonly variants: ReadonlyArray<{ readonly variant: string; readonly tally: Tally }> }>, total: Tally, required: number, secrets: readonly string[]): string {
  // Redacted before Markdown escapes anything (`gk\_…` would hide a key from the search).
  const files = written.map(({ file, cells, variants }) => ({ file: redactSecrets(file, secrets), cells: cells.map((cell) => redactedRecord(cell, secrets)), variants: variants.map(({ variant, tally }) => ({ variant: redactSecrets(variant, secrets), tally })) }));
  const rate = passRate(total);
  const lines = [
    '## Gist checks',
    '',
    `${total.passed} passed, ${total.failed} failed, ${total.errored} could not run${rate === undefined ? '' : ` · pass rate ${percent(rate)} (required ${percent(required)})`}`,
    '',
    '| Test file | Variant | Passed | Failed | Could not run | Pass rate |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const { file, variants } of files) {
    for (const { variant, tally } of variants) {
      const variantRate = passRate(tally);
      lines.push(`| ${markdownText(file, 300)} | ${markdownText(variant)} | ${tally.passed} | ${tally.failed} | ${tally.errored} | ${variantRate === undefined ? '–' : percent(variantRate)} |`);
    }
  }
  const skipped = files.reduce((sum, { cells }) => sum + cells.filter((cell) => cell.verdict === 'skipped').length, 0);
  if (skipped > 0) lines.push('', `${skipped} not run: llm-rubric is graded by a language model you pick in VS Code; run those tests from its Test Explorer.`);
  const failed = files.flatMap(({ cells }) => cells.filter((cell) => cell.verdict === 'failed' || cell.verdict === 'errored'));
  if (failed.length > 0) {
    lines.push('', '### Failures', '');
    for (const cell of failed.slice(0, MAX_SUMMARY_FAILURES)) {
      const first = cell.failures[0];
      const where = first ?? cell.at;
      const why = cell.verdict === 'errored' ? `could not run (${cell.error?.kind ?? 'error'}): ${cell.error?.message ?? ''}` : first !== undefined ? `${first.type}: ${first.reason}` : (cell.reason ?? 'failed');
      lines.push(`- ${markdownText(`${where.file}:${where.line}`, 300)} · ${markdownText(cellName(cell), 300)} · ${markdownText(why, 500)}`);
    }
    if (failed.length > MAX_SUMMARY_FAILURES) lines.push(`- … and ${failed.length - MAX_SUMMARY_FAILURES} more`);
  }
  return redactSecrets(`${lines.join('\n')}\n`, secrets);
}
