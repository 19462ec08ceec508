// The chat models VS Code offers through its Language Model API (`vscode.lm`), to pick one for the
// judge or for `llm-rubric`. Which models there are is up to the extensions that provide them (GitHub
// Copilot Chat, a local model's extension…): their names, vendors and families are outside text and
// go into the picker as inert text. When there is none, the user is told where models come from.
import * as vscode from 'vscode';
import { labelText } from '../shared/inertText';
import { MultiStepInput, type Step } from '../shared/multiStepInput';
import { showWarning } from '../shared/notify';
import { userMessage } from '../shared/userMessage';

export interface ChatModelItem extends vscode.QuickPickItem {
  readonly model: vscode.LanguageModelChat;
}

/** Every chat model VS Code offers now, of every vendor. */
export async function availableChatModels(): Promise<vscode.LanguageModelChat[]> {
  return [...(await vscode.lm.selectChatModels())];
}

/** The model a caller named by its id (and vendor), if VS Code still offers it. */
export async function chatModelById(id: string, vendor?: string): Promise<vscode.LanguageModelChat | undefined> {
  const models = await vscode.lm.selectChatModels(vendor === undefined ? { id } : { id, vendor });
  return models.find((model) => model.id === id);
}

/** A row per model, by vendor then name: the name, then vendor · family as inert text. */
export function chatModelItems(models: readonly vscode.LanguageModelChat[]): ChatModelItem[] {
  return [...models]
    .sort((a, b) => a.vendor.localeCompare(b.vendor) || a.name.localeCompare(b.name))
    .map((model) => ({
      label: labelText(model.name, 100),
      description: labelText(`${model.vendor} · ${model.family}`, 100),
      detail: vscode.l10n.t('up to {0} tokens per request', model.maxInputTokens.toLocaleString()),
      model,
    }));
}

/** Says that no chat model is available for `what` ("judging"), and where models come from, with a button to find one. */
export async function sayNoChatModels(what: string): Promise<void> {
  const find = vscode.l10n.t('Find Model Extensions');
  const choice = await showWarning(
    userMessage(vscode.l10n.t('No language model is available for {0}: VS Code offers none. Models come from extensions such as GitHub Copilot Chat: install one and sign in to it, then try again.'), what),
    find,
  );
  if (choice === find) {
    await vscode.commands.executeCommand('workbench.extensions.search', '@category:"AI"');
  }
}

/**
 * A chat model picked by the user in a quick pick of its own (for a caller with no flow of its own,
 * such as the Test Explorer's `llm-rubric`); undefined when there is none (after saying so, naming
 * `purpose`, e.g. "llm-rubric checks") or the user pressed Escape.
 */
export async function pickChatModel(options: { readonly title: string; readonly placeholder: string; readonly purpose: string }): Promise<vscode.LanguageModelChat | undefined> {
  const models = await availableChatModels();
  if (models.length === 0) {
    await sayNoChatModels(options.purpose);
    return undefined;
  }
  let picked: vscode.LanguageModelChat | undefined;
  const step: Step = async (input) => {
    const answer = await input.showQuickPick({ title: options.title, totalSteps: 1, placeholder: options.placeholder, items: chatModelItems(models), matchOnDescription: true });
    if (answer.kind === 'item') picked = answer.item.model;
    return undefined;
  };
  return (await MultiStepInput.run(step)) ? picked : undefined;
}
