// The second step of grading a test with model-graded assertions (`llm-rubric`): gradeTest leaves
// them pending; here each goes to the model the user picked (an AskModel), one request at a time,
// and the test is graded again with the model's results in their places, so weights, assert-sets
// and the test's threshold count them as promptfoo does. `not-llm-rubric` inverts the pass and
// the score (1 − score), as promptfoo's handler does. A request that fails or an answer that is not
// the object asked for makes the assertion, and so the test, an error: never a pass, never a
// failure of the output. Pure: no `vscode`.
import type { Assertion, GistTest } from '../expectations/checkModel';
import { gradeTestWith, modelGradedAssertions, type TestGrade } from '../expectations/gradeTest';
import { pendingResult, runAssertion, type CallOutcome, type CheckResult } from '../expectations/runAssertion';
import { reasonText, showHidden } from '../expectations/visibleText';
import type { AskModel } from '../languageModels/askModel';
import { gradeLlmRubric } from '../languageModels/llmRubric';

/** Whether a test needs a language model to be graded. */
export function needsModel(test: Pick<GistTest, 'assert'>): boolean {
  return modelGradedAssertions(test.assert).length > 0;
}

/** A model-graded assertion that will not be graded in this run, with why: the test errors. */
function erroredResult(assertion: Assertion, reason: string): CheckResult {
  const { pending: _pending, ...rest } = pendingResult(assertion);
  return { ...rest, reason: reasonText(showHidden(reason)), errored: true };
}

/** One model grade as the assertion's result. */
async function modelResult(assertion: Assertion, output: string, ask: AskModel, signal: AbortSignal | undefined): Promise<CheckResult> {
  if (assertion.expectation.kind !== 'rubric') return runAssertion(assertion, { output, latencyMs: 0 });
  const { rubric, threshold } = assertion.expectation;
  const grade = await gradeLlmRubric({ rubric, ...(threshold !== undefined ? { threshold } : {}) }, output, ask, signal !== undefined ? { signal } : {});
  if (grade.kind === 'error') return erroredResult(assertion, grade.reason);
  const pass = grade.pass !== assertion.inverse;
  const score = assertion.inverse ? Math.min(1, Math.max(0, 1 - grade.score)) : grade.score;
  return {
    check: 'assertion',
    type: assertion.type,
    // A weight of 0 measures without failing, as for every assertion.
    pass: assertion.weight === 0 ? true : pass,
    score,
    // The model's words are outside text: one line, hidden characters shown, capped.
    reason: reasonText(showHidden(pass ? grade.reason : `${assertion.inverse ? 'The grading model found the rubric true, and this is not-llm-rubric: ' : ''}${grade.reason}`)),
    range: assertion.range,
    ...(assertion.metric !== undefined ? { metric: assertion.metric } : {}),
    ...(assertion.weight !== undefined ? { weight: assertion.weight } : {}),
  };
}

/**
 * The test's grade with every model-graded assertion graded through `ask`, one request at a time
 * (after the first errored one the rest are not asked: the test is an error already). A test
 * without any is graded as gradeTest does, with no request.
 */
export async function gradeWithModel(test: Pick<GistTest, 'assert' | 'threshold'>, call: CallOutcome, ask: AskModel, options: { readonly signal?: AbortSignal } = {}): Promise<TestGrade> {
  const results = new Map<Assertion, CheckResult>();
  let stopped: string | undefined;
  for (const assertion of modelGradedAssertions(test.assert)) {
    if (stopped !== undefined) {
      results.set(assertion, erroredResult(assertion, `Not graded: ${stopped}`));
      continue;
    }
    const result = await modelResult(assertion, call.output, ask, options.signal);
    if (result.errored === true) stopped = 'an earlier llm-rubric of this test could not be graded.';
    results.set(assertion, result);
  }
  return gradeTestWith(test.assert, test.threshold, (assertion) => results.get(assertion) ?? runAssertion(assertion, call));
}

/** The test's grade when no model grades it (none was chosen, or the user declined): its model-graded assertions error with `reason`. */
export function gradeWithoutModel(test: Pick<GistTest, 'assert' | 'threshold'>, call: CallOutcome, reason: string): TestGrade {
  const model = new Set(modelGradedAssertions(test.assert));
  return gradeTestWith(test.assert, test.threshold, (assertion) => (model.has(assertion) ? erroredResult(assertion, reason) : runAssertion(assertion, call)));
}
