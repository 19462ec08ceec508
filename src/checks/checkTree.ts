// The Test Explorer's tree of one test file: file → test → variant (→ sample when the file asks for
// several), each item at the line it was written on (a CSV row's test at its row, in the CSV), so
// the gutter runs it. A test's variants are made when it is expanded or run. Labels come from the
// workspace (descriptions, slugs): shown as inert text (testExplorerText.ts).
import * as vscode from 'vscode';
import type { SourceRange } from '../expectations/checkModel';
import { markdownText } from '../shared/markdown';
import type { VariantChoice } from '../runs/variants';
import { testItemLabel, variantItemLabel } from './testExplorerText';
import type { LoadedTestFile } from './testFileLoad';

/** What an item stands for. */
export type ItemData =
  | { readonly kind: 'file'; readonly uri: vscode.Uri }
  | { readonly kind: 'test'; readonly uri: vscode.Uri; readonly test: number }
  | { readonly kind: 'cell'; readonly uri: vscode.Uri; readonly test: number; readonly variant: number; readonly sample: number | undefined };

export const itemData = new WeakMap<vscode.TestItem, ItemData>();

export function rangeOf(range: SourceRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

/** The file a range is in: the test file, or its CSV. */
export function uriOf(range: SourceRange, loaded: LoadedTestFile, fileUri: vscode.Uri): vscode.Uri {
  return range.file === 'testsFile' && loaded.csvPath !== undefined ? vscode.Uri.file(loaded.csvPath) : fileUri;
}

function variantKey(variant: VariantChoice): string {
  return variant === null ? '(automatic)' : variant;
}

/**
 * The item `id` under `parent` as it is to be shown: the one there is reused when it can be (VS
 * Code then sends the workbench only what changed, where a new object is a removal and an addition
 * of it and all its children), else a new one.
 */
function itemFor(controller: vscode.TestController, parent: vscode.TestItem, id: string, label: string, uri: vscode.Uri): vscode.TestItem {
  const existing = parent.children.get(id);
  // An item's file cannot change (a test that moved between the file and its CSV is a new item).
  if (existing === undefined || existing.uri?.toString() !== uri.toString()) return controller.createTestItem(id, label, uri);
  if (existing.label !== label) existing.label = label;
  return existing;
}

/** Each property set is a message to the workbench: only what changed is set. */
function place(item: vscode.TestItem, range: vscode.Range, sortText: string): void {
  if (item.range === undefined || !item.range.isEqual(range)) item.range = range;
  if (item.sortText !== sortText) item.sortText = sortText;
}

function showError(item: vscode.TestItem, markdown: string | undefined): void {
  const shown = item.error === undefined ? undefined : typeof item.error === 'string' ? item.error : item.error.value;
  if (shown !== markdown) item.error = markdown === undefined ? undefined : new vscode.MarkdownString(markdown);
}

function setChildren(item: vscode.TestItem, children: readonly vscode.TestItem[]): void {
  if (children.length === 0 && item.children.size === 0) return;
  item.children.replace(children);
}

/** The tests whose variants are not made yet, with what makes them. */
const unfilled = new WeakMap<vscode.TestItem, () => void>();

interface VariantPlace {
  readonly fileUri: vscode.Uri;
  readonly uri: vscode.Uri;
  readonly range: vscode.Range;
  readonly test: number;
  readonly repeat: number;
}

/** A test's variants (and their samples when the file asks for several), at the test's line. */
function fillVariants(controller: vscode.TestController, item: vscode.TestItem, variants: readonly VariantChoice[], { fileUri, uri, range, test, repeat }: VariantPlace): void {
  const children = variants.map((variant, variantIndex) => {
    const child = itemFor(controller, item, `${item.id}/${variantKey(variant)}`, variantItemLabel(variant), uri);
    place(child, range, String(variantIndex).padStart(3, '0'));
    itemData.set(child, { kind: 'cell', uri: fileUri, test, variant: variantIndex, sample: repeat > 1 ? undefined : 1 });
    setChildren(
      child,
      repeat <= 1
        ? []
        : Array.from({ length: repeat }, (_, index) => {
            const sample = itemFor(controller, child, `${child.id}/${index + 1}`, vscode.l10n.t('sample {0}', index + 1), uri);
            place(sample, range, String(index + 1).padStart(3, '0'));
            itemData.set(sample, { kind: 'cell', uri: fileUri, test, variant: variantIndex, sample: index + 1 });
            return sample;
          }),
    );
    return child;
  });
  setChildren(item, children);
}

/**
 * Makes a test's variants if they are not made yet: the controller's resolveHandler (the user
 * expanded the test) and every run (through leavesOf) call it.
 */
export function resolveChildren(item: vscode.TestItem): void {
  const fill = unfilled.get(item);
  if (fill === undefined) return;
  unfilled.delete(item);
  fill();
  item.canResolveChildren = false;
}

/**
 * Fills `fileItem` with the file's tests, replacing what it held. Ids stay the same for the same
 * test index and variant, so results and the user's selection survive an edit; the items with
 * those ids are kept and only what changed in them is set.
 */
export function fillFileItem(controller: vscode.TestController, fileItem: vscode.TestItem, loaded: LoadedTestFile, variants: readonly VariantChoice[]): void {
  const fileUri = fileItem.uri!;
  const inline = loaded.file.tests.length;
  const repeat = loaded.file.repeat;
  const fileProblems = loaded.file.runnable ? [] : loaded.problems.filter((problem) => problem.range.file === 'testFile');
  showError(fileItem, fileProblems.length === 0 ? undefined : fileProblems.slice(0, 5).map((problem) => `Line ${problem.range.start.line + 1}: ${markdownText(problem.message, 500)}`).join('\n\n'));
  const items: vscode.TestItem[] = [];
  for (const test of loaded.tests) {
    const uri = uriOf(test.range, loaded, fileUri);
    const item = itemFor(controller, fileItem, `${fileItem.id}#${test.index}`, testItemLabel(test, inline), uri);
    const range = rangeOf(test.range);
    place(item, range, String(test.index).padStart(6, '0'));
    itemData.set(item, { kind: 'test', uri: fileUri, test: test.index });
    showError(item, test.ok ? undefined : test.problems.slice(0, 5).map((problem) => markdownText(problem.message, 500)).join('\n\n'));
    if (test.ok && loaded.file.runnable) {
      const fill = (): void => fillVariants(controller, item, variants, { fileUri, uri, range, test: test.index, repeat });
      // A test whose variants are shown (expanded, or run) shows them as they now are; the others
      // get theirs when expanded or run: 2,000 tests × 2 variants were 6,200 items to make and send
      // at discovery, of which the variants are two thirds.
      if (item.children.size > 0) {
        unfilled.delete(item);
        fill();
      } else {
        unfilled.set(item, fill);
        if (!item.canResolveChildren) item.canResolveChildren = true;
      }
    } else {
      unfilled.delete(item);
      if (item.canResolveChildren) item.canResolveChildren = false;
      setChildren(item, []);
    }
    items.push(item);
  }
  setChildren(fileItem, items);
}

/** The leaves (cells) under `item`, itself included when it is one, variants made where they were not yet; excluded items and their children left out. */
export function leavesOf(item: vscode.TestItem, excluded: ReadonlySet<vscode.TestItem>, into: vscode.TestItem[] = []): vscode.TestItem[] {
  if (excluded.has(item)) return into;
  // A test run before it was expanded: its variants are made now, to run and show their results.
  resolveChildren(item);
  if (item.children.size === 0) {
    into.push(item);
    return into;
  }
  item.children.forEach((child) => leavesOf(child, excluded, into));
  return into;
}
