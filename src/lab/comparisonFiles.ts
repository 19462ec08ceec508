// Two results files opened for a comparison: both indexed (each line checked as hostile input by
// the index), refused with the reason when they are not runs that can be compared, put in order
// (the earlier run first), and the compared cells as the comparison view shows them: each side's
// text cut to a preview, with the characters that show nothing made visible. Pure Node: no `vscode`.
import { isResultsFileError } from '../runs/resultsFileError';
import { oneLine } from '../shared/oneLine';
import type { CellResult } from '../runs/resultsFormat';
import { ResultsIndex } from './resultsIndex';
import { previewOf, ResultLines } from './resultsRows';
import { compareRuns, inOrder, refusalOf, type ComparedCell, type Refusal, type RunComparison } from './runComparison';

export interface OpenedComparison {
  readonly earlier: ResultsIndex;
  readonly later: ResultsIndex;
  readonly comparison: RunComparison;
}

export type ComparisonOpening = { readonly ok: true; readonly opened: OpenedComparison } | { readonly ok: false; readonly refusal: Refusal | { readonly kind: 'notResults'; readonly message: string } };

/** Opens both files and compares them, or says why it cannot (a file that is not a run's results, two runs that cannot be compared). */
export async function openComparison(firstPath: string, secondPath: string, signal?: AbortSignal): Promise<ComparisonOpening> {
  const indexes: ResultsIndex[] = [];
  for (const file of [firstPath, secondPath]) {
    try {
      indexes.push(await ResultsIndex.open(file, signal));
    } catch (error) {
      if (!isResultsFileError(error)) throw error;
      return { ok: false, refusal: { kind: 'notResults', message: `${oneLine(file.split(/[\\/]/).pop() ?? file, 80)}: ${error.message}` } };
    }
  }
  const [first, second] = indexes as [ResultsIndex, ResultsIndex];
  const refusal = refusalOf(first, second);
  if (refusal !== undefined) return { ok: false, refusal };
  const { earlier, later } = inOrder(first, second);
  return { ok: true, opened: { earlier, later, comparison: compareRuns(earlier, later) } };
}

/** A compared cell as the view shows it: each side's preview ('' where that run has no result). */
export interface CellPreview {
  readonly earlier: string;
  readonly later: string;
}

/** A cell's first sample as one short text: its content, or why the call failed. */
function previewOfResult(result: CellResult | undefined): string {
  if (result === undefined) return '';
  if (result.error !== null) return `⚠ ${oneLine(`${result.error.kind}: ${result.error.message}`, 300)}`;
  return previewOf(result.content ?? '');
}

/** The previews of `cells`, read back from both files, each on one open file handle. */
export async function cellPreviews(opened: OpenedComparison, cells: readonly ComparedCell[]): Promise<CellPreview[]> {
  const [earlierLines, laterLines] = await Promise.all([ResultLines.open(opened.earlier), ResultLines.open(opened.later)]);
  try {
    const previews: CellPreview[] = [];
    for (const cell of cells) {
      const variant = opened.comparison.variants[cell.variant];
      const earlier = variant?.earlier === undefined ? undefined : await earlierLines.cell(cell.row, variant.earlier);
      const later = variant?.later === undefined ? undefined : await laterLines.cell(cell.row, variant.later);
      previews.push({ earlier: previewOfResult(earlier), later: previewOfResult(later) });
    }
    return previews;
  } finally {
    await Promise.all([earlierLines.close(), laterLines.close()]);
  }
}
