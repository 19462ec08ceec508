// "Judge with a Language Model…": the model (a quick pick of the chat models VS Code offers, by
// name, vendor and family as inert text), then the judging instruction, shown in full in an editor
// when the user asks to edit it (Use Text, or closing the editor, takes it; what they typed is
// kept for the next run in this workspace). A model that judged this run before keeps its own
// instruction (its votes file's), so one file never mixes judgements made under two instructions:
// that step is skipped and the consent shows it.
import * as vscode from 'vscode';
import { editInEditor } from '../generation/editInEditor';
import { chatModelItems } from '../languageModels/chatModels';
import { labelText } from '../shared/inertText';
import { MultiStepInput, type OpeningInput, type Step } from '../shared/multiStepInput';
import type { InputHold } from '../shared/inputHold';
import { DEFAULT_JUDGE_INSTRUCTION, instructionProblem } from './judgeInstruction';

export interface JudgeFlowInput {
  readonly models: readonly vscode.LanguageModelChat[];
  /** The model given in the command's arguments: no model step. */
  readonly model?: vscode.LanguageModelChat;
  /** The instruction given in the arguments: no instruction step. */
  readonly instruction?: string;
  /** The instruction the user left last time in this workspace, else the default. */
  readonly lastInstruction: string;
  /** Keeps an edited instruction at once, so it is there again however the flow ends. */
  keepInstruction(instruction: string): void;
  /** Whether `model` judged this run before (then its file's instruction is used). */
  resumes(model: vscode.LanguageModelChat): Promise<boolean>;
  /** The input shown while the command read the results file: the first step replaces it. */
  readonly opening?: OpeningInput | undefined;
  /** Keeps the flow's last input on screen until the consent that follows is up (see InputHold). */
  readonly hold?: InputHold;
}

export interface JudgeFlowChoice {
  readonly model: vscode.LanguageModelChat;
  /** Undefined when the model resumes with its own file's instruction. */
  readonly instruction: string | undefined;
}

export const judgeFlowTitle = (): string => vscode.l10n.t('Judge with a Language Model');
const PREVIEW_CHARS = 300;

interface InstructionItem extends vscode.QuickPickItem {
  readonly action: 'use' | 'edit' | 'default';
}

export async function judgeFlow(input: JudgeFlowInput): Promise<JudgeFlowChoice | undefined> {
  let model = input.model;
  let instruction = input.instruction ?? input.lastInstruction;
  let resumed = false;
  const steps = (): number => (input.model === undefined ? 1 : 0) + (input.instruction === undefined ? 1 : 0);

  const instructionStep: Step = async (flow) => {
    const problem = instructionProblem(instruction);
    const items: InstructionItem[] = [
      ...(problem === undefined ? [{ label: `$(check) ${vscode.l10n.t('Judge with This Instruction')}`, detail: labelText(instruction, PREVIEW_CHARS), action: 'use' as const }] : []),
      { label: `$(edit) ${vscode.l10n.t('Edit the Instruction…')}`, description: vscode.l10n.t('opens it in an editor: Use Text (Ctrl+Enter) or closing the editor takes it'), action: 'edit' },
      ...(instruction !== DEFAULT_JUDGE_INSTRUCTION ? [{ label: `$(discard) ${vscode.l10n.t('Back to the Default Instruction')}`, detail: labelText(DEFAULT_JUDGE_INSTRUCTION, PREVIEW_CHARS), action: 'default' as const }] : []),
    ];
    const picked = await flow.showQuickPick({
      title: judgeFlowTitle(),
      totalSteps: steps(),
      placeholder: problem ?? vscode.l10n.t('The judge gets this instruction with each pair; it is kept in the votes file'),
      items,
    });
    if (picked.kind !== 'item') return instructionStep;
    switch (picked.item.action) {
      case 'use':
        return undefined;
      case 'edit':
        flow.hide();
        instruction = await editInEditor(vscode.l10n.t('Judging instruction'), instruction, 'markdown');
        input.keepInstruction(instruction);
        return instructionStep;
      case 'default':
        instruction = DEFAULT_JUDGE_INSTRUCTION;
        input.keepInstruction(instruction);
        return instructionStep;
    }
  };

  const afterModel = async (chosen: vscode.LanguageModelChat): Promise<Step | undefined> => {
    resumed = await input.resumes(chosen);
    return resumed || input.instruction !== undefined ? undefined : instructionStep;
  };

  const modelStep: Step = async (flow) => {
    const picked = await flow.showQuickPick({
      title: judgeFlowTitle(),
      totalSteps: steps(),
      placeholder: vscode.l10n.t('The language model that judges the pairs (nothing is sent before you agree)'),
      items: chatModelItems(input.models),
      matchOnDescription: true,
    });
    if (picked.kind !== 'item') return modelStep;
    model = picked.item.model;
    flow.busy();
    return afterModel(model);
  };

  let start: Step | undefined;
  if (model === undefined) {
    start = modelStep;
  } else {
    start = await afterModel(model);
  }
  if (start !== undefined && !(await MultiStepInput.run(start, input.opening, input.hold))) {
    return undefined;
  }
  if (start === undefined && input.opening?.cancelled() === true) return undefined;
  if (start === undefined && input.hold !== undefined) {
    // No step to show (the model given, resuming): the opening input is what the consent opens over.
    const opening = input.opening?.handOver();
    if (opening !== undefined) input.hold.keep(opening);
  }
  return model === undefined ? undefined : { model, instruction: resumed ? undefined : instruction };
}
