// The title of a past call's text in "Compare with…": the last segment of its `gist-call:` path,
// which the editor shows on the tab. The label and variant come from the history: inert, one
// segment. Pure: no `vscode`.
import { titleSegment } from '../shared/inertText';

/** "Welcome email · formal · 14:03:12". */
export function callTextTitle(label: string, variant: string, time: string): string {
  return `${titleSegment(label, 60)} · ${titleSegment(variant, 40)} · ${time}`;
}
