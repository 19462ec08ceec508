// Validates the arguments of `gist.compareVariants` ({gistId, variants, values?}). Pure.
import { recordOf } from '../shared/keyedRecord';
import { identifierProblem } from '../client/identifiers';
import { titleSegment } from '../shared/inertText';
import { isRecord } from '../shared/text';

export interface CompareRequest {
  readonly gistId: string;
  readonly variants: readonly string[];
  /** Undefined: ask for the values (the catalog defaults still apply). */
  readonly values: Readonly<Record<string, string>> | undefined;
}

export type CompareArgsResult = { readonly ok: true; readonly request: CompareRequest } | { readonly ok: false; readonly reason: string };

/** Trimmed, non-empty, first occurrence kept. */
export function distinctSlugs(slugs: readonly string[]): string[] {
  return [...new Set(slugs.map((slug) => slug.trim()).filter((slug) => slug !== ''))];
}

/** `undefined` means "no arguments: prompt for everything". */
export function parseCompareArgs(args: unknown): CompareArgsResult | undefined {
  if (args === undefined || args === null) {
    return undefined;
  }
  if (!isRecord(args)) {
    return { ok: false, reason: 'expected an object {gistId, variants, values?}.' };
  }
  const { gistId, variants, values } = args;
  if (typeof gistId !== 'string' || gistId.trim() === '') {
    return { ok: false, reason: '"gistId" must be a non-empty string.' };
  }
  if (!Array.isArray(variants) || variants.some((slug) => typeof slug !== 'string')) {
    return { ok: false, reason: '"variants" must be a list of variant slugs.' };
  }
  const gistProblem = identifierProblem(gistId.trim(), 'gist id');
  if (gistProblem !== undefined) {
    return { ok: false, reason: `"gistId" ${gistProblem}.` };
  }
  const slugs = distinctSlugs(variants as string[]);
  const slugProblem = slugs.map((slug) => identifierProblem(slug, 'variant slug')).find((problem) => problem !== undefined);
  if (slugProblem !== undefined) {
    return { ok: false, reason: `"variants" has a slug that ${slugProblem}.` };
  }
  if (slugs.length < 2) {
    return { ok: false, reason: '"variants" must name at least two different variants.' };
  }
  if (values !== undefined && !isRecord(values)) {
    return { ok: false, reason: '"values" must be an object of strings.' };
  }
  const checked = recordOf<string>();
  for (const [name, value] of Object.entries(values ?? {})) {
    if (typeof value !== 'string') {
      return { ok: false, reason: `value "${name}" must be a string.` };
    }
    checked[name] = value;
  }
  return { ok: true, request: { gistId: gistId.trim(), variants: slugs, values: values === undefined ? undefined : checked } };
}

/** The title of a result document (an untitled document's path): which gist, which variant, which call, each one inert path segment. */
export function resultTitle(gistLabel: string, variant: string, callId: string): string {
  return `${titleSegment(gistLabel, 80)} · ${titleSegment(variant, 80)} · ${titleSegment(callId, 80)}`;
}
