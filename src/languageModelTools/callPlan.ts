// What gist_generate will send, worked out from its input and the catalog: only gists the catalog
// lists (a model is not to call gists nobody picked), a variant the entry offers, and every
// variable's value, given by the model or filled from the entry's default. Each value says where it
// came from, for the confirmation. Pure: no `vscode`; the editor facts are gathered by the caller.
import type { Catalog, CatalogGist } from '../catalog/catalog';
import type { GenerateRequest } from '../client/types';
import { placeholdersIn, placeholdersNeeded, resolveTemplate, type EditorFacts, type EditorPlaceholder } from '../catalog/editorTemplate';
import { ownValue, recordOf } from '../shared/keyedRecord';

/** Given by the model, or filled from the catalog entry's default (with the editor placeholders it read). */
export type ValueSource = { readonly kind: 'given' } | { readonly kind: 'default'; readonly placeholders: readonly EditorPlaceholder[] };

export interface PlannedValue {
  readonly name: string;
  readonly value: string;
  readonly source: ValueSource;
}

export interface CallPlan {
  readonly entry: CatalogGist;
  readonly request: GenerateRequest;
  /** The values in the order the catalog lists the variables, then any the entry does not list. */
  readonly values: readonly PlannedValue[];
}

export type PlanProblem =
  | { readonly kind: 'unknownGist'; readonly gistId: string; readonly restricted: boolean }
  | { readonly kind: 'unknownVariant'; readonly entry: CatalogGist; readonly variant: string; readonly known: readonly string[] }
  | { readonly kind: 'unknownVariables'; readonly entry: CatalogGist; readonly names: readonly string[] }
  | { readonly kind: 'missingValues'; readonly entry: CatalogGist; readonly names: readonly string[] };

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: PlanProblem };

/** The slugs an entry offers: its fixed variant and its list. Empty: any slug may be asked for. */
export function knownVariants(entry: CatalogGist): string[] {
  const slugs = entry.variants.map((variant) => variant.slug);
  return entry.variant === undefined || slugs.includes(entry.variant) ? slugs : [entry.variant, ...slugs];
}

/**
 * The catalog entry and the variant to call: the one asked for (which the entry must offer, when
 * it lists any), else the entry's fixed variant, else none (the service draws one). Values the entry
 * does not list are refused when it lists its variables: a typo is then caught before any call.
 */
export function checkAgainstCatalog(request: GenerateRequest, catalog: Catalog): Checked<{ entry: CatalogGist; variant: string | undefined }> {
  const entry = catalog.gists.find((gist) => gist.id === request.gistId);
  if (entry === undefined) {
    return { ok: false, problem: { kind: 'unknownGist', gistId: request.gistId, restricted: catalog.restricted === true } };
  }
  const known = knownVariants(entry);
  if (request.variant !== undefined && known.length > 0 && !known.includes(request.variant)) {
    return { ok: false, problem: { kind: 'unknownVariant', entry, variant: request.variant, known } };
  }
  const names = entry.variables.map((variable) => variable.name);
  const unknown = Object.keys(request.values).filter((name) => !names.includes(name));
  if (names.length > 0 && unknown.length > 0) {
    return { ok: false, problem: { kind: 'unknownVariables', entry, names: unknown } };
  }
  return { ok: true, value: { entry, variant: request.variant ?? entry.variant } };
}

/** The editor facts the values not given need (the clipboard is read only when one of them is). */
export function placeholdersToResolve(entry: CatalogGist, request: GenerateRequest): EditorPlaceholder[] {
  return placeholdersNeeded(entry.variables.filter((variable) => ownValue(request.values, variable.name) === undefined));
}

/**
 * Every value to send. A variable not given takes its default when the default has no editor
 * placeholder or every one it uses has a value (as the Generate flow fills it without asking);
 * otherwise it is missing, and the model is told to pass it.
 */
export function planValues(entry: CatalogGist, variant: string | undefined, request: GenerateRequest, facts: EditorFacts): Checked<CallPlan> {
  const values: PlannedValue[] = [];
  const missing: string[] = [];
  for (const variable of entry.variables) {
    const given = ownValue(request.values, variable.name);
    if (given !== undefined) {
      values.push({ name: variable.name, value: given, source: { kind: 'given' } });
      continue;
    }
    const resolved = variable.default === undefined ? undefined : resolveTemplate(variable.default, facts);
    if (resolved === undefined || (resolved.usesPlaceholders && !resolved.complete)) {
      missing.push(variable.name);
    } else {
      values.push({ name: variable.name, value: resolved.value, source: { kind: 'default', placeholders: placeholdersIn(variable.default ?? '') } });
    }
  }
  if (missing.length > 0) {
    return { ok: false, problem: { kind: 'missingValues', entry, names: missing } };
  }
  const listed = new Set(entry.variables.map((variable) => variable.name));
  for (const [name, value] of Object.entries(request.values)) {
    if (!listed.has(name)) {
      values.push({ name, value, source: { kind: 'given' } });
    }
  }
  const sent = recordOf(values.map(({ name, value }) => [name, value] as const));
  return { ok: true, value: { entry, request: { gistId: entry.id, variant, values: sent }, values } };
}
