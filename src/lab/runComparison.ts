// Two runs of one gist over one data file, cell by cell: what a changed prompt variant (or the
// service, or a model behind it) did to each data row. A cell is a row × a variant (matched by its
// label) present in either run; it is the same (identical texts), changed (texts on both sides,
// different), newly failing (the earlier run passed, this one failed: its call failed, or its
// checks did where both runs have checks), newly passing (the reverse), or only in one of the runs.
// With several samples a cell's texts are a set, and it passes only when every sample does. Works
// on the results view's indexes, so no text is read: texts are told apart by hash and length.
// Pure: no `vscode`.
import * as path from 'node:path';
import type { RunHeader } from '../runs/resultsFormat';
import { variantLabel } from '../runs/variants';
import { oneLine } from '../shared/oneLine';
import type { IndexedSample, ResultsIndex } from './resultsIndex';
import type { CellChange, ChangeCounts } from './comparisonProtocol';

export { CELL_CHANGES, type CellChange, type ChangeCounts } from './comparisonProtocol';

/** The changes the "Only regressions" filter keeps: a cell that passed before and fails now. */
export const REGRESSIONS: ReadonlySet<CellChange> = new Set<CellChange>(['newlyFailing']);

/** A data row in both runs (or one), and a change per variant of the comparison. */
export interface ComparedRow {
  readonly row: number;
  /** In the order of `RunComparison.variants`; undefined where neither run has a result. */
  readonly changes: ReadonlyArray<CellChange | undefined>;
}

export interface ComparedVariant {
  readonly label: string;
  /** Its column in each run's header; undefined in a run that did not run it. */
  readonly earlier: number | undefined;
  readonly later: number | undefined;
  readonly counts: ChangeCounts;
}

export interface RunComparison {
  /** The later run's variants in its order, then those only the earlier run had. */
  readonly variants: readonly ComparedVariant[];
  /** Rows in order of their number. */
  readonly rows: readonly ComparedRow[];
  readonly total: ChangeCounts;
  /** Both runs have checks: a cell whose checks failed counts as failing. */
  readonly checksCompared: boolean;
}

export type RefusalKind = 'sameFile' | 'differentGist' | 'differentData';

/** Why two runs cannot be compared: a sentence that says why and what to do. */
export interface Refusal {
  readonly kind: RefusalKind;
  readonly message: string;
}

export interface RunFile {
  readonly path: string;
  readonly header: RunHeader;
}

const NAME_CHARS = 80;
const shortName = (file: string): string => oneLine(path.basename(file), NAME_CHARS);
const quoted = (text: string): string => `“${oneLine(text, NAME_CHARS)}”`;

/**
 * Whether two results files are runs that can be compared cell by cell: two files, of the same
 * gist, over the same data file's bytes (its SHA-256 in the header; its path may differ, the rows
 * are matched by number). Undefined when they can; else why not.
 */
export function refusalOf(a: RunFile, b: RunFile): Refusal | undefined {
  if (path.resolve(a.path) === path.resolve(b.path)) {
    return { kind: 'sameFile', message: `Both sides are ${shortName(a.path)}: pick another run of the same gist over the same data.` };
  }
  if (a.header.gist !== b.header.gist) {
    return {
      kind: 'differentGist',
      message: `${shortName(a.path)} is a run of the gist ${quoted(a.header.gist)}, ${shortName(b.path)} of ${quoted(b.header.gist)}: only runs of the same gist can be compared.`,
    };
  }
  if (a.header.data.sha256 !== b.header.data.sha256) {
    const samePath = a.header.data.path === b.header.data.path;
    const hash = (header: RunHeader): string => oneLine(header.data.sha256.slice(0, 12), 12);
    return {
      kind: 'differentData',
      message: samePath
        ? `The data file ${quoted(a.header.data.path)} changed between the two runs (SHA-256 ${hash(a.header)}… in ${shortName(a.path)}, ${hash(b.header)}… in ${shortName(b.path)}): its rows may no longer be the same rows. Run both variants again over one version of the data.`
        : `${shortName(a.path)} ran over ${quoted(a.header.data.path)} (SHA-256 ${hash(a.header)}…), ${shortName(b.path)} over ${quoted(b.header.data.path)} (${hash(b.header)}…): only runs over the same data can be compared row by row.`,
    };
  }
  return undefined;
}

