// What "Compare with an Earlier Run" shows of outside text: the names of results files (any file
// of the workspace), in the pick of the other run, the comparison's tab and a diff's title, and
// a variant's name from those files in a diff's title. Pick rows render `$(icon)`, and so do tab
// titles in some builds: labelText there; the pick's title takes plainText. Pure: no `vscode`.
import * as path from 'node:path';
import { labelText, plainText } from '../shared/inertText';

/** A results file in the pick of the other run: its name, and its folder beside it. */
export function runRow(filePath: string, relativeFolder: string): { readonly label: string; readonly description: string } {
  return { label: labelText(path.basename(filePath)), description: labelText(relativeFolder, 300) };
}

/** A results file's name in the pick's title. */
export function runNameInPickTitle(filePath: string): string {
  return plainText(path.basename(filePath), 100);
}

/** A results file's name in the title of a tab: the comparison's, or a diff's. */
export function runNameInTab(filePath: string): string {
  return labelText(path.basename(filePath), 100);
}

/** A variant's name in a diff's title. */
export function variantInTab(name: string): string {
  return labelText(name, 100);
}
