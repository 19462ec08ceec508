// The `checks` extension of the results format (docs/results-format.md): a result line of a check
// run carries its test's grade under `checks`, so the results view can show pass or fail per cell
// and the pass rate per variant. Built from a grade when written; read back as hostile input (a
// results file may come from a repository), checked member by member and capped. Pure: no `vscode`.
import type { CheckResult } from '../expectations/runAssertion';
import type { TestGrade } from '../expectations/gradeTest';
import { isRecord } from '../shared/text';

export const CHECKS_EXTENSION = 'checks';
/** The `data.format` of a check run's header: its "data" is the test file, a row per test. */
export const TEST_FILE_FORMAT = 'gisttest';
export const CHECKS_EXTENSION_VERSION = 1;

/** One assertion's outcome, where it was written, and an assert-set's members. */
export interface CheckedAssertion {
  readonly type: string;
  readonly pass: boolean;
  readonly score: number;
  readonly reason: string;
  /** The line (from 1) of the test file, or of its CSV when `csv` is true. */
  readonly line: number;
  readonly csv?: true;
  readonly metric?: string;
  readonly weight?: number;
  readonly assertions?: readonly CheckedAssertion[];
}

/** A cell's grade: the test's pass or fail, its score and reason, and each assertion's. */
export interface ChecksMember {
  readonly pass: boolean;
  readonly score: number;
  readonly reason: string;
  /** The test's name (its description, or "Test 3" / "Row 3" of the CSV). */
  readonly test: string;
  readonly assertions: readonly CheckedAssertion[];
}

const MAX_TEXT = 2048;
const MAX_ASSERTIONS = 200;

function assertionOf(result: CheckResult): CheckedAssertion {
  return {
    type: result.type,
    pass: result.pass,
    score: result.score,
    reason: result.reason,
    line: result.range.start.line + 1,
    ...(result.range.file === 'testsFile' ? { csv: true as const } : {}),
    ...(result.metric !== undefined ? { metric: result.metric } : {}),
    ...(result.weight !== undefined ? { weight: result.weight } : {}),
    ...(result.results !== undefined ? { assertions: result.results.map(assertionOf) } : {}),
  };
}

/** The member a result line carries for a graded cell. A cell whose call failed has none: it was not graded. */
export function checksMemberOf(grade: TestGrade, test: string): ChecksMember {
  return { pass: grade.pass, score: grade.score, reason: grade.reason, test, assertions: grade.results.map(assertionOf) };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_TEXT ? value : undefined;
}

function score(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1 ? value : undefined;
}

function parseAssertion(value: unknown, depth: number): CheckedAssertion | undefined {
  if (!isRecord(value) || typeof value.pass !== 'boolean') return undefined;
  const type = text(value.type);
  const reason = text(value.reason);
  const scored = score(value.score);
  const line = value.line;
  if (type === undefined || type.length > 64 || reason === undefined || scored === undefined || typeof line !== 'number' || !Number.isInteger(line) || line < 1) return undefined;
  let members: CheckedAssertion[] | undefined;
  if (value.assertions !== undefined) {
    if (depth > 0 || !Array.isArray(value.assertions) || value.assertions.length > MAX_ASSERTIONS) return undefined;
    members = [];
    for (const member of value.assertions) {
      const parsed = parseAssertion(member, depth + 1);
      if (parsed === undefined) return undefined;
      members.push(parsed);
    }
  }
  const metric = value.metric === undefined ? undefined : text(value.metric);
  const weight = typeof value.weight === 'number' && Number.isFinite(value.weight) && value.weight >= 0 ? value.weight : undefined;
  return {
    type,
    pass: value.pass,
    score: scored,
    reason,
    line,
    ...(value.csv === true ? { csv: true as const } : {}),
    ...(metric !== undefined ? { metric } : {}),
    ...(weight !== undefined ? { weight } : {}),
    ...(members !== undefined ? { assertions: members } : {}),
  };
}

/** A result line's `checks` member, checked; undefined when it is not one this version reads. */
export function parseChecksMember(value: unknown): ChecksMember | undefined {
  if (!isRecord(value) || typeof value.pass !== 'boolean' || !Array.isArray(value.assertions) || value.assertions.length > MAX_ASSERTIONS) return undefined;
  const reason = text(value.reason);
  const test = text(value.test);
  const scored = score(value.score);
  if (reason === undefined || test === undefined || scored === undefined) return undefined;
  const assertions: CheckedAssertion[] = [];
  for (const item of value.assertions) {
    const parsed = parseAssertion(item, 0);
    if (parsed === undefined) return undefined;
    assertions.push(parsed);
  }
  return { pass: value.pass, score: scored, reason, test, assertions };
}

/** The reasons of the failed assertions, set members included, for a one-line summary. */
export function failedReasons(member: ChecksMember): string[] {
  const reasons: string[] = [];
  const visit = (list: readonly CheckedAssertion[]): void => {
    for (const assertion of list) {
      if (assertion.assertions !== undefined) visit(assertion.assertions);
      else if (!assertion.pass) reasons.push(assertion.reason);
    }
  };
  visit(member.assertions);
  return reasons.length > 0 || member.pass ? reasons : [member.reason];
}
