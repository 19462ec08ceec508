// Resuming a judge from its votes file. The instruction in that file's header is someone else's
// words until shown otherwise: the file may come from a repository. It goes to the model only when
// it is the user's own (the default, the one they left last in this workspace, the one the command
// was given) or once the user has opened all of it, read-only, and then chosen to resume with it.
// A one-line preview is not reading it. Pure: no `vscode`.
import { createHash } from 'node:crypto';
import { instructionProblem } from './judgeInstruction';

/** Instructions remembered as judged with in a workspace (their digests): the last few are enough to resume. */
export const REMEMBERED_INSTRUCTIONS = 20;

/** What the resume step offers: read the whole instruction first; resume only after that. */
export type ResumeAction = 'read' | 'resume';

export interface ResumeState {
  /** The instruction in the votes file's header (empty when it has none). */
  readonly instruction: string;
  /** The user opened the whole instruction in this step. */
  readonly read: boolean;
}

/** An instruction's digest, as remembered in the workspace's state (not the text: it may be long). */
export function instructionDigest(instruction: string): string {
  return createHash('sha256').update(instruction, 'utf8').digest('hex');
}

/** The remembered digests after the user agreed to judge with `instruction`: it first, the oldest dropped. */
export function rememberInstruction(remembered: readonly string[], instruction: string): string[] {
  const digest = instructionDigest(instruction);
  return [digest, ...remembered.filter((known) => known !== digest)].slice(0, REMEMBERED_INSTRUCTIONS);
}

/**
 * Whether the file's instruction is the user's own: one they gave (`own`), or one they agreed to
 * judge with in this workspace before (`remembered` digests, so a resume after a rate limit asks
 * nothing again). Then no step asks about it.
 */
export function isOwnInstruction(fileInstruction: string, own: readonly (string | undefined)[], remembered: readonly string[] = []): boolean {
  return own.some((instruction) => instruction !== undefined && instruction === fileInstruction) || remembered.includes(instructionDigest(fileInstruction));
}

/** The step's actions, in the order offered. Resume is there only once the whole instruction was opened, and only if it can be used. */
export function resumeActions(state: ResumeState): ResumeAction[] {
  const usable = instructionProblem(state.instruction) === undefined;
  return state.read && usable ? ['resume', 'read'] : ['read'];
}

/** Its size as the step says it: characters (UTF-16 code units, as the cap counts) and lines. */
export function instructionSize(instruction: string): { readonly characters: number; readonly lines: number } {
  return { characters: instruction.length, lines: instruction.length === 0 ? 0 : instruction.split(/\r\n|\r|\n/).length };
}
