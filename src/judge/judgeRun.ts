// One judging run: the judgements the user agreed to, asked one at a time (a language model's rate
// limits are per user; one request at a time keeps a run from eating the user's quota in bursts),
// each answer read strictly and written to the judge's votes file as it comes: a verdict as a vote
// line, anything else as a skip line (a failure, asked again by the next run), never a guess.
// A request that failed for a reason that may pass (a network error, a server error) is tried
// again after a wait; one that cannot succeed again in this run (no permission, rate limit or
// quota, the model gone, a cancel) ends the run at once, and so do several failures in a row.
// Pure: no `vscode`; the model, the clock and the file come in as functions.
import type { AskModel } from '../languageModels/askModel';
import { ModelFailure, modelFailureOf } from '../languageModels/modelFailure';
import { nonceFor } from '../languageModels/promptData';
import type { VotesEntry } from '../review/votes';
import { skipEntry, voteEntry } from '../review/votesWriter';
import { parseJudgeAnswer } from './judgeAnswer';
import type { PairTexts } from './judgeCells';
import type { Judgement } from './judgePlan';
import { judgePrompt } from './judgePrompt';

/** Waits before a request that failed is tried again (then it counts as a failure). */
export const RETRY_WAITS_MS = [2_000, 8_000] as const;
/** Failed judgements in a row that end the run: the model is not answering as asked. */
export const MAX_FAILURES_IN_A_ROW = 5;

export interface JudgeRunInput {
  readonly judgements: readonly Judgement[];
  readonly gist: string;
  readonly instruction: string;
  /** The model's name: the votes' reviewer. */
  readonly reviewer: string;
  readonly ask: AskModel;
  /** The two texts of a pair, undefined when its cells changed since the plan (a rerun). */
  texts(judgement: Judgement): Promise<PairTexts | undefined>;
  /** Appends one line to the votes file. */
  record(entry: VotesEntry): Promise<void>;
  readonly signal: AbortSignal;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  /** Called after each judgement. */
  progress(done: number, failures: number): void;
  /** A line for the log (what failed, and the answer that could not be read). */
  log(line: string): void;
  nonce?: () => string;
  now?: () => Date;
}

export interface JudgeRunResult {
  readonly end: 'finished' | 'cancelled' | 'stopped';
  /** Why the run stopped: the failure that ended it. */
  readonly stop?: ModelFailure;
  readonly total: number;
  /** Judgements asked and answered (votes written). */
  readonly judged: number;
  /** Judgements that failed (skip lines written). */
  readonly failures: number;
  /** Judgements not asked because their cells changed since the plan. */
  readonly changed: number;
}

async function askWithRetries(input: JudgeRunInput, prompt: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await input.ask(prompt, input.signal);
    } catch (error) {
      const failure = modelFailureOf(error, input.signal.aborted);
      const wait = RETRY_WAITS_MS[attempt];
      if (!failure.worthRetrying || wait === undefined) {
        throw failure;
      }
      input.log(`The judge's request failed (${failure.message}); trying again in ${wait / 1000} s.`);
      await input.wait(wait, input.signal);
      if (input.signal.aborted) {
        throw new ModelFailure('cancelled', 'Cancelled.');
      }
    }
  }
}

export async function runJudging(input: JudgeRunInput): Promise<JudgeRunResult> {
  const by = (): { reviewer: string; source: 'judge'; at: Date } => ({ reviewer: input.reviewer, source: 'judge', at: input.now?.() ?? new Date() });
  let judged = 0;
  let failures = 0;
  let changed = 0;
  let inARow = 0;
  const result = (end: JudgeRunResult['end'], stop?: ModelFailure): JudgeRunResult => ({ end, ...(stop === undefined ? {} : { stop }), total: input.judgements.length, judged, failures, changed });
  for (const judgement of input.judgements) {
    if (input.signal.aborted) {
      return result('cancelled');
    }
    const shown = { row: judgement.pair.row, sample: judgement.pair.sample, left: judgement.left, right: judgement.right };
    const texts = await input.texts(judgement);
    if (texts === undefined) {
      changed += 1;
      input.progress(judged + failures + changed, failures);
      continue;
    }
    // The pair's texts as this judgement shows them: its left side is A.
    const [a, b] = judgement.swapped ? [texts.right, texts.left] : [texts.left, texts.right];
    const nonce = nonceFor([input.instruction, a, b, ...Object.keys(texts.values), ...Object.values(texts.values)], input.nonce);
    const prompt = judgePrompt({ gist: input.gist, instruction: input.instruction, values: texts.values, a, b, nonce });
    let answer: string;
    try {
      answer = await askWithRetries(input, prompt);
    } catch (error) {
      const failure = modelFailureOf(error, input.signal.aborted);
      if (failure.kind === 'cancelled') {
        return result('cancelled');
      }
      if (failure.stopsRun) {
        return result('stopped', failure);
      }
      failures += 1;
      inARow += 1;
      input.log(`Judgement of row ${shown.row} (${judgement.swapped ? 'sides swapped' : 'as scheduled'}) failed: ${failure.message}`);
      await input.record(skipEntry(shown, by()));
      input.progress(judged + failures + changed, failures);
      if (inARow >= MAX_FAILURES_IN_A_ROW) {
        return result('stopped', new ModelFailure(failure.kind, `${MAX_FAILURES_IN_A_ROW} judgements in a row failed; the last: ${failure.message}`));
      }
      continue;
    }
    const parsed = parseJudgeAnswer(answer);
    if (parsed.ok) {
      judged += 1;
      inARow = 0;
      await input.record(voteEntry(shown, parsed.verdict, by()));
    } else {
      failures += 1;
      inARow += 1;
      input.log(`Judgement of row ${shown.row} (${judgement.swapped ? 'sides swapped' : 'as scheduled'}) not counted: ${parsed.problem}. The answer began: ${JSON.stringify(answer.slice(0, 300))}`);
      await input.record(skipEntry(shown, by()));
      if (inARow >= MAX_FAILURES_IN_A_ROW) {
        input.progress(judged + failures + changed, failures);
        return result('stopped', new ModelFailure('other', `${MAX_FAILURES_IN_A_ROW} answers in a row were not a verdict; the last: ${parsed.problem}`));
      }
    }
    input.progress(judged + failures + changed, failures);
  }
  return result('finished');
}
