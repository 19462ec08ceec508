// The variants of a run: slugs, and Automatic (no variant named: the service draws one by its
// traffic allocation), which is a column of its own. Pure: no `vscode`.

/** A variant slug, or `null` for Automatic. In results files Automatic is written `null` too. */
export type VariantChoice = string | null;

export const AUTOMATIC: VariantChoice = null;

/** How a variant is named in messages and summaries. */
export function variantLabel(variant: VariantChoice): string {
  return variant === null ? 'Automatic' : variant;
}
