// A test's pass or fail from its checks, exactly as promptfoo's `runAssertions` and
// `AssertionsResult` aggregate them: the score is the weighted mean of the scores (weight 1 unless
// given); without a threshold the test passes when no check failed; with one (a number, 0 included)
// it passes when the score reaches it, whatever single checks did. An `assert-set` is graded the
// same way with its own threshold, then counts as one check with its weight. Pure: no `vscode`.
import { MODEL_GRADED_TYPES } from './assertionTypes';
import { type Assertion, type Check } from './checkModel';
import { type CallOutcome, type CheckResult, runAssertion } from './runAssertion';
import { recordOf } from '../shared/keyedRecord';

export interface TestGrade {
  readonly pass: boolean;
  /** Weighted mean score, 0–1 (1 for a test without checks). */
  readonly score: number;
  /** The last failed check's reason, or the threshold's verdict, or "All assertions passed". */
  readonly reason: string;
  /** Each `metric`'s weighted mean score; a null-prototype record. */
  readonly namedScores: Readonly<Record<string, number>>;
  /** One result per check, in the file's order (an assert-set's members under it). */
  readonly results: readonly CheckResult[];
  /** Model-graded assertions still waiting for their model: the grade is not final (and never a pass). */
  readonly pending?: number;
  /** Why the test could not be graded (a model-graded assertion errored): the cell is an error, not a failure. */
  readonly error?: string;
}

interface Entry {
  readonly result: CheckResult;
  readonly weight: number | undefined;
  readonly metric: string | undefined;
  readonly namedScores?: Readonly<Record<string, number>>;
  readonly namedWeights?: Readonly<Record<string, number>>;
}

interface Aggregate {
  readonly pass: boolean;
  readonly score: number;
  readonly reason: string;
  readonly namedScores: Record<string, number>;
  readonly namedWeights: Record<string, number>;
}

function aggregate(entries: readonly Entry[], threshold: number | undefined): Aggregate {
  let totalScore = 0;
  let totalWeight = 0;
  let failedReason: string | undefined;
  const sums = recordOf<number>();
  const weights = recordOf<number>();
  const add = (name: string, score: number, weight: number): void => {
    sums[name] = (sums[name] ?? 0) + score * weight;
    weights[name] = (weights[name] ?? 0) + weight;
  };
  for (const { result, weight = 1, metric, namedScores, namedWeights } of entries) {
    totalScore += result.score * weight;
    totalWeight += weight;
    if (metric !== undefined && metric !== '') {
      add(metric, result.score, weight);
    }
    for (const [name, score] of Object.entries(namedScores ?? {})) {
      if (name !== metric) {
        add(name, score, (namedWeights?.[name] ?? 1) * weight);
      }
    }
    if (!result.pass) {
      failedReason = result.reason;
    }
  }
  const score = totalWeight > 0 ? totalScore / totalWeight : 0;
  let pass = failedReason === undefined;
  let reason = failedReason ?? 'All assertions passed';
  if (threshold !== undefined) {
    pass = score >= threshold;
    reason = `Aggregate score ${score.toFixed(2)} ${pass ? '≥' : '<'} ${threshold} threshold`;
  }
  const namedScores = recordOf<number>();
  for (const [name, sum] of Object.entries(sums)) {
    const weight = weights[name] ?? 0;
    namedScores[name] = weight > 0 ? sum / weight : 0;
  }
  return { pass, score, reason, namedScores, namedWeights: weights };
}

/**
 * Grades one call's output against a test's checks. As promptfoo, plain assertions are added
 * first and assert-sets after them, so the reason of a failure in a set wins over one outside it.
 * Model-graded assertions come back pending (see `pending`); gradeWithModel finishes the grade.
 */
export function gradeTest(checks: readonly Check[], threshold: number | undefined, call: CallOutcome): TestGrade {
  return gradeTestWith(checks, threshold, (assertion) => runAssertion(assertion, call));
}

/** Every model-graded assertion of a test's checks (set members included), in the file's order. */
export function modelGradedAssertions(checks: readonly Check[]): Assertion[] {
  const found: Assertion[] = [];
  for (const check of checks) {
    for (const assertion of check.check === 'assertion' ? [check] : check.assert) {
      if (MODEL_GRADED_TYPES.has(assertion.baseType)) found.push(assertion);
    }
  }
  return found;
}

/** Pending and errored results of a grade, set members included: a grade with either is not final. */
function unfinished(results: readonly CheckResult[]): { pending: number; error: string | undefined } {
  let pending = 0;
  let error: string | undefined;
  const visit = (list: readonly CheckResult[]): void => {
    for (const result of list) {
      if (result.results !== undefined) visit(result.results);
      if (result.pending === true) pending += 1;
      if (result.errored === true && error === undefined) error = result.reason;
    }
  };
  visit(results);
  return { pending, error };
}

/** gradeTest with each assertion's result from `resultOf` (a model's grade, or runAssertion's). */
export function gradeTestWith(checks: readonly Check[], threshold: number | undefined, resultOf: (assertion: Assertion) => CheckResult): TestGrade {
  if (checks.length === 0) {
    return { pass: true, score: 1, reason: 'No assertions', namedScores: recordOf(), results: [] };
  }
  const results: CheckResult[] = [];
  const plain: Entry[] = [];
  const sets: Entry[] = [];
  for (const check of checks) {
    if (check.check === 'assertion') {
      const result = resultOf(check);
      results.push(result);
      plain.push({ result, weight: check.weight, metric: check.metric });
      continue;
    }
    const members = check.assert.map((assertion) => ({ assertion, result: resultOf(assertion) }));
    const graded = aggregate(
      members.map(({ assertion, result }) => ({ result, weight: assertion.weight, metric: assertion.metric })),
      check.threshold,
    );
    const result: CheckResult = {
      check: 'assert-set',
      type: 'assert-set',
      pass: graded.pass,
      score: graded.score,
      reason: graded.reason,
      range: check.range,
      ...(check.metric !== undefined ? { metric: check.metric } : {}),
      ...(check.weight !== undefined ? { weight: check.weight } : {}),
      results: members.map(({ result: member }) => member),
    };
    results.push(result);
    sets.push({ result, weight: check.weight, metric: check.metric, namedScores: graded.namedScores, namedWeights: graded.namedWeights });
  }
  const graded = aggregate([...plain, ...sets], threshold);
  const { pending, error } = unfinished(results);
  if (error !== undefined) {
    return { pass: false, score: graded.score, reason: error, namedScores: graded.namedScores, results, error, ...(pending > 0 ? { pending } : {}) };
  }
  if (pending > 0) {
    const reason = `Not graded yet: ${pending === 1 ? '1 assertion waits' : `${pending} assertions wait`} for a language model`;
    return { pass: false, score: graded.score, reason, namedScores: graded.namedScores, results, pending };
  }
  return { pass: graded.pass, score: graded.score, reason: graded.reason, namedScores: graded.namedScores, results };
}

/** The failed assertions of a grade, set members included, for one message each at its line. */
export function failedAssertions(grade: TestGrade): CheckResult[] {
  const failed: CheckResult[] = [];
  const visit = (results: readonly CheckResult[]): void => {
    for (const result of results) {
      if (result.results !== undefined) {
        visit(result.results);
      } else if (!result.pass && result.pending !== true && result.errored !== true) {
        failed.push(result);
      }
    }
  };
  visit(grade.results);
  return failed;
}
