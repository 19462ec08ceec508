// Tells the extension when this view gets and loses the keyboard, and whether it lost it right
// after a key pressed in it: a workbench shortcut (the Command Palette, Quick Open) took it, and
// VS Code hands it back when that input closes. A command run from there waits for that before it
// shows an input of its own (src/shared/viewKeyboard.ts).
import { KEY_BEFORE_LOSS_MS, type KeyboardReport } from '../../shared/keyboardReport';

export function reportKeyboard(post: (report: KeyboardReport) => void): void {
  let lastKeyAt = Number.NEGATIVE_INFINITY;
  // Capturing: the view's own handlers may stop a key from going further.
  window.addEventListener('keydown', () => (lastKeyAt = performance.now()), true);
  window.addEventListener('focus', () => post({ type: 'keyboard', focused: true, afterKey: false }));
  window.addEventListener('blur', () => post({ type: 'keyboard', focused: false, afterKey: performance.now() - lastKeyAt < KEY_BEFORE_LOSS_MS }));
  post({ type: 'keyboard', focused: document.hasFocus(), afterKey: false });
}
