// Tells the extension when this view gets and loses the keyboard, and whether it lost it right
// after a key pressed in it: a workbench shortcut (the Command Palette, Quick Open) took it, and
// VS Code hands it back when that input closes. A command run from there waits for that before it
// shows an input of its own (src/shared/viewKeyboard.ts).
import { KeyboardWatch, type KeyboardReport } from '../../shared/keyboardReport';

export function reportKeyboard(post: (report: KeyboardReport) => void): void {
  const watch = new KeyboardWatch();
  // Capturing: the view's own handlers may stop a key from going further.
  window.addEventListener('keydown', () => watch.key(performance.now()), true);
  window.addEventListener('focus', () => post(watch.focused()));
  window.addEventListener('blur', () => post(watch.lost(performance.now())));
  if (document.hasFocus()) post(watch.focused());
}
