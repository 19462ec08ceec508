// Catalog parse + merge on plain Node: a typical catalog of 1,000 gists and a file at the size cap
// (1 MiB of small entries, cut at 1,000 gists), each merged after the user's settings as the picker does.
import { mergeCatalogs, parseCatalog } from '../src/catalog/catalog';
import { catalogFromBytes, MAX_CATALOG_BYTES } from '../src/catalog/catalogText';
import { median, round } from './stats';

export interface CatalogRow {
  readonly name: string;
  readonly kib: number;
  readonly gists: number;
  readonly medianMs: number;
}

function typicalFile(count: number): Uint8Array {
  const entries = Array.from({ length: count }, (_, i) => ({
    id: `gist-${i}`,
    label: `Gist number ${i}`,
    description: 'Writes a short text from the selection and a topic',
    variants: ['formal', 'friendly'],
    variables: [{ name: 'topic', description: 'What it is about' }, { name: 'text', default: '${selection}' }],
  }));
  return new TextEncoder().encode(`// The team's gists\n${JSON.stringify(entries, null, 2)}\n`);
}

/** Small entries up to just under the byte cap: the most entries a file can hold and still be read. */
function fileAtCap(): Uint8Array {
  const entries: string[] = [];
  let size = 2;
  for (let i = 0; size + 20 < MAX_CATALOG_BYTES; i++) {
    const entry = `{ "id": "g${i}" }`;
    entries.push(entry);
    size += entry.length + 2;
  }
  return new TextEncoder().encode(`[\n${entries.join(',\n')}\n]`);
}

function measure(name: string, bytes: Uint8Array, runs: number): CatalogRow {
  const settings = parseCatalog([{ id: 'gist-1', label: 'mine' }], 'settings (gist.gists)', 'user');
  const samples: number[] = [];
  let gists = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const parsed = catalogFromBytes(bytes, '.vscode/gists.json', 'workspace');
    gists = mergeCatalogs(settings, parsed.ok ? parsed.catalog : { gists: [], problems: [] }).gists.length;
    samples.push(performance.now() - started);
  }
  return { name, kib: round(bytes.byteLength / 1024, 1), gists, medianMs: round(median(samples), 3) };
}

export function catalogParse(runs: number): CatalogRow[] {
  return [measure('1,000 typical gists', typicalFile(1_000), runs), measure('file at the 1 MiB cap', fileAtCap(), runs)];
}
