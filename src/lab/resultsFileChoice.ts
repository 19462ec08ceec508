// The results file a name picked in the save dialog stands for. Pure: no `vscode`.
import { RESULTS_SUFFIX } from '../runs/resultsFormat';

export interface ResultsFileChoice {
  readonly resultsPath: string;
  /**
   * True when the save dialog itself stood for this exact path, so its own "replace?" question
   * covered an existing file. A picked `b` or `b.jsonl` becomes `b.gistrun.jsonl`, a file the
   * dialog never asked about: an existing one must still be offered for replacing, never taken.
   */
  readonly dialogAskedAboutIt: boolean;
}

export function resultsFileChoice(picked: string): ResultsFileChoice {
  if (picked.endsWith(RESULTS_SUFFIX)) {
    return { resultsPath: picked, dialogAskedAboutIt: true };
  }
  return { resultsPath: `${picked.replace(/\.jsonl$/, '')}${RESULTS_SUFFIX}`, dialogAskedAboutIt: false };
}
