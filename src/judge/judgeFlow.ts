// "Judge with a Language Model…": the model (a quick pick of the chat models VS Code offers, by
// name, vendor and family as inert text), then the judging instruction, shown in full in an editor
// when the user asks to edit it (Use Text, or closing the editor, takes it; what they typed is
// kept for the next run in this workspace). A model that judged this run before keeps its own
// instruction (its votes file's), so one file never mixes judgements made under two instructions.
// That instruction may come from a repository: unless it is the user's own (judgeResume.ts), the
// resume step opens all of it read-only first, and only then offers to resume with it.
import * as vscode from 'vscode';
import { editInEditor } from '../generation/editInEditor';
import { chatModelItems } from '../languageModels/chatModels';
import { labelText } from '../shared/inertText';
import { MultiStepInput, type OpeningInput, type Step } from '../shared/multiStepInput';
import type { InputHold } from '../shared/inputHold';
import { DEFAULT_JUDGE_INSTRUCTION, instructionProblem } from './judgeInstruction';
import { instructionSize, isOwnInstruction, resumeActions, type ResumeAction } from './judgeResume';

export interface JudgeFlowInput {
  readonly models: readonly vscode.LanguageModelChat[];
  /** The model given in the command's arguments: no model step. */
  readonly model?: vscode.LanguageModelChat;
  /** The instruction given in the arguments: no instruction step. */
  readonly instruction?: string;
  /** The instruction the user left last time in this workspace, else the default. */
  readonly lastInstruction: string;
  /** Digests of the instructions the user agreed to judge with in this workspace (judgeResume.ts). */
  readonly rememberedInstructions: readonly string[];
  /** Keeps an edited instruction at once, so it is there again however the flow ends. */
  keepInstruction(instruction: string): void;
  /** When `model` judged this run before: its votes file's name and instruction (the run goes on with it). */
  resumes(model: vscode.LanguageModelChat): Promise<{ readonly votesFile: string; readonly instruction: string } | undefined>;
  /** Opens a votes file's whole instruction read-only; resolves once the user closed it. */
  showInstruction(instruction: string, votesFile: string): Promise<void>;
  /** The input shown while the command read the results file: the first step replaces it. */
  readonly opening?: OpeningInput | undefined;
  /** Keeps the flow's last input on screen until the consent that follows is up (see InputHold). */
  readonly hold?: InputHold;
}

export interface JudgeFlowChoice {
  readonly model: vscode.LanguageModelChat;
  /** What the model gets: the user's, or a resumed file's that the user read whole and accepted. */
  readonly instruction: string;
}

export const judgeFlowTitle = (): string => vscode.l10n.t('Judge with a Language Model');
const PREVIEW_CHARS = 300;

interface InstructionItem extends vscode.QuickPickItem {
  readonly action: 'use' | 'edit' | 'default';
}

interface ResumeItem extends vscode.QuickPickItem {
  readonly action: ResumeAction;
}

export async function judgeFlow(input: JudgeFlowInput): Promise<JudgeFlowChoice | undefined> {
  let model = input.model;
  let instruction = input.instruction ?? input.lastInstruction;
  /** The instruction step, or the resume step, follows the model's. */
  let secondStep = input.instruction === undefined;
  const steps = (): number => (input.model === undefined ? 1 : 0) + (secondStep ? 1 : 0);

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

  /** The resume step: the votes file's whole instruction is opened before resuming with it is offered. */
  const resumeStep = (votesFile: string, fileInstruction: string): Step => {
    let read = false;
    const step: Step = async (flow) => {
      const size = instructionSize(fileInstruction);
      const sizeText = vscode.l10n.t('{0} characters, {1} lines', size.characters.toLocaleString(), size.lines.toLocaleString());
      const items: ResumeItem[] = resumeActions({ instruction: fileInstruction, read }).map((action) =>
        action === 'read'
          ? { label: `$(book) ${vscode.l10n.t('Read the Whole Instruction…')}`, description: sizeText, detail: vscode.l10n.t('opens it read-only in an editor; close the editor (Ctrl+W) to come back here'), action }
          : { label: `$(check) ${vscode.l10n.t('Resume with the Instruction You Read')}`, description: sizeText, action },
      );
      const problem = instructionProblem(fileInstruction);
      const picked = await flow.showQuickPick({
        title: judgeFlowTitle(),
        totalSteps: steps(),
        placeholder:
          problem !== undefined
            ? vscode.l10n.t('{0} cannot be resumed: {1} Move it away to judge with your own instruction.', labelText(votesFile, 120), problem)
            : vscode.l10n.t('This model judged this run before, with the instruction in {0} (not yours: read it before it goes to the model)', labelText(votesFile, 120)),
        items,
      });
      if (picked.kind !== 'item') return step;
      if (picked.item.action === 'resume') {
        instruction = fileInstruction;
        return undefined;
      }
      flow.hide();
      await input.showInstruction(fileInstruction, votesFile);
      read = true;
      return step;
    };
    return step;
  };

  const afterModel = async (chosen: vscode.LanguageModelChat): Promise<Step | undefined> => {
    const resumed = await input.resumes(chosen);
    secondStep = input.instruction === undefined;
    if (resumed === undefined) return input.instruction !== undefined ? undefined : instructionStep;
    // The user's own words need no reading; anything else in the file does, every time.
    if (isOwnInstruction(resumed.instruction, [input.instruction, input.lastInstruction, DEFAULT_JUDGE_INSTRUCTION], input.rememberedInstructions)) {
      instruction = resumed.instruction;
      return undefined;
    }
    secondStep = true;
    return resumeStep(resumed.votesFile, resumed.instruction);
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
  return model === undefined ? undefined : { model, instruction };
}
