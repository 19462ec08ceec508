// gist_list's reply: the catalog as a model reads it, one JSON document after a sentence on how to
// use it. Where each gist was defined is said, since a workspace's entries were written by whoever
// wrote the repository. Capped (MAX_TOOL_LIST_BYTES): the gists past it are counted, and a search
// narrows the list. Pure: no `vscode`.
import type { Catalog, CatalogGist } from '../catalog/catalog';
import { oneLine } from '../shared/oneLine';
import { MAX_TOOL_LIST_BYTES, utf8Length } from '../shared/limits';
import { isRecord } from '../shared/text';
import { knownVariants } from './callPlan';
import { ToolNames } from './toolNames';

/** gist_list's input: `{search?}`. */
export const MAX_SEARCH_LENGTH = 200;

export type ListInput = { readonly ok: true; readonly search: string | undefined } | { readonly ok: false; readonly reason: string };

export function parseListInput(input: unknown): ListInput {
  if (input === undefined || input === null) {
    return { ok: true, search: undefined };
  }
  if (!isRecord(input) || Object.keys(input).some((field) => field !== 'search')) {
    return { ok: false, reason: 'The input must be an object {search?}.' };
  }
  const { search } = input;
  if (search !== undefined && (typeof search !== 'string' || search.length > MAX_SEARCH_LENGTH)) {
    return { ok: false, reason: `"search" must be a string of at most ${MAX_SEARCH_LENGTH} characters.` };
  }
  return { ok: true, search: search === undefined || search.trim() === '' ? undefined : search.trim() };
}

interface ListedGist {
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  /** `workspace`: written by whoever wrote the repository, not by the user. */
  readonly definedBy: 'user' | 'workspace';
  readonly source: string;
  readonly variants?: readonly string[];
  readonly variables: ReadonlyArray<{ readonly name: string; readonly description?: string; readonly default?: string }>;
}

function listed(gist: CatalogGist): ListedGist {
  const variants = knownVariants(gist);
  return {
    id: gist.id,
    label: oneLine(gist.label, 200),
    ...(gist.description === undefined ? {} : { description: oneLine(gist.description, 500) }),
    definedBy: gist.origin,
    source: oneLine(gist.source, 200),
    ...(variants.length === 0 ? {} : { variants }),
    variables: gist.variables.map((variable) => ({
      name: variable.name,
      ...(variable.description === undefined ? {} : { description: oneLine(variable.description, 300) }),
      ...(variable.default === undefined ? {} : { default: oneLine(variable.default, 200) }),
    })),
  };
}

function matches(gist: CatalogGist, search: string | undefined): boolean {
  if (search === undefined) {
    return true;
  }
  const needle = search.toLowerCase();
  return [gist.id, gist.label, gist.description ?? ''].some((text) => text.toLowerCase().includes(needle));
}

const HOW_TO =
  `The user's gist catalog. Call ${ToolNames.generate} with a gist's "id", optionally one of its "variants" (left out, the gist's fixed variant is used or the service chooses), ` +
  'and "values" with a string for each variable. A variable with a "default" may be left out: ${selection}, ${clipboard}, ${lineText}, ${fileName} and the like in it are filled from the user\'s editor. ' +
  '"definedBy": "workspace" marks a gist the open repository defined rather than the user.';

/** The reply: how to use it, then `{gists, omitted?, restrictedMode?}` as JSON. */
export function gistListing(catalog: Catalog, search: string | undefined): string {
  const gists: ListedGist[] = [];
  let size = utf8Length(HOW_TO) + 200;
  const candidates = catalog.gists.filter((gist) => matches(gist, search));
  for (const gist of candidates) {
    const entry = listed(gist);
    size += utf8Length(JSON.stringify(entry)) + 1;
    if (size > MAX_TOOL_LIST_BYTES) {
      break;
    }
    gists.push(entry);
  }
  const omitted = candidates.length - gists.length;
  const document = {
    gists,
    ...(search === undefined ? {} : { search }),
    ...(omitted > 0 ? { omitted, note: `${omitted} more gists are not listed; call ${ToolNames.list} with "search" to narrow the list.` } : {}),
    ...(catalog.restricted === true ? { restrictedMode: 'The workspace is not trusted: only the user\'s own gists are listed.' } : {}),
  };
  return `${HOW_TO}\n${JSON.stringify(document)}`;
}
