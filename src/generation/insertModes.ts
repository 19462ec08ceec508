// Every insert mode as the extension shows and applies it: its label and icon (the setting's
// picker, the flow's button) and where its text goes. Adding a mode is its name in insertMode.ts
// (the pure list the setting and arguments are checked against) and its entry here.
import * as vscode from 'vscode';
import { appendSeparator, replacementSpans, type InsertMode } from './insertMode';
import type { OffsetRange } from './rangeTracking';

/** The document and what the command captured in it, kept valid while the user typed on. */
export interface Captured {
  readonly document: vscode.TextDocument;
  /** The selections (or cursors) when the command was invoked, as they are now. */
  readonly ranges: readonly OffsetRange[];
  /** Per range: a selection when invoked (not an empty cursor). */
  readonly wasSelection: readonly boolean[];
}

/** Where a mode puts the text: the clipboard, a new document, or these ranges of the captured document (each replaced by the text, `before` put in front of it). */
export type Placement =
  | { readonly kind: 'clipboard' }
  | { readonly kind: 'newDocument' }
  | { readonly kind: 'edit'; readonly ranges: (captured: Captured) => vscode.Range[]; readonly before?: (document: vscode.TextDocument) => string };

export interface InsertModeFace {
  label(): string;
  /** A codicon id. */
  readonly icon: string;
  readonly placement: Placement;
}

const rangeOf =
  (document: vscode.TextDocument) =>
  (span: OffsetRange): vscode.Range =>
    new vscode.Range(document.positionAt(span.start), document.positionAt(span.end));

export const INSERT_MODE_FACES: Readonly<Record<InsertMode, InsertModeFace>> = {
  cursor: {
    label: () => vscode.l10n.t('Insert at cursor'),
    icon: 'insert',
    placement: { kind: 'edit', ranges: ({ document, ranges }) => ranges.map(rangeOf(document)) },
  },
  replaceSelection: {
    label: () => vscode.l10n.t('Replace selection (or line)'),
    icon: 'replace',
    placement: {
      kind: 'edit',
      ranges: ({ document, ranges, wasSelection }) => {
        const lineSpan = (offset: number): OffsetRange => {
          const line = document.lineAt(document.positionAt(offset).line).range;
          return { start: document.offsetAt(line.start), end: document.offsetAt(line.end) };
        };
        return replacementSpans(
          ranges.map((range, index) => ({ ...range, wasSelection: wasSelection[index] === true })),
          lineSpan,
        ).map(rangeOf(document));
      },
    },
  },
  newDocument: {
    label: () => vscode.l10n.t('Open in a new document'),
    icon: 'new-file',
    placement: { kind: 'newDocument' },
  },
  appendToEnd: {
    label: () => vscode.l10n.t('Append to the end of the document'),
    icon: 'fold-down',
    placement: {
      kind: 'edit',
      ranges: ({ document }) => {
        const end = document.positionAt(document.getText().length);
        return [new vscode.Range(end, end)];
      },
      // On a line of its own.
      before: (document) => appendSeparator(document.getText(), document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n'),
    },
  },
  clipboard: {
    label: () => vscode.l10n.t('Copy to the clipboard'),
    icon: 'copy',
    placement: { kind: 'clipboard' },
  },
};
