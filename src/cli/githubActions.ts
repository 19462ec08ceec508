// GitHub Actions: `::error file=…,line=…::` workflow commands that annotate a pull request at the
// failing assertion's line, and a Markdown summary for $GITHUB_STEP_SUMMARY. Outside text goes in
// escaped: a command's data and properties escape `%`, CR and LF (and `:` `,` in properties) as
// GitHub's toolkit does, so a reason can neither end the command nor start another; the summary
// takes it as inert Markdown (every punctuation mark escaped, so no link, image or HTML). Pure Node.
import { markdownText } from '../shared/markdown';
import { escapeControl, unhiddenLine } from '../shared/oneLine';
import { percent, passRate, type Tally } from '../checks/checkTally';
import { cellName, type CellRecord } from './cellRecord';

/** As @actions/core's `escapeData`. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** As @actions/core's `escapeProperty`. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

declare const BUILT_HERE: unique symbol;

/** A workflow command of ours: the only line gist-check's writer (consoleLines.ts) lets reach the runner as a command. */
export interface WorkflowCommand {
  readonly line: string;
  readonly [BUILT_HERE]: true;
}

export function workflowCommand(command: 'error' | 'warning' | 'notice', properties: Readonly<Record<string, string | number | undefined>>, message: string): WorkflowCommand {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    // file= is the path GitHub places the annotation by: as it is, but for its control characters
    // (an ESC must not reach the log); every other value is shown with nothing hidden.
    .map(([name, value]) => `${name}=${escapeProperty(name === 'file' ? escapeControl(String(value)) : unhiddenLine(String(value)))}`)
    .join(',');
  return { line: `::${command}${props === '' ? '' : ` ${props}`}::${escapeData(unhiddenLine(message))}` } as WorkflowCommand;
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

export function stepSummary(files: ReadonlyArray<{ readonly file: string; readonly cells: readonly CellRecord[]; readonly variants: ReadonlyArray<{ readonly variant: string; readonly tally: Tally }> }>, total: Tally, required: number): string {
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
  return `${lines.join('\n')}\n`;
}
