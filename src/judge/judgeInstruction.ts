// The judging instruction: what the judge is asked to prefer, in the words of MT-Bench's pairwise
// judge and Chatbot Arena's voting buttons (A is better, B is better, tie, both are bad), shown to the
// user, editable, and stored in the judge's votes file header as the user left it. The frame around
// it (the data markers, the answer's format) is not part of it: the answer is read strictly, so
// its format is fixed. Pure: no `vscode`.
import { VOTES_LIMITS } from '../review/votes';

export const DEFAULT_JUDGE_INSTRUCTION = [
  'Act as an impartial judge of two outputs, A and B, that two versions of a text template produced for the same input values (shown first).',
  'Decide which output better serves those input values for this template: it does what the values ask for, is correct and complete, is clear and well written, and fits its reader in tone and length.',
  'Do not let the order in which the outputs are shown, their length, or the style of any name influence you, and do not favour A or B for its position.',
  'Answer "tie" when both serve the values equally well, and "both bad" when neither is acceptable.',
].join('\n');

/** Characters an instruction may have: it is stored in the votes file's header, whose reader caps it. */
export const MAX_INSTRUCTION_CHARS = VOTES_LIMITS.instructionChars;

/** Why an instruction cannot be used, or undefined when it can. */
export function instructionProblem(instruction: string): string | undefined {
  if (instruction.trim().length === 0) {
    return 'The instruction is empty: say what the judge should prefer.';
  }
  if (instruction.length > MAX_INSTRUCTION_CHARS) {
    return `The instruction has ${instruction.length.toLocaleString('en-US')} characters; at most ${MAX_INSTRUCTION_CHARS.toLocaleString('en-US')} fit in the votes file.`;
  }
  return undefined;
}
