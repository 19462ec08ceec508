// What a surface that shows outside text for a decision says under a value that holds invisible
// characters (invisibles.ts writes each as `⟨U+XXXX⟩`): how many there are, so that a long run of
// them is not mistaken for text the value shows anyway.
import * as vscode from 'vscode';

/** "3 invisible characters, shown as ⟨U+…⟩", or '' for none. */
export function invisibleNote(count: number): string {
  if (count === 0) {
    return '';
  }
  return count === 1 ? vscode.l10n.t('1 invisible character, shown as ⟨U+…⟩') : vscode.l10n.t('{0} invisible characters, shown as ⟨U+…⟩', count);
}
