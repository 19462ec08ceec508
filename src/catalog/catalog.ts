// The gist catalog from the `gist.gists` setting, normalised and tolerant of bad entries.
// Pure: no `vscode`, so it is unit tested on plain Node. Parse and merge are linear in the
// entries (a repository's file can be large), and each source is capped.

/**
 * Entries read from one source (a settings level or one file). A picker of more is not usable,
 * and it bounds the work a cloned repository can cause; the rest are dropped with a problem.
 */
export const MAX_CATALOG_GISTS = 1_000;

/** Where an entry came from: the user's own settings, or the workspace (files and workspace settings). */
export type CatalogOrigin = 'user' | 'workspace';

export interface CatalogVariable {
  readonly name: string;
  readonly description?: string | undefined;
  /** Prefill; may hold editor placeholders such as `${selection}`. */
  readonly default?: string | undefined;
}

export interface CatalogVariant {
  readonly slug: string;
  readonly label?: string | undefined;
}

export interface CatalogGist {
  readonly id: string;
  readonly label: string;
  readonly description?: string | undefined;
  /** A fixed variant: the variant picker is skipped. */
  readonly variant?: string | undefined;
  readonly variants: readonly CatalogVariant[];
  readonly variables: readonly CatalogVariable[];
  /** Where the entry came from, shown in the picker. */
  readonly source: string;
  /** Workspace entries are written by whoever wrote the repository: sending editor text needs consent. */
  readonly origin: CatalogOrigin;
}

export interface Catalog {
  readonly gists: readonly CatalogGist[];
  /** One sentence per skipped or repaired entry, for the log. */
  readonly problems: readonly string[];
  /** True when workspace catalogs were not read because the workspace is not trusted. */
  readonly restricted?: true;
  /** Sources cut at MAX_CATALOG_GISTS, for a warning that opens them. */
  readonly capped?: readonly string[];
}

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function parseVariable(raw: unknown): CatalogVariable | undefined {
  if (typeof raw === 'string') {
    return raw.trim() === '' ? undefined : { name: raw.trim() };
  }
  if (isObject(raw) && typeof raw.name === 'string' && raw.name.trim() !== '') {
    return {
      name: raw.name.trim(),
      description: optionalText(raw.description),
      default: typeof raw.default === 'string' ? raw.default : undefined,
    };
  }
  return undefined;
}

function parseVariant(raw: unknown): CatalogVariant | undefined {
  if (typeof raw === 'string') {
    return raw.trim() === '' ? undefined : { slug: raw.trim() };
  }
  if (isObject(raw) && typeof raw.slug === 'string' && raw.slug.trim() !== '') {
    return { slug: raw.slug.trim(), label: optionalText(raw.label) };
  }
  return undefined;
}

function parseList<T>(raw: unknown, parse: (item: unknown) => T | undefined, key: (item: T) => string): T[] {
  if (!Array.isArray(raw)) {
    return [];
  }
  const seen = new Set<string>();
  const items: T[] = [];
  for (const entry of raw) {
    const item = parse(entry);
    if (item !== undefined && !seen.has(key(item))) {
      seen.add(key(item));
      items.push(item);
    }
  }
  return items;
}

function parseGist(raw: unknown, source: string, origin: CatalogOrigin): CatalogGist | undefined {
  if (!isObject(raw) || typeof raw.id !== 'string' || raw.id.trim() === '') {
    return undefined;
  }
  const id = raw.id.trim();
  return {
    id,
    label: optionalText(raw.label) ?? id,
    description: optionalText(raw.description),
    variant: optionalText(raw.variant)?.trim(),
    variants: parseList(raw.variants, parseVariant, (v) => v.slug),
    variables: parseList(raw.variables, parseVariable, (v) => v.name),
    source,
    origin,
  };
}

/**
 * Reads catalog entries from one source (the setting, or a workspace `gists.json`).
 * Entries without an id are skipped; a repeated id keeps the first entry; entries past
 * `MAX_CATALOG_GISTS` are not looked at. An unknown origin counts as the workspace's.
 */
export function parseCatalog(raw: unknown, source: string, origin: CatalogOrigin = 'workspace'): Catalog {
  if (raw === undefined || raw === null) {
    return { gists: [], problems: [] };
  }
  if (!Array.isArray(raw)) {
    return { gists: [], problems: [`${source}: expected a list of gists, found ${typeof raw}.`] };
  }
  const gists: CatalogGist[] = [];
  const problems: string[] = [];
  const ids = new Set<string>();
  const count = Math.min(raw.length, MAX_CATALOG_GISTS);
  for (let index = 0; index < count; index++) {
    const gist = parseGist(raw[index], source, origin);
    if (gist === undefined) {
      problems.push(`${source}: entry ${index + 1} has no "id" and was skipped.`);
    } else if (ids.has(gist.id)) {
      problems.push(`${source}: gist "${gist.id}" is listed twice; the first entry is used.`);
    } else {
      ids.add(gist.id);
      gists.push(gist);
    }
  }
  if (raw.length > MAX_CATALOG_GISTS) {
    problems.push(`${source} lists ${raw.length} gists; only the first ${MAX_CATALOG_GISTS} are offered.`);
    return { gists, problems, capped: [source] };
  }
  return { gists, problems };
}

/** Joins catalogs in order; an id already present in an earlier one wins. */
export function mergeCatalogs(...catalogs: readonly Catalog[]): Catalog {
  const gists: CatalogGist[] = [];
  const problems: string[] = [];
  const ids = new Set<string>();
  const capped: string[] = [];
  let restricted = false;
  for (const catalog of catalogs) {
    problems.push(...catalog.problems);
    capped.push(...(catalog.capped ?? []));
    restricted ||= catalog.restricted === true;
    for (const gist of catalog.gists) {
      const id = gist.id;
      if (!ids.has(id)) {
        ids.add(id);
        gists.push(gist);
      }
    }
  }
  // The optional fields only when set, so a plain catalog stays { gists, problems }.
  return { gists, problems, ...(restricted ? { restricted } : {}), ...(capped.length > 0 ? { capped } : {}) };
}
