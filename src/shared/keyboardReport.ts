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

/** The view's side: the keys pressed in it and its focus, turned into reports. */
export class KeyboardWatch {
  private lastKeyAt = Number.NEGATIVE_INFINITY;

  key(now: number): void {
    this.lastKeyAt = now;
  }

  focused(): KeyboardReport {
    // Keys from before count no more: a loss after this is not theirs (an input shown over the view, say).
    this.lastKeyAt = Number.NEGATIVE_INFINITY;
    return { type: 'keyboard', focused: true, afterKey: false };
  }

  lost(now: number): KeyboardReport {
    return { type: 'keyboard', focused: false, afterKey: now - this.lastKeyAt < KEY_BEFORE_LOSS_MS };
  }
}

/** True for a well-formed report (the message came from a webview). */
export function isKeyboardReport(message: unknown): message is KeyboardReport {
  if (typeof message !== 'object' || message === null) return false;
  const report = message as Record<string, unknown>;
  return report.type === 'keyboard' && typeof report.focused === 'boolean' && typeof report.afterKey === 'boolean';
}
