// The prompt of one judgement: the user's instruction, then the data (the gist's id, the row's values
// and the two outputs, each between nonce markers), then the answer's format, last, where a model
// reads it after any text that tried to change it. No variant name or call id is in it: the judge is
// as blind as a person reviewing. Pure: no `vscode`.
import { cutNote, dataBlock, dataRule, promptText } from '../languageModels/promptData';

export const JUDGE_PROMPT_LIMITS = {
  /** Characters of each output shown (a judge compares the starts of two long texts). */
  outputChars: 12_000,
  /** Characters of one value shown. */
  valueChars: 2_000,
  /** Values shown at most; the rest are counted. */
  values: 50,
} as const;

export interface JudgePromptInput {
  readonly gist: string;
  readonly instruction: string;
  /** The row's values, variable → value, as the results file has them. */
  readonly values: Readonly<Record<string, string>>;
  /** The output shown as A (the pair's left side in this judgement), and as B. */
  readonly a: string;
  readonly b: string;
  readonly nonce: string;
}

/** The exact last line the judge must end with, per verdict. */
export const VERDICT_LINES = ['Verdict: A', 'Verdict: B', 'Verdict: tie', 'Verdict: both bad'] as const;

function valuesText(values: Readonly<Record<string, string>>): { readonly text: string; readonly note: string } {
  const entries = Object.entries(values);
  const shown = entries.slice(0, JUDGE_PROMPT_LIMITS.values).map(([name, value]) => {
    const cut = promptText(value, JUDGE_PROMPT_LIMITS.valueChars);
    return [promptText(name, 200).text, cut.cut ? `${cut.text}…` : cut.text] as const;
  });
  const hidden = entries.length - shown.length;
  return {
    // JSON: each name and value stays one quoted string, whatever line breaks or quotes it holds.
    text: JSON.stringify(Object.fromEntries(shown), null, 2),
    note: hidden > 0 ? ` (${hidden} more values are not shown)` : '',
  };
}

export function judgePrompt(input: JudgePromptInput): string {
  const a = promptText(input.a, JUDGE_PROMPT_LIMITS.outputChars);
  const b = promptText(input.b, JUDGE_PROMPT_LIMITS.outputChars);
  const values = valuesText(input.values);
  return [
    input.instruction.trim(),
    dataRule(input.nonce),
    `The template is the gist "${promptText(input.gist, 200).text}". The input values of this row, as JSON${values.note}:`,
    dataBlock('VALUES', values.text, input.nonce),
    `Output A${cutNote(a)}:`,
    dataBlock('OUTPUT A', a.text, input.nonce),
    `Output B${cutNote(b)}:`,
    dataBlock('OUTPUT B', b.text, input.nonce),
    [
      'You may first explain your judgement in a few sentences. Then end your answer with one last line that is exactly one of:',
      ...VERDICT_LINES,
      'Write no other line that starts with "Verdict:".',
    ].join('\n'),
  ].join('\n\n');
}
