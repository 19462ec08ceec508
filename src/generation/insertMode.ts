// Where generated text goes. Pure: no `vscode`, shared by the setting, the picker and arguments.

export const INSERT_MODES = ['cursor', 'replaceSelection', 'newDocument', 'appendToEnd', 'clipboard'] as const;

export type InsertMode = (typeof INSERT_MODES)[number];

export const DEFAULT_INSERT_MODE: InsertMode = 'cursor';

export function isInsertMode(value: unknown): value is InsertMode {
  return typeof value === 'string' && (INSERT_MODES as readonly string[]).includes(value);
}

/** A setting or argument value, falling back to the default for anything unknown. */
export function insertModeOr(value: unknown, fallback: InsertMode = DEFAULT_INSERT_MODE): InsertMode {
  return isInsertMode(value) ? value : fallback;
}

export interface OffsetSpan {
  readonly start: number;
  readonly end: number;
}

/** A tracked range, and whether it was a selection (not an empty cursor) when the command was invoked. */
export interface CapturedSpan extends OffsetSpan {
  readonly wasSelection: boolean;
}

/**
 * The spans `replaceSelection` replaces: each selection, or the whole line of an empty cursor
 * (the line `${lineText}` refers to). `lineSpan` gives the span of the line holding an offset.
 * A selection the user typed over or deleted meanwhile has collapsed: its text is gone, so the
 * content goes in at that point, never over the line around it.
 */
export function replacementSpans(captured: readonly CapturedSpan[], lineSpan: (offset: number) => OffsetSpan): OffsetSpan[] {
  const spans = captured.map(({ start, end, wasSelection }) => (wasSelection ? { start, end } : lineSpan(start)));
  // Two cursors on one line would replace it twice; keep one span per distinct range.
  return spans.filter((span, index) => spans.findIndex((other) => other.start === span.start && other.end === span.end) === index);
}

/** What to insert at the end of a document so the text starts on a line of its own. */
export function appendSeparator(documentText: string, eol: string): string {
  return documentText === '' || documentText.endsWith('\n') ? '' : eol;
}
