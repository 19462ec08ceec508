// The language model that grades a Test Explorer run's llm-rubric assertions: asked for once per
// run that has any, only after the user started it. The user picks a chat model (VS Code's
// Language Model API, the same picker as the judge's), then a modal says where the outputs go
// (the model, its vendor, through VS Code) and how many outputs and requests: Cancel sends nothing
// and those tests are not graded. In Test mode a test answers both (the extension host can click
// neither a quick pick of ours nor a modal): api.testing.answerRubricGrading.
import * as vscode from 'vscode';
import type { AskModel } from '../languageModels/askModel';
import { chatModelAsker } from '../languageModels/askChatModel';
import { availableChatModels, pickChatModel } from '../languageModels/chatModels';
import { isModelFailure, ModelFailure } from '../languageModels/modelFailure';
import { RUBRIC_LIMITS } from '../languageModels/llmRubric';
import { askModal } from '../shared/notify';
import { messageLines, userMessage } from '../shared/userMessage';

export interface RubricConsentQuestion {
  readonly model: { readonly name: string; readonly vendor: string; readonly family: string; readonly id: string };
  /** Outputs that go to the model: one per cell with llm-rubric. */
  readonly outputs: number;
  /** Requests: one per llm-rubric assertion of each such cell. */
  readonly requests: number;
  /** The test files (names, not paths). */
  readonly files: readonly string[];
}

/** How a test answers in place of the user: the model to pick among those offered (undefined: Escape), and the consent. */
export interface RubricGradingAnswer {
  pickModel(models: readonly vscode.LanguageModelChat[]): vscode.LanguageModelChat | undefined;
  consent(question: RubricConsentQuestion): boolean | Promise<boolean>;
}

/** The model chosen for a run, as an AskModel with the model's name. */
export interface RubricModel {
  readonly name: string;
  readonly ask: AskModel;
}

const PURPOSE = (): string => vscode.l10n.t('llm-rubric checks');

async function askConsent(question: RubricConsentQuestion): Promise<boolean> {
  const send = question.outputs === 1 ? vscode.l10n.t('Send 1 Output') : vscode.l10n.t('Send {0} Outputs', question.outputs.toLocaleString());
  const detail = messageLines(
    userMessage(vscode.l10n.t('The outputs go to the language model “{0}” (vendor {1}, family {2}) through VS Code’s Language Model API. Where that model runs, and what its vendor keeps, is up to the extension that provides it.'), question.model.name, question.model.vendor, question.model.family),
    userMessage(vscode.l10n.t('Each request holds one output of the gist and the rubric written in the test file: never variant names, call ids or your API key.')),
    userMessage(vscode.l10n.t('{0} outputs, {1} requests, one at a time, from {2}.'), question.outputs, question.requests, question.files.join(', ')),
  );
  const message = userMessage(vscode.l10n.t('Send outputs to “{0}” to grade llm-rubric checks?'), question.model.name);
  return (await askModal(message, detail, send)) === send;
}

/**
 * Asks which model grades and whether the outputs may go there; undefined when the user did not
 * pick one or declined. After a failure no later request can pass (no permission, blocked, the
 * model gone, cancelled), the model is not asked again in this run: every later grade errors at once.
 */
export async function chooseRubricModel(counts: Omit<RubricConsentQuestion, 'model'>, answer: RubricGradingAnswer | undefined): Promise<RubricModel | undefined> {
  let model: vscode.LanguageModelChat | undefined;
  if (answer === undefined) {
    model = await pickChatModel({ title: vscode.l10n.t('Grade llm-rubric Checks'), placeholder: vscode.l10n.t('The language model that grades llm-rubric assertions (nothing is sent before you agree)'), purpose: PURPOSE() });
  } else {
    model = answer.pickModel(await availableChatModels());
  }
  if (model === undefined) return undefined;
  const question: RubricConsentQuestion = { ...counts, model: { name: model.name, vendor: model.vendor, family: model.family, id: model.id } };
  const agreed = answer === undefined ? await askConsent(question) : await answer.consent(question);
  if (!agreed) return undefined;
  const asker = chatModelAsker(model, { justification: vscode.l10n.t('Gist Generate grades the outputs of your llm-rubric checks with the model you picked.'), maxAnswerChars: RUBRIC_LIMITS.answerChars });
  let stopped: ModelFailure | undefined;
  const ask: AskModel = async (prompt, signal) => {
    if (stopped !== undefined) throw new ModelFailure(stopped.kind, stopped.message);
    try {
      return await asker(prompt, signal);
    } catch (error) {
      if (isModelFailure(error) && error.stopsRun) stopped = error;
      throw error;
    }
  };
  return { name: model.name, ask };
}
