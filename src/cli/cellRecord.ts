// What the command line keeps of each finished cell for its reports (the terminal, JUnit XML,
// GitHub annotations and summary): names, where it failed, why, and how long it took; never the
// output itself. Outside text (reasons quoting the output, the service's error) is made one line
// with its control and bidirectional characters shown as escapes, and the characters that show
// nothing as `⟨U+200B⟩`, before it is kept; before that, every key is taken out of it (the key
// written in a test file, or sent back broken by a line break), so that no escape, cut or quote of
// a report can keep a part of it. Pure Node.
import { failedAssertions } from '../expectations/gradeTest';
import { unhiddenLine } from '../shared/oneLine';
import { redactSecrets } from '../shared/redact';
import { variantLabel } from '../checks/checkNames';
import type { CheckOutcome } from '../checks/checkRun';
import { verdictOf, type CellVerdict } from '../checks/checkTally';
import type { GistTest } from '../expectations/checkModel';
import type { VariantChoice } from '../runs/variants';

export interface FailureAt {
  /** The file the failing assertion is written in (the test file, or its CSV), relative to the working folder. */
  readonly file: string;
  /** From 1. */
  readonly line: number;
  readonly type: string;
  readonly reason: string;
  readonly expected?: string;
  readonly actual?: string;
}

export interface CellRecord {
  /** The test file, relative to the working folder, with `/`. */
  readonly file: string;
  readonly test: string;
  readonly variant: string;
  readonly sample: number;
  readonly samples: number;
  /** `skipped`: not run here at all (llm-rubric needs a model picked in VS Code); `skipped` says why. */
  readonly verdict: CellVerdict | 'skipped';
  readonly skipped?: string;
  readonly latencyMs: number;
  readonly callId: string | undefined;
  /** Where the test was written. */
  readonly at: { readonly file: string; readonly line: number };
  readonly failures: readonly FailureAt[];
  /** The test's own reason when it failed by its threshold rather than one assertion. */
  readonly reason: string | undefined;
  /** For an error: its kind (`service`, `timeout`…) and message. */
  readonly error: { readonly kind: string; readonly message: string; readonly status?: number } | undefined;
}

/**
 * Outside text for a plain-text report (the terminal, JUnit XML, GitHub annotations): one line,
 * controls escaped as `\n` and `\u001b` (as ever), then every other character that shows nothing or
 * reorders the line (U+200B, U+200F, U+061C, tags…) as `⟨U+XXXX⟩`, as VS Code's surfaces show them; cut.
 */
export function plain(text: string, max = 1000): string {
  const line = unhiddenLine(text);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The test file's names for a cell, and the keys its text must not hold. */
export interface RecordNames {
  readonly file: string;
  readonly csv: string | undefined;
  readonly samples: number;
  readonly secrets: readonly string[];
}

export function cellRecord(outcome: CheckOutcome, names: RecordNames): CellRecord {
  const redact = (text: string): string => redactSecrets(text, names.secrets);
  const where = (range: { readonly file: 'testFile' | 'testsFile'; readonly start: { readonly line: number } }): { file: string; line: number } => ({
    file: range.file === 'testsFile' && names.csv !== undefined ? names.csv : names.file,
    line: range.start.line + 1,
  });
  const failures = outcome.grade === undefined ? [] : failedAssertions(outcome.grade);
  return {
    file: names.file,
    test: plain(redact(outcome.label), 200),
    variant: plain(redact(variantLabel(outcome.variant)), 200),
    sample: outcome.sample,
    samples: names.samples,
    verdict: verdictOf(outcome),
    latencyMs: outcome.call.latencyMs,
    callId: mapDefined(outcome.call.result?.id ?? outcome.error?.callId, redact),
    at: where(outcome.test.range),
    failures: failures.map((failure) => ({
      ...where(failure.range),
      type: failure.type,
      reason: plain(redact(failure.reason)),
      ...(failure.expected !== undefined ? { expected: redact(failure.expected), actual: redact(failure.actual ?? '') } : {}),
    })),
    reason: outcome.grade !== undefined && !outcome.grade.pass ? plain(redact(outcome.grade.reason)) : undefined,
    error:
      outcome.error === undefined
        ? undefined
        : { kind: outcome.error.kind, message: plain(redact(outcome.error.message)), ...(outcome.error.status !== undefined ? { status: outcome.error.status } : {}) },
  };
}

/** A cell gist-check does not run, with why: no call is made, so there is no latency or call id. */
export function skippedCellRecord(cell: { readonly test: GistTest; readonly label: string; readonly variant: VariantChoice; readonly sample: number }, why: string, names: RecordNames): CellRecord {
  const range = cell.test.range;
  return {
    file: names.file,
    test: plain(redactSecrets(cell.label, names.secrets), 200),
    variant: plain(redactSecrets(variantLabel(cell.variant), names.secrets), 200),
    sample: cell.sample,
    samples: names.samples,
    verdict: 'skipped',
    skipped: why,
    latencyMs: 0,
    callId: undefined,
    at: { file: range.file === 'testsFile' && names.csv !== undefined ? names.csv : names.file, line: range.start.line + 1 },
    failures: [],
    reason: undefined,
    error: undefined,
  };
}

/** `record` with every key taken out of its text, for a report that may get records from elsewhere than `cellRecord`. */
export function redactedRecord(record: CellRecord, secrets: readonly string[]): CellRecord {
  const redact = (text: string): string => redactSecrets(text, secrets);
  return {
    ...record,
    file: redact(record.file),
    test: redact(record.test),
    variant: redact(record.variant),
    ...(record.skipped !== undefined ? { skipped: redact(record.skipped) } : {}),
    callId: mapDefined(record.callId, redact),
    at: { file: redact(record.at.file), line: record.at.line },
    failures: record.failures.map((failure) => ({
      ...failure,
      file: redact(failure.file),
      type: redact(failure.type),
      reason: redact(failure.reason),
      ...(failure.expected !== undefined ? { expected: redact(failure.expected), actual: redact(failure.actual ?? '') } : {}),
    })),
    reason: mapDefined(record.reason, redact),
    error: record.error === undefined ? undefined : { ...record.error, kind: redact(record.error.kind), message: redact(record.error.message) },
  };
}

function mapDefined<T, U>(value: T | undefined, map: (value: T) => U): U | undefined {
  return value === undefined ? undefined : map(value);
}

/** "names the product › formal" (and "#2" for the second of several samples). */
export function cellName(record: Pick<CellRecord, 'test' | 'variant' | 'sample' | 'samples'>): string {
  return `${record.test} › ${record.variant}${record.samples > 1 ? ` #${record.sample}` : ''}`;
}
