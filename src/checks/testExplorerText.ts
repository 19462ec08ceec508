// Text from a test file (descriptions, variant slugs, the problems that quote its keys) and the
// file's own name, as the Test Explorer and the Problems panel show them: inert, one line, capped.
// Item labels render `$(icon)`, so they take labelText; the Problems panel and the test output
// (a terminal, where ESC would act) take visibleLine. Pure: no `vscode`.
import { labelText, visibleLine } from '../shared/inertText';
import type { TestEntry } from '../expectations/testFile';
import type { VariantChoice } from '../runs/variants';
import { testLabel, variantLabel } from './checkNames';

/** Problems are long sentences (one lists a test's fields); the cap only stops a hostile key's length. */
const MAX_PROBLEM_CHARS = 1000;

/** A test's item label: its description, else "Test 3" / "Row 3". */
export function testItemLabel(test: Pick<TestEntry, 'description' | 'index' | 'range'>, inlineTests: number): string {
  return labelText(testLabel(test, inlineTests));
}

/** A variant's item label: its slug, else Automatic. */
export function variantItemLabel(variant: VariantChoice): string {
  return labelText(variantLabel(variant));
}

/** A test file's item label: its path relative to the workspace (folder). */
export function fileItemLabel(relativePath: string): string {
  return labelText(relativePath, 300);
}

/** A problem of a test file in the Problems panel and the editor's hover. */
export function problemMessage(message: string): string {
  return visibleLine(message, MAX_PROBLEM_CHARS);
}

/** A test file's name in a line of the Test Results output (a terminal). */
export function outputFileName(fileName: string): string {
  return visibleLine(fileName);
}
