// The messages between the results view's webview and the extension. The extension holds the
// results file and its index; the webview asks for the rows it shows and gets only those (as the
// hex editor hands its webview only the chunk it asks for). Everything in a message is plain data
// and every text in it is shown by the webview as text, never as HTML. Types only.
import type { KeyboardReport } from '../shared/keyboardReport';

/** A cell of the table: one variant of one data row (its samples summed up). */
export interface ViewCell {
  /** The start of the content (one line, invisible characters made visible), or the error. */
  readonly preview: string;
  readonly failed: boolean;
  /** The error's kind (`rateLimited`, `service`…) when it failed. */
  readonly errorKind?: string;
  /** Of the last sample. */
  readonly latencyMs: number;
  /** Characters of the content; undefined when it failed. */
  readonly length?: number;
  /** Samples recorded for this cell, and how many distinct texts they hold. */
  readonly samples: number;
  readonly distinct: number;
  /** A run with several samples per cell: how they spread, and whether the checks disagree across them. */
  readonly distribution?: { readonly text: string; readonly flaky?: string };
  /** No result yet (a run in progress, or one that stopped). */
  readonly missing: boolean;
  /** A check run's grade (the `checks` extension): pass or fail, and the failed assertions' reasons, one line each. */
  readonly check?: { readonly pass: boolean; readonly reasons: readonly string[] };
}

export interface ViewRow {
  /** The data row's number (from 1) and the line of the data file it starts on. */
  readonly row: number;
  readonly line: number;
  /** The row's values, one line (`name: value · name: value`), cut. */
  readonly values: string;
  /** Set when the row could not be sent at all (a malformed row, a missing column). */
  readonly rowError?: string;
  /** In the order of `ViewHeader.variants`. */
  readonly cells: readonly ViewCell[];
}

export interface VariantFigures {
  readonly label: string;
  readonly calls: number;
  readonly failures: number;
  readonly latencyP50Ms?: number;
  readonly latencyP95Ms?: number;
  readonly meanLength?: number;
  readonly medianLength?: number;
  /** For a check run: the cells graded, and those that passed (the pass rate is passed over calls). */
  readonly checked?: number;
  readonly passed?: number;
}

export interface ViewHeader {
  readonly gist: string;
  /** Column labels: a variant's slug, or “Automatic”. */
  readonly variants: readonly string[];
  readonly samples: number;
  readonly dataPath: string;
  readonly profile: string;
  readonly host: string;
  readonly startedAt: string;
  /** A check run (the header declares the `checks` extension): cells show pass or fail, variants their pass rate. */
  readonly checks: boolean;
}

/** What the table shows, and in which order. */
export interface ViewQuery {
  /** `row`, `values`, or a variant column (index) by its text, latency or length. */
  readonly sort: { readonly by: 'row' } | { readonly by: 'values' } | { readonly by: 'text' | 'latency' | 'length'; readonly variant: number };
  readonly descending: boolean;
  /** Case-insensitive, in values and contents. */
  readonly filter: string;
  readonly onlyDifferent: boolean;
  readonly onlyFailures: boolean;
}

export interface ViewStatus {
  /** Rows the query lets through, and rows in the file. */
  readonly shownRows: number;
  readonly totalRows: number;
  /** Cells with no result yet. */
  readonly missingCells: number;
  readonly failedCells: number;
  /** For a check run: cells whose checks failed. */
  readonly failedChecks: number;
  /** The file is being written by a run in this window. */
  readonly running: boolean;
  /** The view shows a big file's first part and reads the rest: the counts are of the rows read so far. */
  readonly reading: boolean;
  /** A run that did not finish can be resumed (no run in progress, cells missing). */
  readonly resumable: boolean;
  /** Why Rerun Failed cannot act on this file at all (a check run is run again from the Testing view); undefined when it can. */
  readonly rerunElsewhere?: string;
  /** Lines of the file that could not be read (shown, not hidden). */
  readonly problems: readonly string[];
  readonly figures: readonly VariantFigures[];
}

/** A sentence with the variants' and judges' names marked (they come from files: shown set apart, as text). */
export interface SentenceView {
  readonly parts: ReadonlyArray<{ readonly text: string; readonly name?: 'variant' | 'judge' }>;
}

/** A share with its interval, drawn as a bar with whiskers; `text` says the same for screen readers. */
export interface BarView {
  readonly label: string;
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly text: string;
}

/** A distribution as a box plot (whiskers at the 5th and 95th percentiles); `text` says the same. */
export interface BoxView {
  readonly label: string;
  readonly low: number;
  readonly q1: number;
  readonly median: number;
  readonly q3: number;
  readonly high: number;
  readonly text: string;
}

