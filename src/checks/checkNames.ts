// How checks name what they run, in the Test Explorer, the command line, JUnit XML and results
// files: a test by its description (else its place), a variant by its slug (else Automatic). And
// which variants a file runs. Pure: no `vscode`.
import type { CatalogGist } from '../catalog/catalog';
import type { TestEntry, VariantName } from '../expectations/testFile';
import { variantLabel } from '../runs/variants';

/** A test's name: its description, else "Test 3" (inline) or "Row 3" (a CSV row, counted from 1). */
export function testLabel(test: Pick<TestEntry, 'description' | 'index' | 'range'>, inlineTests: number): string {
  if (test.description !== undefined && test.description.trim() !== '') return test.description;
  return test.range.file === 'testsFile' ? `Row ${test.index - inlineTests + 1}` : `Test ${test.index + 1}`;
}

export { variantLabel };

/** The variants a file runs: its own list, else the catalog's variants of its gist, else Automatic. */
export function variantsToRun(fileVariants: readonly VariantName[] | undefined, catalogGist: CatalogGist | undefined): VariantName[] {
  if (fileVariants !== undefined) return [...fileVariants];
  if (catalogGist?.variant !== undefined) return [catalogGist.variant];
  const slugs = catalogGist?.variants.map((variant) => variant.slug) ?? [];
  return slugs.length > 0 ? slugs : [null];
}
