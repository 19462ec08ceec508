// `llm-rubric`, with promptfoo's name and meaning: a model grades one output against a rubric the
// test file states, and answers pass or fail with a score from 0 to 1 and its reason; with a
// `threshold`, the score must also reach it. The output (and the rubric, which a cloned repository
// wrote) go in as data between nonce markers; the answer must be exactly the JSON object asked for,
// and anything else is an error, never a guess. Where we differ from promptfoo: an answer without
// `pass` is an error (promptfoo counts it as a pass, even with a score of 0).
//
// The grade needs a model the user picked in VS Code, so `gist-check` on the command line cannot
// run it and says so with LLM_RUBRIC_NOT_IN_CLI. Pure: no `vscode`.
import { MAX_RUBRIC_CHARS } from '../expectations/checkLimits';
import type { AskModel } from './askModel';
import { cutNote, dataBlock, dataRule, nonceFor, promptText } from './promptData';
import { modelFailureOf, type ModelFailureKind } from './modelFailure';

/** What `gist-check` says for an `llm-rubric` assertion: it runs in the editor only. */
export const LLM_RUBRIC_NOT_IN_CLI =
  '"llm-rubric" is graded by a language model you pick in VS Code (through its Language Model API, after you agree to send the output there), which the command line does not have: gist-check does not run it and counts the test as not run, never as passed. Run the test file from VS Code\'s Test Explorer, or export it to promptfoo.';

export const RUBRIC_LIMITS = {
  /** Characters of the output shown to the grader; the prompt says when it was cut. */
  outputChars: 24_000,
  /** The test file's reader refuses a longer rubric; one filled from `{{ vars }}` may grow past it and is cut. */
  rubricChars: MAX_RUBRIC_CHARS,
  /** Characters of the grader's answer that are read; a longer one is an error. */
  answerChars: 8_000,
  reasonChars: 2_000,
} as const;

export interface RubricAssertion {
  /** The rubric, as the test file states it (promptfoo's `value`). */
  readonly rubric: string;
  /** promptfoo's `threshold`: the score must reach it too. */
  readonly threshold?: number;
}

export type RubricGrade =
  | { readonly kind: 'graded'; readonly pass: boolean; readonly score: number; readonly reason: string }
  /** No grade: the model failed or its answer was not the object asked for. A test shows this as errored, not failed. */
  | { readonly kind: 'error'; readonly reason: string; readonly failure?: ModelFailureKind };

/** The prompt for one grade. */
export function rubricPrompt(rubric: string, output: string, nonce: string): string {
  const shownRubric = promptText(rubric, RUBRIC_LIMITS.rubricChars);
  const shownOutput = promptText(output, RUBRIC_LIMITS.outputChars);
  return [
    'You grade one output of a text template against a rubric. The output passes if what the rubric states is true of it.',
    dataRule(nonce),
    `The rubric${cutNote(shownRubric)}:`,
    dataBlock('RUBRIC', shownRubric.text, nonce),
    `The output to grade${cutNote(shownOutput)}:`,
    dataBlock('OUTPUT', shownOutput.text, nonce),
    'Answer with one JSON object and nothing else, in this shape:',
    '{"reason": "<one or two sentences on the rubric and the output>", "score": <a number from 0.0 to 1.0>, "pass": <true or false>}',
  ].join('\n\n');
}

export type RubricAnswer = { readonly ok: true; readonly pass: boolean; readonly score: number; readonly reason: string } | { readonly ok: false; readonly problem: string };

/** The JSON text of an answer: the whole answer, or the inside of one fenced block that is the whole answer. */
function jsonText(answer: string): string {
  const trimmed = answer.trim();
  const fenced = /^```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n```$/i.exec(trimmed);
  return (fenced?.[1] ?? trimmed).trim();
}

/** The grader's answer, read strictly: exactly one JSON object with a boolean `pass`, a text `reason` and an optional `score` from 0 to 1. */
export function parseRubricAnswer(answer: string): RubricAnswer {
  if (answer.length > RUBRIC_LIMITS.answerChars) {
    return { ok: false, problem: `the answer is longer than ${RUBRIC_LIMITS.answerChars} characters` };
  }
  const text = jsonText(answer);
  if (!text.startsWith('{') || !text.endsWith('}')) {
    return { ok: false, problem: 'the answer is not the JSON object asked for' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'the answer is not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: 'the answer is not a JSON object' };
  }
  const fields = value as Record<string, unknown>;
  if (typeof fields.pass !== 'boolean') {
    return { ok: false, problem: 'the answer has no boolean "pass"' };
  }
  if (typeof fields.reason !== 'string') {
    return { ok: false, problem: 'the answer has no text "reason"' };
  }
  if (fields.score !== undefined && (typeof fields.score !== 'number' || !Number.isFinite(fields.score) || fields.score < 0 || fields.score > 1)) {
    return { ok: false, problem: '"score" is not a number from 0 to 1' };
  }
  const reason = fields.reason.length > RUBRIC_LIMITS.reasonChars ? `${fields.reason.slice(0, RUBRIC_LIMITS.reasonChars - 1)}…` : fields.reason;
  return { ok: true, pass: fields.pass, score: typeof fields.score === 'number' ? fields.score : fields.pass ? 1 : 0, reason };
}

/**
 * Grades `output` against the rubric with one request through `ask`. Never throws: a failed request
 * or an unreadable answer is an `error` grade with the reason (`failure` says which kind of request
 * failure, so a caller can stop at `noPermission`, `blocked`, `notFound` or `cancelled`).
 */
export async function gradeLlmRubric(assertion: RubricAssertion, output: string, ask: AskModel, options: { readonly signal?: AbortSignal; readonly nonce?: () => string } = {}): Promise<RubricGrade> {
  const nonce = nonceFor([assertion.rubric, output], options.nonce);
  let answer: string;
  try {
    answer = await ask(rubricPrompt(assertion.rubric, output, nonce), options.signal);
  } catch (error) {
    const failure = modelFailureOf(error, options.signal?.aborted === true);
    return { kind: 'error', reason: `The grading model gave no answer: ${failure.message}`, failure: failure.kind };
  }
  const parsed = parseRubricAnswer(answer);
  if (!parsed.ok) {
    return { kind: 'error', reason: `The grading model's answer could not be read (${parsed.problem}), so the output was not graded.` };
  }
  const reachesThreshold = assertion.threshold === undefined || parsed.score >= assertion.threshold;
  const reason = reachesThreshold ? parsed.reason : `${parsed.reason} (score ${parsed.score} is below the threshold ${assertion.threshold})`;
  return { kind: 'graded', pass: parsed.pass && reachesThreshold, score: parsed.score, reason };
}
