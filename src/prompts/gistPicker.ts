// Step 1 of "Generate at Cursor…": which gist. Catalog entries, recently used ids, or a typed id.
import * as vscode from 'vscode';
import type { Catalog, CatalogGist } from '../core/catalog';

interface GistItem extends vscode.QuickPickItem {
  readonly gist?: CatalogGist;
  readonly gistId?: string;
  readonly enterId?: true;
}

/** A gist the user chose: from the catalog, or an ad-hoc id (no catalog entry). */
export type PickedGist = { readonly id: string; readonly label: string; readonly entry: CatalogGist | undefined };

export function validateGistId(value: string): string | undefined {
  const id = value.trim();
  if (id === '') {
    return vscode.l10n.t('Enter a gist id.');
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(id) ? vscode.l10n.t('A gist id cannot contain control characters.') : undefined;
}

async function askForGistId(): Promise<string | undefined> {
  const id = await vscode.window.showInputBox({
    title: vscode.l10n.t('Generate at Cursor: Gist Id'),
    prompt: vscode.l10n.t('The id of a gist on the service.'),
    ignoreFocusOut: true,
    validateInput: validateGistId,
  });
  return id === undefined || validateGistId(id) !== undefined ? undefined : id.trim();
}

export async function pickGist(catalog: Catalog, recentIds: readonly string[]): Promise<PickedGist | undefined> {
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
        description: gist.label === gist.id ? undefined : gist.id,
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
  items.push({ label: `$(edit) ${vscode.l10n.t('Enter a gist id…')}`, enterId: true, alwaysShow: true });

  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Generate at Cursor: Gist'),
    placeHolder: vscode.l10n.t('Pick a gist to generate from'),
    matchOnDescription: true,
    matchOnDetail: true,
    ignoreFocusOut: true,
  });
  if (picked === undefined) {
    return undefined;
  }
  if (picked.gist !== undefined) {
    return { id: picked.gist.id, label: picked.gist.label, entry: picked.gist };
  }
  const id = picked.enterId === true ? await askForGistId() : picked.gistId;
  return id === undefined ? undefined : { id, label: id, entry: byId.get(id) };
}
