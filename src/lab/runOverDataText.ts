// What "Run over Data…" shows of outside text: gist and variant labels from the catalog, a data
// file's column names, variable names, the workspace's file names. Rows, placeholders and prompts
// render `$(icon)` (and prompts links): labelText there, as Generate's variant steps do; titles
// take plainText. Pure: no `vscode`.
import * as path from 'node:path';
import type { ColumnMapping } from '../dataset/columnMapping';
import { variantLabel, type VariantChoice } from '../runs/variants';
import { labelText, plainText } from '../shared/inertText';

/** Labels, slugs, columns and names: as long as any reads, short enough for a row. */
const MAX_NAME_CHARS = 100;

/** A gist's label or a variable's name in a step's title ("{0}: Variants"). */
export function titlePart(text: string): string {
  return plainText(text, MAX_NAME_CHARS);
}

/** A variable's name in a placeholder ("No column is named “{0}”…"). */
export function placeholderPart(text: string): string {
  return labelText(text, MAX_NAME_CHARS);
}

/** A variant's row: the catalog's label with the slug beside it, else the slug. */
export function variantRow(slug: string, catalogLabel: string | undefined): { readonly label: string; readonly description: string | undefined } {
  return { label: labelText(catalogLabel ?? slug, MAX_NAME_CHARS), description: catalogLabel === undefined ? undefined : labelText(slug, MAX_NAME_CHARS) };
}

/** The row of a slug typed into the variants' filter. */
export function typedVariantLabel(slug: string): string {
  return `$(add) ${labelText(slug, MAX_NAME_CHARS)}`;
}

/** A column of the data file, offered for a variable. */
export function columnLabel(column: string): string {
  return labelText(column, MAX_NAME_CHARS);
}

/** The summary's variants: "formal, Automatic". */
export function variantsSummary(variants: readonly VariantChoice[]): string {
  return variants.map((variant) => labelText(variantLabel(variant), MAX_NAME_CHARS)).join(', ');
}

/** The summary's values: "name ← Name · tone = “formal”". */
export function mappingSummary(mapping: ColumnMapping): string {
  return Object.entries(mapping)
    .map(([variable, source]) => `${labelText(variable, MAX_NAME_CHARS)}${'column' in source ? ` ← ${labelText(source.column, MAX_NAME_CHARS)}` : ` = “${labelText(source.constant, MAX_NAME_CHARS)}”`}`)
    .join(' · ');
}

/** The results file's name in the summary (named after the data file and the gist id). */
export function resultsFileName(resultsPath: string): string {
  return labelText(path.basename(resultsPath));
}

/** A data file of the workspace in the data file step: its path relative to the workspace. */
export function dataFileLabel(relativePath: string): string {
  return `$(file) ${labelText(relativePath)}`;
}