/** Of two comparable runs, which is the earlier: by the time each started (the first given on a tie). */
export function inOrder<T extends RunFile>(a: T, b: T): { readonly earlier: T; readonly later: T } {
  const started = (file: RunFile): number => {
    const time = Date.parse(file.header.startedAt);
    return Number.isNaN(time) ? 0 : time;
  };
  return started(b) < started(a) ? { earlier: b, later: a } : { earlier: a, later: b };
}

export function noChanges(): ChangeCounts {
  return { newlyFailing: 0, changed: 0, newlyPassing: 0, same: 0, onlyEarlier: 0, onlyLater: 0 };
}

function hasChecks(index: ResultsIndex): boolean {
  if (index.header.extensions.checks !== undefined) return true;
  for (const row of index.rows.values()) {
    for (const samples of row.cells) if (samples.some((sample) => sample?.passed !== undefined)) return true;
  }
  return false;
}

interface Side {
  readonly passes: boolean;
  /** The distinct texts: hash and length (two different texts with one hash and one length are unlikely). */
  readonly texts: ReadonlySet<string>;
}

function sideOf(samples: ReadonlyArray<IndexedSample | undefined> | undefined, checks: boolean): Side | undefined {
  const recorded = (samples ?? []).filter((sample): sample is IndexedSample => sample !== undefined);
  if (recorded.length === 0) return undefined;
  const passes = recorded.every((sample) => !sample.failed && !(checks && sample.passed === false));
  const texts = new Set(recorded.map((sample) => (sample.failed ? `failed:${sample.errorKind ?? ''}` : `${sample.hash}:${sample.length}`)));
  return { passes, texts };
}

function sameTexts(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const text of a) if (!b.has(text)) return false;
  return true;
}

export function cellChange(earlier: Side | undefined, later: Side | undefined): CellChange | undefined {
  if (earlier === undefined) return later === undefined ? undefined : 'onlyLater';
  if (later === undefined) return 'onlyEarlier';
  if (earlier.passes && !later.passes) return 'newlyFailing';
  if (!earlier.passes && later.passes) return 'newlyPassing';
  return sameTexts(earlier.texts, later.texts) ? 'same' : 'changed';
}

function indexOrUndefined(labels: readonly string[], label: string): number | undefined {
  const index = labels.indexOf(label);
  return index === -1 ? undefined : index;
}

/** Compares `later` (this run) with `earlier`, cell by cell; both must be comparable (refusalOf). */
export function compareRuns(earlier: ResultsIndex, later: ResultsIndex): RunComparison {
  const earlierLabels = earlier.header.variants.map(variantLabel);
  const laterLabels = later.header.variants.map(variantLabel);
  const labels = [...new Set([...laterLabels, ...earlierLabels])];
  const columns = labels.map((label) => ({ label, earlier: indexOrUndefined(earlierLabels, label), later: indexOrUndefined(laterLabels, label), counts: noChanges() }));
  const checksCompared = hasChecks(earlier) && hasChecks(later);
  const total = noChanges();
  const rows: ComparedRow[] = [];
  const rowNumbers = [...new Set([...earlier.rows.keys(), ...later.rows.keys()])].sort((a, b) => a - b);
  for (const row of rowNumbers) {
    const before = earlier.rows.get(row);
    const after = later.rows.get(row);
    const changes = columns.map((column) => {
      const change = cellChange(
        column.earlier === undefined ? undefined : sideOf(before?.cells[column.earlier], checksCompared),
        column.later === undefined ? undefined : sideOf(after?.cells[column.later], checksCompared),
      );
      if (change !== undefined) {
        column.counts[change] += 1;
        total[change] += 1;
      }
      return change;
    });
    // A row neither run has a result for (a row error on both sides, say) has nothing to compare.
    if (changes.some((change) => change !== undefined)) rows.push({ row, changes });
  }
  return { variants: columns, rows, total, checksCompared };
}

/** One compared cell: a row, a variant (its place in `RunComparison.variants`) and its change. */
export interface ComparedCell {
  readonly row: number;
  readonly variant: number;
  readonly change: CellChange;
}

/** The cells of a comparison in row order, each row's variants in order; only `changes` when given. */
export function comparedCells(comparison: RunComparison, changes?: ReadonlySet<CellChange>): ComparedCell[] {
  const cells: ComparedCell[] = [];
  for (const row of comparison.rows) {
    row.changes.forEach((change, variant) => {
      if (change !== undefined && (changes === undefined || changes.has(change))) cells.push({ row: row.row, variant, change });
    });
  }
  return cells;
}
