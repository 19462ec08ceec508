// A judge's answer, read strictly: its last line must be the verdict line the prompt asked for
// ("Verdict: A", "Verdict: B", "Verdict: tie", "Verdict: both bad"; letter case, markdown emphasis
// and a full stop around it are let through), and no other line may name a verdict. Anything else
// is a failure, recorded as one, never a guessed vote: an answer that quotes an output's "Verdict:
// B" in its reasoning and then concludes otherwise is ambiguous, and so is an answer that says
// "A" without the line. Pure: no `vscode`.
import type { Verdict } from '../review/votes';

export const MAX_ANSWER_CHARS = 8_000;

export type JudgeAnswer = { readonly ok: true; readonly verdict: Verdict } | { readonly ok: false; readonly problem: string };

const VERDICT_LINE = /^verdict\s*:\s*(a|b|tie|both[ -]bad)$/i;
/** A line that says "verdict:" anywhere: only the last line may. */
const MENTIONS_VERDICT = /verdict\s*:/i;

/** A line with its markdown emphasis, quotes and a final full stop taken off. */
function bare(line: string): string {
  return line
    .trim()
    .replace(/^[*_`>#\s]+|[*_`\s]+$/g, '')
    .replace(/\.$/, '')
    .replace(/[*_`]+/g, '')
    .trim();
}

const VERDICTS: Readonly<Record<string, Verdict>> = { a: 'left', b: 'right', tie: 'tie', 'both bad': 'both-bad', 'both-bad': 'both-bad' };

export function parseJudgeAnswer(answer: string): JudgeAnswer {
  if (answer.length > MAX_ANSWER_CHARS) {
    return { ok: false, problem: `the answer is longer than ${MAX_ANSWER_CHARS} characters` };
  }
  const lines = answer.split(/\r\n|\r|\n|\u2028|\u2029/).filter((line) => line.trim().length > 0);
  const last = lines.at(-1);
  if (last === undefined) {
    return { ok: false, problem: 'the answer is empty' };
  }
  const match = VERDICT_LINE.exec(bare(last));
  if (match === null) {
    return { ok: false, problem: 'the answer does not end with a verdict line ("Verdict: A", "Verdict: B", "Verdict: tie" or "Verdict: both bad")' };
  }
  if (lines.slice(0, -1).some((line) => MENTIONS_VERDICT.test(line))) {
    return { ok: false, problem: 'the answer names a verdict on more than one line' };
  }
  const verdict = VERDICTS[(match[1] ?? '').toLowerCase().replace(/\s+/g, ' ')];
  return verdict === undefined ? { ok: false, problem: 'the verdict is not A, B, tie or both bad' } : { ok: true, verdict };
}
