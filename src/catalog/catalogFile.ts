// `.vscode/gists.json` read from disk, by gist-check and by the extension for a folder on disk: a
// repository's file, so it must be a regular file (a link to /dev/zero read whole eats all memory)
// and is read only up to the catalog's cap (see shared/boundedFile.ts). Pure Node: no `vscode`.
import { readBoundedFile, type FileRefusal } from '../shared/boundedFile';
import type { CatalogOrigin } from './catalog';
import { catalogFromBytes, MAX_CATALOG_BYTES, tooLargeReason, type CatalogFromText } from './catalogText';

/** The file's catalog (or why its content gives none), or why it was not read (kind `missing` when it is not there). */
export type CatalogFile = { readonly ok: true; readonly parsed: CatalogFromText } | FileRefusal;

export async function readCatalogFile(file: string, source: string, origin: CatalogOrigin): Promise<CatalogFile> {
  const read = await readBoundedFile(file, MAX_CATALOG_BYTES);
  return read.ok ? { ok: true, parsed: catalogFromBytes(read.bytes, source, origin) } : read;
}

/** Why a file that was not read gives no catalog, worded to follow "<file> is …" as CatalogFromText's reasons are. */
export function refusedReason(refusal: FileRefusal): string {
  if (refusal.kind === 'tooLarge') return tooLargeReason(refusal.size ?? MAX_CATALOG_BYTES + 1) ?? refusal.reason;
  return `not readable (${refusal.reason})`;
}
