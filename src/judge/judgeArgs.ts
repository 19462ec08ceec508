// The arguments `gist.lab.judge` takes from other extensions, keybindings and tests (besides a
// results file's Uri from a menu or the results view): `{resultsFile, model?, instruction?}`. They
// only skip the pickers: the consent is asked whatever the arguments say. Pure: no `vscode`.
import { isRecord } from '../shared/text';
import { instructionProblem } from './judgeInstruction';

export interface JudgeArgs {
  /** The results file's path. */
  readonly resultsFile?: string;
  /** The chat model, by its id (and vendor), as `vscode.lm.selectChatModels` takes them. */
  readonly model?: { readonly id: string; readonly vendor?: string };
  /** The judging instruction for a judge that has not judged this run yet. */
  readonly instruction?: string;
}

export type ParsedJudgeArgs = { readonly ok: true; readonly args: JudgeArgs } | { readonly ok: false; readonly reason: string };

const text = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

export function parseJudgeArgs(value: unknown): ParsedJudgeArgs {
  if (!isRecord(value)) {
    return { ok: false, reason: 'pass a results file (a Uri) or {resultsFile, model?, instruction?}' };
  }
  if (value.resultsFile !== undefined && !text(value.resultsFile, 4096)) {
    return { ok: false, reason: '"resultsFile" must be the path of a results file' };
  }
  let model: JudgeArgs['model'];
  if (value.model !== undefined) {
    if (!isRecord(value.model) || !text(value.model.id, 1024) || (value.model.vendor !== undefined && !text(value.model.vendor, 1024))) {
      return { ok: false, reason: '"model" must be {id, vendor?} of a chat model' };
    }
    model = { id: value.model.id, ...(typeof value.model.vendor === 'string' ? { vendor: value.model.vendor } : {}) };
  }
  if (value.instruction !== undefined) {
    const problem = typeof value.instruction === 'string' ? instructionProblem(value.instruction) : '"instruction" must be text';
    if (problem !== undefined) {
      return { ok: false, reason: problem };
    }
  }
  return {
    ok: true,
    args: {
      ...(typeof value.resultsFile === 'string' ? { resultsFile: value.resultsFile } : {}),
      ...(model === undefined ? {} : { model }),
      ...(typeof value.instruction === 'string' ? { instruction: value.instruction } : {}),
    },
  };
}
