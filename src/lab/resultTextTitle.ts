// The title of one cell's text, opened from the results view or the comparison of two runs: the
// last segment of its `gist-result:` path, which the editor shows on the tab and in a diff's title.
// The gist id and variant name come from the results file: inert, one segment. Pure: no `vscode`.
import { titleSegment } from '../shared/inertText';

/** "echo · formal · row 3 · sample 2". */
export function resultTextTitle(gist: string, variantName: string, row: number, sample?: number): string {
  return `${titleSegment(gist, 60)} · ${titleSegment(variantName, 40)} · row ${row}${sample === undefined ? '' : ` · sample ${sample}`}`;
}
