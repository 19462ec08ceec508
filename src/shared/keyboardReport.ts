// What one of the extension's webviews says of the keyboard: that it got it, or lost it and
// whether right after a key pressed in it. Shared by the webviews' scripts and the extension
// (viewKeyboard.ts). Pure: no imports.

export interface KeyboardReport {
  readonly type: 'keyboard';
  readonly focused: boolean;
  /** On a loss: a key was pressed in the view just before (a workbench shortcut took the keyboard). */
  readonly afterKey: boolean;
}

/** A loss this soon after a key pressed in the view counts as that key's doing. */
export const KEY_BEFORE_LOSS_MS = 500;

/** True for a well-formed report (the message came from a webview). */
export function isKeyboardReport(message: unknown): message is KeyboardReport {
  if (typeof message !== 'object' || message === null) return false;
  const report = message as Record<string, unknown>;
  return report.type === 'keyboard' && typeof report.focused === 'boolean' && typeof report.afterKey === 'boolean';
}
