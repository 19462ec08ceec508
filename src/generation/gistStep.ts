// The gist step of a multi-step flow (Generate, Compare Variants, Run over Data): the catalog,
// the gists used lately and "Enter a gist id…"; the Restricted Mode notice hands over to the
// Workspace Trust editor. One step, so every flow offers gists the same way.
import * as vscode from 'vscode';
import type { Catalog } from '../catalog/catalog';
import type { MultiStepInput } from '../shared/multiStepInput';
import { gistItems, validateGistId, type GistItem } from './gistItems';

export interface GistQuestion {
  readonly title: string;
  readonly totalSteps: number;
  readonly placeholder: string;
  readonly catalog: Catalog;
  readonly recentGists: readonly string[];
  /** The gist picked before (Back): its row is the active one. */
  readonly currentId: string | undefined;
  /** What "Enter a gist id…" starts with. */
  readonly typedId: string;
  readonly buttons?: readonly vscode.QuickInputButton[];
}

export type GistAnswer = { readonly kind: 'gist'; readonly id: string } | { readonly kind: 'button'; readonly button: vscode.QuickInputButton };

/** The gist picked or typed, or a title button pressed; undefined when the step should be asked again. */
export async function askGist(input: MultiStepInput, question: GistQuestion): Promise<GistAnswer | undefined> {
  const items = gistItems(question.catalog, question.recentGists);
  const picked = await input.showQuickPick<GistItem>({
    title: question.title,
    totalSteps: question.totalSteps,
    placeholder: question.placeholder,
    items,
    activeItem: items.find((item) => item.gist !== undefined && item.gist.id === question.currentId),
    matchOnDescription: true,
    matchOnDetail: true,
    buttons: question.buttons ?? [],
  });
  if (picked.kind === 'button') {
    return { kind: 'button', button: picked.button };
  }
  const item = picked.item;
  if (item.command !== undefined) {
    // The Restricted Mode notice: the Workspace Trust editor takes over from the flow.
    void vscode.commands.executeCommand(item.command);
    input.cancel();
  }
  if (item.enterId === true) {
    const entered = await input.showInputBox({
      title: vscode.l10n.t('{0}: Gist Id', question.title),
      totalSteps: question.totalSteps,
      prompt: vscode.l10n.t('The id of a gist on the service.'),
      value: question.typedId,
      validate: validateGistId,
    });
    return { kind: 'gist', id: entered.value.trim() };
  }
  const id = item.gist?.id ?? item.gistId;
  return id === undefined ? undefined : { kind: 'gist', id };
}