export interface TableView {
  readonly caption: string;
  readonly columns: readonly string[];
  readonly rows: ReadonlyArray<readonly string[]>;
}

/** One kind of evidence: people's votes, a judge's, the checks, repeats, length and latency. */
export interface SectionView {
  readonly title: string;
  readonly sentence?: SentenceView;
  readonly notes: readonly string[];
  readonly tables: readonly TableView[];
  readonly bars: readonly BarView[];
  /** 0.5 for win rates (no difference), none for pass rates. */
  readonly barsReference?: number;
  readonly boxes?: { readonly unit: string; readonly items: readonly BoxView[] };
}

export interface VerdictsView {
  readonly headline: SentenceView;
  readonly sections: readonly SectionView[];
  /** How long the figures took to work out (in a worker thread). */
  readonly ms: number;
  /** Votes files or lines that could not be read, or were not counted, and why. */
  readonly problems: readonly string[];
  /** Whose votes were counted from which file: shown after the evidence, when any file was counted. */
  readonly counted?: SectionView;
}

/** The blind review's state: the next pair (names hidden), and the reviewer's counts. */
export interface ReviewView {
  readonly total: number;
  readonly voted: number;
  readonly skipped: number;
  readonly canUndo: boolean;
  /** Undefined when every pair has a vote. */
  readonly pair?: {
    /** An opaque token for this showing of the pair (its key would name the variants). */
    readonly key: string;
    readonly row: number;
    readonly sample: number;
    readonly values: string;
    readonly left: { readonly text: string; readonly cut: boolean };
    readonly right: { readonly text: string; readonly cut: boolean };
  };
}

export type HostMessage =
  | { readonly type: 'open'; readonly generation: number; readonly round: number; readonly header: ViewHeader; readonly query: ViewQuery; readonly status: ViewStatus }
  /**
   * The rows of the current order from `start`, for `request`; `null` where the row the webview
   * holds at that place is as it was when the answer was begun, in `round` (the last status's or open's).
   */
  | { readonly type: 'rows'; readonly request: number; readonly generation: number; readonly round: number; readonly start: number; readonly rows: ReadonlyArray<ViewRow | null> }
  /**
   * New counts (new results, a new query). A new `generation` is a new order: the rows held are
   * dropped, and `rows` answers of an older one with them. The same generation is the same order,
   * perhaps longer: the rows held stay, and the webview asks for those in view again.
   */
  | { readonly type: 'status'; readonly generation: number; readonly round: number; readonly status: ViewStatus }
  /** The file cannot be shown (not a results file, unreadable): the view says why. */
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'verdicts'; readonly verdicts: VerdictsView }
  /** The review's next pair (or its end); `reviewer` is whose votes file it writes. */
  | { readonly type: 'review'; readonly reviewer: string; readonly review: ReviewView; readonly staysBlind: boolean }
  /** A vote was taken: which variant each side was, for the view to show a moment (unless the reviewer stays blind). */
  | { readonly type: 'voted'; readonly left: string; readonly right: string; readonly verdict: string }
  /** The review could not go on (no reviewer name, a votes file that cannot be written): the view says why. */
  | { readonly type: 'reviewFailed'; readonly message: string }
  /** Said over the next pair (the reviewer had judged the last one in another window): the view shows and announces it. */
  | { readonly type: 'reviewNotice'; readonly message: string };

export type CellAddress = { readonly index: number; readonly variant: number };

export type ViewMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'rows'; readonly request: number; readonly start: number; readonly count: number }
  | { readonly type: 'query'; readonly query: ViewQuery }
  /** `index` is the row's place in the current order. */
  | { readonly type: 'openCell'; readonly cell: CellAddress }
  | { readonly type: 'compare'; readonly cells: readonly [CellAddress, CellAddress] }
  | { readonly type: 'copyCallId'; readonly cell: CellAddress }
  | { readonly type: 'rerunFailed' }
  | { readonly type: 'resume' }
  | { readonly type: 'export'; readonly format: 'csv' | 'markdown' }
  /** Starts (or goes on with) the blind review; `includeSkipped` asks the skipped pairs again. */
  | { readonly type: 'startReview'; readonly includeSkipped?: boolean }
  /** The reviewer left the review (Escape): the host stops sending pairs. */
  | { readonly type: 'endReview' }
  | { readonly type: 'vote'; readonly key: string; readonly verdict: 'left' | 'right' | 'tie' | 'both-bad' }
  | { readonly type: 'skip'; readonly key: string }
  | { readonly type: 'undo' }
  | { readonly type: 'judge' }
  | KeyboardReport;
