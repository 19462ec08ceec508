// Compare Variants, step 2: two or more variants. Catalog variants are listed; typing a slug that
// is not listed offers it as an extra item.
import * as vscode from 'vscode';
import type { CatalogVariant } from '../core/catalog';

interface SlugItem extends vscode.QuickPickItem {
  readonly slug: string;
}

function itemFor(variant: CatalogVariant): SlugItem {
  return { label: variant.label ?? variant.slug, description: variant.label === undefined ? undefined : variant.slug, slug: variant.slug };
}

/** The chosen slugs (at least two), or undefined when the user cancelled. */
export function pickVariants(gistLabel: string, variants: readonly CatalogVariant[], lastVariant: string | undefined): Promise<string[] | undefined> {
  const known = [...variants];
  if (lastVariant !== undefined && lastVariant !== '' && !known.some((variant) => variant.slug === lastVariant)) {
    known.push({ slug: lastVariant });
  }
  const picker = vscode.window.createQuickPick<SlugItem>();
  picker.title = vscode.l10n.t('{0}: Variants to Compare', gistLabel);
  const hint = vscode.l10n.t('Pick two or more variants; type a slug to add one that is not listed');
  picker.placeholder = hint;
  picker.canSelectMany = true;
  picker.matchOnDescription = true;
  picker.ignoreFocusOut = true;
  const base = known.map(itemFor);
  // Typed slugs stay once added (and selected), so several can be typed in turn.
  const typed: SlugItem[] = [];
  picker.items = base;
  return new Promise<string[] | undefined>((resolve) => {
    let result: string[] | undefined;
    const subscriptions = [
      picker.onDidChangeValue((value) => {
        const slug = value.trim();
        const selected = picker.selectedItems;
        const all = [...base, ...typed];
        const candidate: SlugItem[] =
          slug === '' || all.some((item) => item.slug === slug)
            ? []
            : [{ label: `$(add) ${slug}`, description: vscode.l10n.t('typed slug'), slug, alwaysShow: true }];
        picker.items = [...all, ...candidate];
        picker.selectedItems = picker.items.filter((item) => selected.some((chosen) => chosen.slug === item.slug));
      }),
      picker.onDidChangeSelection((selection) => {
        for (const item of selection) {
          if (!base.includes(item) && !typed.some((known) => known.slug === item.slug)) {
            typed.push({ ...item, label: item.slug });
          }
        }
      }),
      picker.onDidAccept(() => {
        const slugs = [...new Set(picker.selectedItems.map((item) => item.slug))];
        if (slugs.length < 2) {
          picker.placeholder = vscode.l10n.t('Pick at least two variants to compare ({0} picked)', slugs.length);
          return;
        }
        result = slugs;
        picker.hide();
      }),
      picker.onDidHide(() => {
        for (const subscription of subscriptions) {
          subscription.dispose();
        }
        picker.dispose();
        resolve(result);
      }),
    ];
    picker.show();
  });
}
