// The name of the untitled document "Edit in Editor…" opens for a value. Pure: no `vscode`.
import { titleSegment } from '../shared/inertText';

/** The catalog's variable name, one inert path segment (`:` too, a drive on Windows), and which editor of that name. */
export function valueEditorTitle(name: string, counter: number): string {
  return `${titleSegment(name, 80).replace(/:/g, '∶')} (${counter})`;
}
