// A pair of cells is two variants at one row and sample, whichever side each was shown on. Keys are
// JSON arrays, so no variant name (which comes from a file) can make two pairs share a key.
// Pure: no `vscode`.

/** The same key for (a, b) and (b, a). */
export function pairKey(row: number, sample: number, variantA: string, variantB: string): string {
  return JSON.stringify(variantA < variantB ? [row, sample, variantA, variantB] : [row, sample, variantB, variantA]);
}

/** A key that also tells which variant was on the left: a model judges each pair twice, sides swapped. */
export function orientedPairKey(row: number, sample: number, left: string, right: string): string {
  return JSON.stringify([row, sample, left, right]);
}
