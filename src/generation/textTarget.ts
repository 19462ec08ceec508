// Which documents generated text may go into: one the user can edit and keep. Not the Output
// panel's (`output:`), not the default settings (`vscode:`), a search editor (`search-editor:`)
// or any other document that no writable file system holds, and not a diff's left side (read-only
// in the diff), even when its document could be edited elsewhere. Pure: no `vscode`.

export interface DocumentFacts {
  readonly scheme: string;
  /** `workspace.fs.isWritableFileSystem(scheme)`: undefined when no file system serves the scheme. */
  readonly writableFileSystem: boolean | undefined;
  /** Shown as the left (original) side of the active diff. */
  readonly leftOfDiff: boolean;
}

/** Documents that no file system holds and that the user still edits and keeps (by saving them, or the notebook). */
const EDITABLE_WITHOUT_FILE_SYSTEM: ReadonlySet<string> = new Set(['untitled', 'vscode-notebook-cell']);

export function canTakeText(facts: DocumentFacts): boolean {
  if (facts.leftOfDiff) {
    return false;
  }
  return EDITABLE_WITHOUT_FILE_SYSTEM.has(facts.scheme) || facts.writableFileSystem === true;
}
