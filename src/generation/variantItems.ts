// Step 2: which variant. "Automatic" lets the service draw one by its traffic allocation.
import * as vscode from 'vscode';
import type { CatalogVariant } from '../catalog/catalog';
import { labelText } from '../shared/inertText';
import { countInvisible } from '../shared/invisibles';
import { invisibleNote } from '../shared/invisibleNote';

export interface VariantItem extends vscode.QuickPickItem {
  readonly slug?: string;
  readonly automatic?: true;
  readonly enterSlug?: true;
}

/** The variant picker's rows, the last choice first so Enter repeats it. */
export function variantItems(variants: readonly CatalogVariant[], lastVariant: string | undefined): VariantItem[] {
  const automatic: VariantItem = {
    label: `$(symbol-event) ${vscode.l10n.t('Automatic (traffic allocation)')}`,
    description: vscode.l10n.t('the service picks a variant'),
    automatic: true,
  };
  const known = [...variants];
  if (lastVariant !== undefined && lastVariant !== '' && !known.some((variant) => variant.slug === lastVariant)) {
    known.push({ slug: lastVariant });
  }
  const variantItems: VariantItem[] = known.map((variant) => {
    const invisible = countInvisible(variant.slug) + countInvisible(variant.label ?? '');
    return {
      label: labelText(variant.label ?? variant.slug, 100),
      description: variant.label === undefined ? undefined : labelText(variant.slug, 100),
      detail: invisible === 0 ? undefined : `$(warning) ${invisibleNote(invisible)}`,
      slug: variant.slug,
    };
  });
  const enter: VariantItem = { label: `$(edit) ${vscode.l10n.t('Enter a variant slug…')}`, enterSlug: true, alwaysShow: true };
  const items = [automatic, ...variantItems, enter];
  // Put the last choice first, so Enter repeats it.
  const lastIndex = items.findIndex((item) => (lastVariant === '' ? item.automatic === true : item.slug !== undefined && item.slug === lastVariant));
  if (lastIndex > 0) {
    const [last] = items.splice(lastIndex, 1);
    if (last !== undefined) {
      items.unshift(last);
    }
  }
  return items;
}
