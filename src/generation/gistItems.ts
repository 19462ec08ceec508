// Step 1 of "Generate at Cursor…": which gist. Catalog entries, recently used ids, or a typed id.
import * as vscode from 'vscode';
import { hasLoneSurrogate } from '../client/identifiers';
import type { Catalog, CatalogGist } from '../catalog/catalog';
import type { InsertMode } from './insertMode';
import { restrictedModeNotice } from '../catalog/restrictedModeNotice';
import { labelText } from '../shared/inertText';
import { countInvisible } from '../shared/invisibles';
import { invisibleNote } from '../shared/invisibleNote';
import { hasControlCharacter } from '../shared/text';

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
  return hasControlCharacter(id) ? vscode.l10n.t('A gist id cannot contain control characters.') : undefined;
}

function sourceDescription(gist: CatalogGist): string {
  const source = gist.source.startsWith('settings') ? vscode.l10n.t('settings') : labelText(gist.source);
  return gist.label === gist.id ? source : `${labelText(gist.id, 100)} · ${source}`;
}

/** The row's detail: the gist's description, and how many invisible characters its row shows as `⟨U+…⟩`. */
function detailOf(gist: CatalogGist): string | undefined {
  const invisible = [gist.label, gist.id, gist.source, gist.description ?? ''].reduce((sum, text) => sum + countInvisible(text), 0);
  const description = gist.description === undefined ? undefined : labelText(gist.description, 300);
  if (invisible === 0) {
    return description;
  }
  const note = `$(warning) ${invisibleNote(invisible)}`;
  return description === undefined ? note : `${description} · ${note}`;
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
        label: labelText(gist.label, 100),
        description: sourceDescription(gist),
        detail: detailOf(gist),
        gist,
      });
    }
  }
  const adHoc = recent.filter((id) => !byId.has(id));
  if (adHoc.length > 0) {
    items.push({ label: vscode.l10n.t('Recently used'), kind: vscode.QuickPickItemKind.Separator });
    for (const id of adHoc) {
      items.push({ label: `$(history) ${labelText(id, 100)}`, gistId: id });
    }
  }
  items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push(...restrictedModeNotice(catalog));
  items.push({ label: `$(edit) ${vscode.l10n.t('Enter a gist id…')}`, enterId: true, alwaysShow: true });
  return items;
}
