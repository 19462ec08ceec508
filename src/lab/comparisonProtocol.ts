// The messages between the comparison view's webview (webview/comparisonView.ts) and the
// extension (comparisonPanel.ts). Every string in a host message comes from a results file and
// passes inertMessage on the way out; the webview puts it in as text only. Pure: no `vscode`.
import type { KeyboardReport } from '../shared/keyboardReport';
import type { VerdictsView } from './resultsViewProtocol';

/** What happened to a cell (a row × a variant) from the earlier run to this one; defined here so the webview shares it. */
export const CELL_CHANGES = ['newlyFailing', 'changed', 'newlyPassing', 'same', 'onlyEarlier', 'onlyLater'] as const;
export type CellChange = (typeof CELL_CHANGES)[number];
export type ChangeCounts = Record<CellChange, number>;

/** One run of the two: its file's name and when it started. */
export interface ComparedRunView {
  readonly file: string;
  readonly startedAt: string;
  readonly rows: number;
  /** Lines of its file that could not be read (skipped). */
  readonly problems: number;
}

/** One compared cell as a table row. `key` names it back to the extension (Enter: the diff). */
export interface ComparisonCellView {
  readonly key: number;
  readonly row: number;
  readonly variant: string;
  readonly change: CellChange;
  readonly earlier: string;
  readonly later: string;
}

export type ComparisonHostMessage =
  | {
      readonly type: 'open';
      readonly gist: string;
      readonly dataPath: string;
      readonly earlier: ComparedRunView;
      readonly later: ComparedRunView;
      readonly variants: ReadonlyArray<{ readonly label: string; readonly counts: ChangeCounts }>;
      readonly total: ChangeCounts;
      readonly checksCompared: boolean;
    }
  | { readonly type: 'cells'; readonly onlyRegressions: boolean; readonly matching: number; readonly cells: readonly ComparisonCellView[] }
  | { readonly type: 'verdicts'; readonly side: 'earlier' | 'later'; readonly verdicts: VerdictsView }
  | { readonly type: 'failed'; readonly message: string };

export type ComparisonViewMessage = { readonly type: 'ready' } | { readonly type: 'filter'; readonly onlyRegressions: boolean } | { readonly type: 'diff'; readonly key: number } | KeyboardReport;
