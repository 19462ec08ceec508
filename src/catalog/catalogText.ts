// A catalog file's bytes to a catalog: size cap first, then JSON with comments and trailing commas
// (the dialect VS Code writes in `.vscode/`) through `jsonc-parser`, VS Code's own parser, which is
// linear and says where a mistake is. Pure: no `vscode`.
import { createScanner, parse, printParseErrorCode, SyntaxKind, type ParseError } from 'jsonc-parser';
import { TOO_DEEP_REASON, tooDeepOffset } from '../shared/jsonDepth';
import { parseCatalog, type Catalog, type CatalogOrigin } from './catalog';

/**
 * A catalog file larger than this is not read. 1,000 gists with labels, descriptions and a few
 * variables each take about 300 KiB; 1 MiB leaves room for comments and parses in milliseconds.
 */
export const MAX_CATALOG_BYTES = 1024 * 1024;

/** A catalog, or why the file gave none, worded to follow "<file> is …" (for the log and the warning). */
export type CatalogFromText = { readonly ok: true; readonly catalog: Catalog } | { readonly ok: false; readonly reason: string };

export function tooLargeReason(size: number): string | undefined {
  return size > MAX_CATALOG_BYTES ? `${formatKiB(size)}, over the limit of ${formatKiB(MAX_CATALOG_BYTES)}` : undefined;
}

function formatKiB(bytes: number): string {
  return `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KiB`;
}

/** Line and column (1-based) of an offset, for "line 3, column 14". */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

function describeError(text: string, error: ParseError): string {
  const { line, column } = lineAndColumn(text, error.offset);
  return `${printParseErrorCode(error.error)} at line ${line}, column ${column}`;
}

/** Parses one file's bytes; an empty file (or one with only comments) is an empty catalog. */
export function catalogFromBytes(bytes: Uint8Array, source: string, origin: CatalogOrigin): CatalogFromText {
  const tooLarge = tooLargeReason(bytes.byteLength);
  if (tooLarge !== undefined) {
    return { ok: false, reason: tooLarge };
  }
  const text = new TextDecoder().decode(bytes);
  if (createScanner(text, true).scan() === SyntaxKind.EOF) {
    return { ok: true, catalog: { gists: [], problems: [] } };
  }
  // jsonc-parser recurses once per level: a text nested past the limit is refused before it is parsed.
  const deep = tooDeepOffset(text);
  if (deep !== undefined) {
    const { line, column } = lineAndColumn(text, deep);
    return { ok: false, reason: `not usable JSON at line ${line}, column ${column}: ${TOO_DEEP_REASON}` };
  }
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const [first] = errors;
  if (first !== undefined) {
    return { ok: false, reason: `not valid JSON (${describeError(text, first)})` };
  }
  return { ok: true, catalog: parseCatalog(value, source, origin) };
}
