// The variant steps of the Generate and Compare flows: one variant (or Automatic), or the two or
// more variants to compare. Each returns undefined when its input should be shown again.
import * as vscode from 'vscode';
import type { CatalogVariant } from '../catalog/catalog';
import { labelText, plainText } from '../shared/inertText';
import type { MultiStepInput } from '../shared/multiStepInput';
import { variantItems } from './variantItems';

interface SlugItem extends vscode.QuickPickItem {
  readonly slug: string;
}

export interface VariantQuestion {
  readonly label: string;
  readonly variants: readonly CatalogVariant[];
  /** Listed first, so Enter repeats it ('' is Automatic). */
  readonly lastVariant: string | undefined;
  /** What "Enter a variant slug…" starts with. */
  readonly typedSlug: string;
}

/** `{ variant: undefined }` is Automatic (the service draws one). */
export async function askVariant(input: MultiStepInput, question: VariantQuestion, totalSteps: number): Promise<{ readonly variant: string | undefined } | undefined> {
  const picked = await input.showQuickPick({
    title: vscode.l10n.t('{0}: Variant', plainText(question.label, 100)),
    totalSteps,
    placeholder: vscode.l10n.t('Pick a variant, or let the service choose'),
    items: variantItems(question.variants, question.lastVariant),
    matchOnDescription: true,
  });
  if (picked.kind !== 'item') {
    return undefined;
  }
  if (picked.item.enterSlug !== true) {
    return { variant: picked.item.automatic === true ? undefined : picked.item.slug };
  }
  const entered = await input.showInputBox({
    title: vscode.l10n.t('{0}: Variant Slug', plainText(question.label, 100)),
    totalSteps,
    prompt: vscode.l10n.t('The slug of one of the gist’s variants.'),
    value: question.typedSlug,
    validate: (value) => (value.trim() === '' ? vscode.l10n.t('Enter a variant slug.') : undefined),
  });
  return { variant: entered.value.trim() };
}

/** Two or more distinct slugs, from the catalog, the last one used, or typed. */
export async function askVariants(
  input: MultiStepInput,
  label: string,
  variants: readonly CatalogVariant[],
  selected: readonly string[],
  lastVariant: string | undefined,
  totalSteps: number,
): Promise<string[] | undefined> {
  const known = [...variants];
  if (lastVariant !== undefined && lastVariant !== '' && !known.some((variant) => variant.slug === lastVariant)) {
    known.push({ slug: lastVariant });
  }
  const items: SlugItem[] = known.map((variant) => ({
    label: labelText(variant.label ?? variant.slug, 100),
    description: variant.label === undefined ? undefined : labelText(variant.slug, 100),
    slug: variant.slug,
  }));
  const picked = await input.showMultiPick<SlugItem>({
    title: vscode.l10n.t('{0}: Variants to Compare', plainText(label, 100)),
    totalSteps,
    placeholder: vscode.l10n.t('Pick two or more variants (Space toggles one); type a slug to add one that is not listed'),
    items,
    keyOf: (item) => item.slug,
    selectedKeys: selected,
    minimum: 2,
    tooFew: (count) => vscode.l10n.t('Pick at least two variants to compare ({0} picked)', count),
    typedItem: (slug) => (slug === '' ? undefined : { label: `$(add) ${labelText(slug, 100)}`, description: vscode.l10n.t('typed slug'), slug, alwaysShow: true }),
  });
  return picked.kind === 'items' ? [...new Set(picked.items.map((item) => item.slug))] : undefined;
}
