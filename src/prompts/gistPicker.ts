// Step 1 of "Generate at Cursor…": which gist. Catalog entries, recently used ids, or a typed id.
import * as vscode from 'vscode';
import { hasLoneSurrogate } from '../client/identifiers';
import type { Catalog, CatalogGist } from '../core/catalog';
import type { InsertMode } from '../core/insertMode';
import { insertModeIcon, insertModeLabel, pickInsertMode } from './insertModePicker';
import { restrictedModeNotice } from './restrictedModeNotice';

export interface GistItem extends vscode.QuickPickItem {
  readonly gist?: CatalogGist;
  readonly gistId?: string;
  readonly enterId?: true;
  readonly command?: string;
}

/** A gist the user chose: from the catalog, or an ad-hoc id (no catalog entry). */
export type PickedGist = { readonly id: string; readonly label: string; readonly entry: CatalogGist | undefined; readonly insertMode: InsertMode | undefined };

export function validateGistId(value: string): string | undefined {
  const id = value.trim();
  if (id === '') {
    return vscode.l10n.t('Enter a gist id.');
  }
  if (hasLoneSurrogate(id)) {
    return vscode.l10n.t('A gist id must be valid Unicode (this one holds half of a surrogate pair).');
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(id) ? vscode.l10n.t('A gist id cannot contain control characters.') : undefined;
}

export async function askForGistId(): Promise<string | undefined> {
  const id = await vscode.window.showInputBox({
    title: vscode.l10n.t('Generate at Cursor: Gist Id'),
    prompt: vscode.l10n.t('The id of a gist on the service.'),
    ignoreFocusOut: true,
    validateInput: validateGistId,
  });
  return id === undefined || validateGistId(id) !== undefined ? undefined : id.trim();
}

function sourceDescription(gist: CatalogGist): string {
  const source = gist.source.startsWith('settings') ? vscode.l10n.t('settings') : gist.source;
  return gist.label === gist.id ? source : `${gist.id} · ${source}`;
}

type Choice = { readonly kind: 'item'; readonly item: GistItem } | { readonly kind: 'changeMode' } | { readonly kind: 'cancelled' };

/** A QuickPick (not showQuickPick) for its button: the insert mode, unobtrusive in the title bar. */
function showPicker(items: readonly GistItem[], mode: InsertMode | undefined, title: string): Promise<Choice> {
  const picker = vscode.window.createQuickPick<GistItem>();
  picker.title = title;
  picker.placeholder = vscode.l10n.t('Pick a gist to generate from');
  picker.matchOnDescription = true;
  picker.matchOnDetail = true;
  picker.ignoreFocusOut = true;
  picker.items = items;
  const modeButton: vscode.QuickInputButton | undefined =
    mode === undefined ? undefined : { iconPath: insertModeIcon(mode), tooltip: vscode.l10n.t('{0} ▸ change…', insertModeLabel(mode)) };
  picker.buttons = modeButton === undefined ? [] : [modeButton];
  return new Promise<Choice>((resolve) => {
    let choice: Choice = { kind: 'cancelled' };
    const subscriptions = [
      picker.onDidAccept(() => {
        const item = picker.selectedItems[0];
        if (item !== undefined) {
          choice = { kind: 'item', item };
          picker.hide();
        }
      }),
      picker.onDidTriggerButton((button) => {
        if (button === modeButton) {
          choice = { kind: 'changeMode' };
          picker.hide();
        }
      }),
      picker.onDidHide(() => {
        for (const subscription of subscriptions) {
          subscription.dispose();
        }
        picker.dispose();
        resolve(choice);
      }),
    ];
    picker.show();
  });
}

/** The gist picker's rows: catalog (recent first), recently used ad-hoc ids, "Enter a gist id…". */
export function gistItems(catalog: Catalog, recentIds: readonly string[]): GistItem[] {
  const byId = new Map(catalog.gists.map((gist) => [gist.id, gist]));
  const recent = recentIds.filter((id) => id.trim() !== '');
  const items: GistItem[] = [];
  const recentCatalog = recent.map((id) => byId.get(id)).filter((gist): gist is CatalogGist => gist !== undefined);
  const ordered = [...recentCatalog, ...catalog.gists.filter((gist) => !recentCatalog.includes(gist))];
  if (ordered.length > 0) {
    items.push({ label: vscode.l10n.t('Catalog'), kind: vscode.QuickPickItemKind.Separator });
    for (const gist of ordered) {
      items.push({
        label: gist.label,
        description: sourceDescription(gist),
        detail: gist.description,
        gist,
      });
    }
  }
  const adHoc = recent.filter((id) => !byId.has(id));
  if (adHoc.length > 0) {
    items.push({ label: vscode.l10n.t('Recently used'), kind: vscode.QuickPickItemKind.Separator });
    for (const id of adHoc) {
      items.push({ label: `$(history) ${id}`, gistId: id });
    }
  }
  items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push(...restrictedModeNotice(catalog));
  items.push({ label: `$(edit) ${vscode.l10n.t('Enter a gist id…')}`, enterId: true, alwaysShow: true });
  return items;
}

/** `defaultMode` undefined: no insert mode button (the flow does not insert, e.g. Compare Variants). */
export async function pickGist(
  catalog: Catalog,
  recentIds: readonly string[],
  defaultMode: InsertMode | undefined,
  title = vscode.l10n.t('Generate at Cursor: Gist'),
): Promise<PickedGist | undefined> {
  const byId = new Map(catalog.gists.map((gist) => [gist.id, gist]));
  const items = gistItems(catalog, recentIds);

  let insertMode = defaultMode;
  for (;;) {
    const choice = await showPicker(items, insertMode, title);
    if (choice.kind === 'cancelled') {
      return undefined;
    }
    if (choice.kind === 'changeMode') {
      insertMode = insertMode === undefined ? undefined : ((await pickInsertMode(insertMode)) ?? insertMode);
      continue;
    }
    const picked = choice.item;
    if (picked.command !== undefined) {
      await vscode.commands.executeCommand(picked.command);
      return undefined;
    }
    if (picked.gist !== undefined) {
      return { id: picked.gist.id, label: picked.gist.label, entry: picked.gist, insertMode };
    }
    const id = picked.enterId === true ? await askForGistId() : picked.gistId;
    const entry = id === undefined ? undefined : byId.get(id);
    return id === undefined ? undefined : { id, label: entry?.label ?? id, entry, insertMode };
  }
}
