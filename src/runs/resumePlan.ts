// What a resume of a results file would run: the cells missing from it (and, to rerun failures,
// the cells whose last result failed), once the data file is checked to be the one the run
// started on. No cell is run twice: a cell with a result line is done, whatever else the file
// holds. Pure Node: no `vscode`.
import { stat } from 'node:fs/promises';
import { isDataFileError, type DataFileError } from '../dataset/dataFileError';
import { isDataFormat } from '../dataset/dataFormat';
import { readDataFileBatches, whyUnreadable } from '../dataset/dataRows';
import { sha256OfFile } from '../dataset/fileHash';
import { BitSet, CellSet } from './cellSet';
import { engineRows } from './labPlan';
import { dataPathOf, type RunHeader } from './resultsFormat';
import { ResultsFileError } from './resultsFileError';
import { openResults } from './resultsReader';
import type { ResultsFileVersion } from './resultsWriter';

async function versionOf(resultsPath: string): Promise<ResultsFileVersion> {
  try {
    const { size, mtimeMs } = await stat(resultsPath);
    return { size, mtimeMs };
  } catch (error) {
    throw new ResultsFileError('unreadable', `The results file cannot be read: ${whyUnreadable(error)}.`, error);
  }
}

export interface ResumeDetails {
  readonly header: RunHeader;
  readonly resultsPath: string;
  readonly dataPath: string;
  /** Cells with a result line (the last one counts when a cell has several, as after a rerun). */
  readonly done: CellSet;
  /** Cells whose last result is a failure. */
  readonly failed: CellSet;
  /** Rows recorded as row errors. */
  readonly rowErrors: BitSet;
  /** Cells a resume runs, and rows it records as row errors (their cells count as done). */
  readonly missingCells: number;
  readonly missingRowErrors: number;
  /** Whether failed cells run again too. */
  readonly rerunFailed: boolean;
  /** Lines of the results file that were not usable (reported, skipped), and whether its last line was cut short. */
  readonly invalidLines: ReadonlyArray<{ readonly lineNumber: number; readonly problem: string }>;
  readonly truncatedLine: boolean;
  /** The results file as this plan read it: a resume refuses to start on a file that changed since. */
  readonly resultsFile: ResultsFileVersion;
}

/** The calls a resume makes: each missing cell, and each cell of a row recorded as a row error again. */
export function resumeCalls(plan: ResumeDetails): number {
  return plan.missingCells + plan.missingRowErrors * plan.header.variants.length * plan.header.samples;
}

export type ResumePlan =
  /** Cells are missing: `resumeLabRun(plan)` runs them. */
  | ({ readonly kind: 'resume' } & ResumeDetails)
  /** Every cell is done (and, with `rerunFailed`, none failed). */
  | ({ readonly kind: 'complete' } & ResumeDetails)
  /** The data file is not the one the run started on: offer a new run. */
  | { readonly kind: 'dataChanged'; readonly header: RunHeader; readonly resultsPath: string; readonly dataPath: string; readonly expectedSha256: string; readonly actualSha256: string }
  /** The data file cannot be read (moved, deleted, or it stops being readable). */
  | { readonly kind: 'dataUnreadable'; readonly header: RunHeader; readonly resultsPath: string; readonly dataPath: string; readonly error: DataFileError };

/** Invalid lines listed (all are skipped). */
const MAX_LISTED_INVALID_LINES = 20;

export interface ResumeOptions {
  /** Also run again the cells whose last result failed ("Rerun failed"). */
  readonly rerunFailed?: boolean;
  /** The data file, when it is no longer where the header says (relative to the results file). */
  readonly dataPath?: string;
  readonly signal?: AbortSignal;
}

/** Reads the results file and the data file (twice: its hash, then its rows) and says what a resume would do. Throws a ResultsFileError for a file that is not a results file. */
export async function planResume(resultsPath: string, options: ResumeOptions = {}): Promise<ResumePlan> {
  // Taken before reading: lines another run appends meanwhile make the file differ from it.
  const resultsFile = await versionOf(resultsPath);
  const { header, entries } = await openResults(resultsPath, { signal: options.signal });
  const grid = { variants: header.variants.length, samples: header.samples };
  const done = new CellSet(grid);
  const failed = new CellSet(grid);
  const rowErrors = new BitSet();
  const invalidLines: Array<{ lineNumber: number; problem: string }> = [];
  let truncatedLine = false;
  for await (const entry of entries) {
    if (entry.kind === 'truncated') {
      truncatedLine = true;
    } else if (entry.kind === 'invalid') {
      if (invalidLines.length < MAX_LISTED_INVALID_LINES) {
        invalidLines.push({ lineNumber: entry.lineNumber, problem: entry.problem });
      }
    } else if (entry.line.type === 'rowError') {
      rowErrors.add(entry.line.row);
    } else {
      const { row, sample, error } = entry.line;
      const variantIndex = header.variants.indexOf(entry.line.variant);
      done.add(row, variantIndex, sample);
      if (error === null) {
        failed.delete(row, variantIndex, sample);
      } else {
        failed.add(row, variantIndex, sample);
      }
    }
  }

  const dataPath = options.dataPath ?? dataPathOf(resultsPath, header);
  const base = { header, resultsPath, dataPath };
  let actualSha256: string;
  try {
    actualSha256 = await sha256OfFile(dataPath, options.signal);
  } catch (error) {
    if (isDataFileError(error)) {
      return { kind: 'dataUnreadable', ...base, error };
    }
    throw error;
  }
  if (actualSha256 !== header.data.sha256) {
    return { kind: 'dataChanged', ...base, expectedSha256: header.data.sha256, actualSha256 };
  }
  if (!isDataFormat(header.data.format)) {
    throw new Error(`Only the lab's data files can be resumed here, not ${header.data.format}.`);
  }

  const rerunFailed = options.rerunFailed === true;
  const variables = Object.keys(header.mapping);
  let missingCells = 0;
  let missingRowErrors = 0;
  try {
    for await (const rows of engineRows(readDataFileBatches(dataPath, header.data.format, { signal: options.signal }), header.mapping, variables)) {
      for (const row of rows) {
        if (row.kind === 'rowError') {
          missingRowErrors += rowErrors.has(row.row) ? 0 : 1;
          continue;
        }
        for (let variantIndex = 0; variantIndex < grid.variants; variantIndex++) {
          for (let sample = 1; sample <= grid.samples; sample++) {
            if (!done.has(row.row, variantIndex, sample) || (rerunFailed && failed.has(row.row, variantIndex, sample))) {
              missingCells += 1;
            }
          }
        }
      }
    }
  } catch (error) {
    if (isDataFileError(error)) {
      return { kind: 'dataUnreadable', ...base, error };
    }
    throw error;
  }
  const details: ResumeDetails = { ...base, done, failed, rowErrors, missingCells, missingRowErrors, rerunFailed, invalidLines, truncatedLine, resultsFile };
  return { kind: missingCells + missingRowErrors === 0 ? 'complete' : 'resume', ...details };
}
