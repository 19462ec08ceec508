// Driving the VS Code workbench the way a user does: keyboard, command palette, status bar.
import type { Locator, Page } from 'playwright-core';

const QUICK_INPUT = '.quick-input-widget';

export async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
  await page.locator('#workbench\\.parts\\.statusbar').waitFor({ state: 'visible', timeout: 60_000 });
  // The extension's status bar item appears once it has activated and its commands exist.
  await statusItem(page, /Gist|Lovelace/).first().waitFor({ state: 'visible', timeout: 60_000 });
}

export function statusItem(page: Page, text: string | RegExp): Locator {
  return page.locator('#workbench\\.parts\\.statusbar .statusbar-item', { hasText: text });
}

export function quickInput(page: Page): Locator {
  return page.locator(`${QUICK_INPUT} .quick-input-box input`);
}

/** True when keyboard focus is in the quick input's text box (a string expression: no DOM types here). */
const FOCUS_IN_QUICK_INPUT = `(() => { const active = document.activeElement; return active !== null && active.closest('${QUICK_INPUT} .quick-input-box') !== null; })()`;

/** Where keyboard focus is, for failure messages: the focused element's tag and classes. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate<string>(
    `(() => { const a = document.activeElement; return a === null ? 'nothing' : a.tagName.toLowerCase() + '.' + String(a.className).split(' ').join('.') + (a.closest('${QUICK_INPUT}') ? ' (in the quick input)' : a.closest('.monaco-editor') ? ' (in an editor)' : ''); })()`,
  );
}

/**
 * Waits for the quick input titled `title` (any, when omitted) and asserts that keyboard focus is
 * in its text box, as a user would see it before typing.
 */
export async function expectQuickInputFocus(page: Page, title?: string | RegExp): Promise<void> {
  const widget = page.locator(QUICK_INPUT);
  await widget.waitFor({ state: 'visible' });
  if (title !== undefined) {
    await widget.locator('.quick-input-title', { hasText: title }).waitFor({ state: 'visible' });
  }
  // Checked once the title shows, without waiting: a user starts typing as soon as they see it.
  if (!(await page.evaluate<boolean>(FOCUS_IN_QUICK_INPUT))) {
    const shown = await widget.locator('.quick-input-title').innerText().catch(() => '?');
    throw new Error(`The quick input “${shown}” is shown but keyboard focus is in ${await describeFocus(page)}`);
  }
}

/** Asserts keyboard focus is in a text editor (the document a user is typing into). */
export async function expectEditorFocus(page: Page): Promise<void> {
  const inEditor = `(() => { const a = document.activeElement; return a !== null && a.closest('.editor-group-container .monaco-editor') !== null; })()`;
  try {
    await page.waitForFunction(inEditor, undefined, { timeout: 5_000 });
  } catch {
    throw new Error(`Keyboard focus is not in an editor but in ${await describeFocus(page)}`);
  }
}

/** Clears what the focused input holds, with the keyboard. */
async function clearFocusedInput(page: Page): Promise<void> {
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
}

/** Checks focus is in the quick input showing `title`, replaces its text by typing `text`, presses Enter. */
export async function answer(page: Page, text: string, title?: string | RegExp): Promise<void> {
  await expectQuickInputFocus(page, title);
  await clearFocusedInput(page);
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Checks focus, then accepts the quick input as it is (its prefill) with Enter. */
export async function acceptAsIs(page: Page, title?: string | RegExp): Promise<void> {
  await expectQuickInputFocus(page, title);
  await page.keyboard.press('Enter');
}

/** What holds the keyboard, in words: the quick input, a modal dialog, a webview, or the element. */
const FOCUS_HOLDER = `(() => {
  const active = document.activeElement;
  if (active === null || active === document.body) return 'nothing';
  if (active.closest('${QUICK_INPUT}') !== null) return 'the quick input';
  if (active.closest('.monaco-dialog-box') !== null) return 'the dialog';
  if (active.tagName === 'IFRAME' && active.classList.contains('webview')) return 'a webview';
  return active.tagName.toLowerCase() + (active.className ? '.' + String(active.className).split(' ').join('.') : '');
})()`;

/**
 * Starts following what holds the keyboard, frame by frame and at every focus change; `trail()`
 * stops and gives each holder in turn (repeats folded). For a hand-over that must keep the
 * keyboard from one input to the next, whatever the timing: a trail through the editor or a
 * webview means a key pressed in that moment went there.
 */
export async function followFocus(page: Page): Promise<{ trail(): Promise<string[]> }> {
  await page.evaluate(`(() => {
    const trail = [];
    const note = () => { const holder = ${FOCUS_HOLDER}; if (trail[trail.length - 1] !== holder) trail.push(holder); };
    const state = { trail, following: true };
    const frame = () => { if (!state.following) return; note(); requestAnimationFrame(frame); };
    document.addEventListener('focusin', note, true);
    document.addEventListener('focusout', () => setTimeout(note, 0), true);
    state.stop = () => { state.following = false; document.removeEventListener('focusin', note, true); note(); return trail; };
    window.__gistFocusTrail = state;
    frame();
  })()`);
  return { trail: () => page.evaluate<string[]>(`window.__gistFocusTrail.stop()`) };
}

/** How long a modal is watched for keeping the keyboard: past VS Code's deferred focus of a webview editor (50 ms after a quick input closes) and its message to the view's frame. */
const DIALOG_FOCUS_WATCH_MS = 400;

/**
 * Checks that the keyboard is in the modal dialog on screen and stays there: a modal opened just
 * after a quick input closed over a webview editor lost it to the view 50–70 ms later (VS Code
 * focuses the view again after the input), and Enter then went to the view.
 */
export async function expectDialogKeepsFocus(page: Page): Promise<void> {
  // Run in the page (a string: this project's tests are not compiled against the DOM): the first
  // animation frame at which focus is outside the dialog, or null after the watch.
  const left = await page.evaluate<string | null>(`new Promise((resolve) => {
    const started = performance.now();
    const look = () => {
      const holder = ${FOCUS_HOLDER};
      if (holder !== 'the dialog') {
        resolve(holder + ' after ' + Math.round(performance.now() - started) + ' ms');
      } else if (performance.now() - started > ${DIALOG_FOCUS_WATCH_MS}) {
        resolve(null);
      } else {
        requestAnimationFrame(look);
      }
    };
    look();
  })`);
  if (left !== null) throw new Error(`the modal dialog is shown but keyboard focus is in ${left}`);
}

/**
 * A modal dialog answered by keyboard: once it shows and says `text`, checks that focus is on the
 * button named `button` (VS Code focuses the first) and stays in the dialog, and presses Enter.
 */
export async function acceptDialog(page: Page, text: RegExp, button: RegExp): Promise<void> {
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible' });
  const said = await dialog.innerText();
  if (!text.test(said)) throw new Error(`the dialog says ${JSON.stringify(said)}, not ${String(text)}`);
  const focused = page.locator('.monaco-dialog-box :focus');
  await focused.waitFor({ state: 'attached' });
  await expectDialogKeepsFocus(page);
  const label = (await focused.innerText()).trim();
  if (!button.test(label)) throw new Error(`focus is on ${JSON.stringify(label)} in the dialog, not on ${String(button)}`);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

/** The label of the row the keyboard is on (what Enter picks). */
function activeRow(page: Page): Locator {
  return page.locator(`${QUICK_INPUT} .monaco-list-row.focused`);
}

/**
 * Picks a quick pick row as a user does: types `filter` (by default the label) to narrow the list,
 * moves down to the row whose label contains `label` if it is not the active one, presses Enter.
 */
export async function pick(page: Page, label: string | RegExp, title?: string | RegExp, filter?: string): Promise<void> {
  await expectQuickInputFocus(page, title);
  await clearFocusedInput(page);
  await page.keyboard.type(filter ?? (typeof label === 'string' ? label : label.source.replace(/[\^$]/g, '')), { delay: 5 });
  await moveToRow(page, label);
  await page.keyboard.press('Enter');
}

/** Presses Down until the active row holds `label` (a few rows at most). */
export async function moveToRow(page: Page, label: string | RegExp): Promise<void> {
  await page.locator(`${QUICK_INPUT} .monaco-list-row`, { hasText: label }).first().waitFor({ state: 'visible' });
  for (let presses = 0; presses < 10; presses++) {
    // No active row yet (a multi-select list starts with none): Down makes the first one active.
    // Read without waiting: innerText() would wait 30 s for a row that is not there.
    const text = (await activeRow(page).count()) === 0 ? '' : await activeRow(page).innerText();
    if (typeof label === 'string' ? text.includes(label) : label.test(text)) {
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`No quick pick row “${String(label)}” became active`);
}

/** True when keyboard focus is anywhere in the quick input (its box, list or title buttons). */
const FOCUS_IN_WIDGET = `(() => { const a = document.activeElement; return a !== null && a.closest('${QUICK_INPUT}') !== null; })()`;

/**
 * Presses a key while the quick input titled `title` has focus. Title-bar buttons are reached this
 * way (VS Code leaves them out of the Tab order): Back is Ctrl+Alt+-, ours have their own keys.
 */
export async function pressInQuickInput(page: Page, key: string, title?: string | RegExp): Promise<void> {
  await expectQuickInputFocus(page, title);
  await page.keyboard.press(key);
}

/**
 * Toggles the checkbox of a multi-select row as a user does: Down into the list to that row,
 * Space. Waits until the widget counts `expectedCount` picked rows.
 */
export async function toggleRow(page: Page, label: string | RegExp, expectedCount: number): Promise<void> {
  if (!(await page.evaluate<boolean>(FOCUS_IN_WIDGET))) {
    throw new Error(`A row is to be toggled but keyboard focus is in ${await describeFocus(page)}`);
  }
  await moveToRow(page, label);
  await page.keyboard.press('Space');
  await page.locator(QUICK_INPUT).getByText(`${expectedCount} Selected`).waitFor({ state: 'visible' });
}

/**
 * Gist: Run over Data… from the palette through its first two steps, as a user goes: the gist
 * picked, then each of `variants` checked in turn, Enter.
 */
export async function runOverDataWith(page: Page, gistLabel: string, variants: readonly string[]): Promise<void> {
  await runCommand(page, 'Gist: Run over Data…');
  await pick(page, gistLabel, /^Run over Data \(1\//);
  await expectQuickInputFocus(page, /Variants \(2\//);
  for (const [index, variant] of variants.entries()) {
    await toggleRow(page, variant, index + 1);
  }
  await page.keyboard.press('Enter');
}

/** Where focus is in the status bar: null outside it, else the focused item's accessible name ('' for none). */
const FOCUS_IN_STATUS_BAR = `(() => { const a = document.activeElement; if (a === null || a.closest('[id="workbench.parts.statusbar"]') === null) { return null; } const item = a.closest('.statusbar-item'); const named = item === null ? null : (a.getAttribute('aria-label') !== null ? a : item.querySelector('[aria-label]')); return named === null ? '' : String(named.getAttribute('aria-label')); })()`;

/**
 * With focus in the status bar (View: Focus Status Bar), presses the Right arrow until the focused
 * item's accessible name, which a screen reader reads out, contains `name`. Focus is checked at every step.
 */
export async function focusStatusItem(page: Page, name: string): Promise<void> {
  const heard: string[] = [];
  for (let presses = 0; presses < 40; presses++) {
    const label = await page.evaluate<string | null>(FOCUS_IN_STATUS_BAR);
    if (label === null) {
      throw new Error(`Keyboard focus is not in the status bar but in ${await describeFocus(page)}`);
    }
    if (label.includes(name)) {
      return;
    }
    heard.push(label);
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`No status bar item named “${name}” took focus; heard: ${heard.join(' | ')}`);
}

/** Runs a command from the palette (F1) by its full title, e.g. "Gist: Sign Out". */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  await expectQuickInputFocus(page);
  // The palette does not match on a trailing ellipsis, so it is typed without one.
  const typed = title.replace(/…$/, '');
  // F1 opens the palette with '>' typed; anything else in it is replaced by typing.
  await clearFocusedInput(page);
  await page.keyboard.type(`>${typed}`, { delay: 10 });
  await moveToRow(page, typed);
  await page.keyboard.press('Enter');
}

/**
 * Developer: Reload Window, then the new page's workbench. The old page keeps showing the status
 * bar item until it unloads, so waiting for the workbench alone can return on the old page and the
 * next key is lost with it: the new page's load is awaited first.
 */
export async function reloadWindow(page: Page): Promise<void> {
  const loaded = page.waitForEvent('load', { timeout: 60_000 });
  await runCommand(page, 'Developer: Reload Window');
  await loaded;
  await waitForWorkbench(page);
}

/** Opens a workspace file with Quick Open and puts the cursor at its end. */
export async function openFile(page: Page, name: string): Promise<Locator> {
  await page.keyboard.press('Control+P');
  await expectQuickInputFocus(page);
  await page.keyboard.type(name, { delay: 10 });
  await moveToRow(page, name);
  await page.keyboard.press('Enter');
  const editor = page.locator('.editor-group-container .monaco-editor', { has: page.locator('.view-lines') }).first();
  await page.locator('.tab', { hasText: name }).first().waitFor({ state: 'visible' });
  await expectEditorFocus(page);
  await page.keyboard.press('Control+End');
  return editor;
}

/**
 * Brings an open editor to the front and gives it focus through the list of open editors (View:
 * Show All Editors By Most Recently Used), not Quick Open: a file created during the scenario may
 * not be in Quick Open's file list yet.
 */
export async function showOpenEditor(page: Page, name: string): Promise<void> {
  await runCommand(page, 'View: Show All Editors By Most Recently Used');
  await expectQuickInputFocus(page);
  await page.keyboard.type(name, { delay: 10 });
  await moveToRow(page, name);
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: name }).first().waitFor({ state: 'visible' });
}

/**
 * Signs in through the palette with a demo key, entering the service URL first when VS Code asks
 * for it (when the scenario's state has none in the user settings). The harness does this before
 * a scenario whose state is signed in; the user flow does it itself, as a first-time user.
 */
export async function signInThroughUi(page: Page, serviceUrl: string, key = 'gk_demo_ada', user = 'Ada Lovelace'): Promise<void> {
  await runCommand(page, 'Gist: Set API Key…');
  const title = page.locator(`${QUICK_INPUT} .quick-input-title`);
  await title.waitFor({ state: 'visible' });
  if ((await title.innerText()).includes('Service URL')) {
    await answer(page, serviceUrl, 'Service URL');
  }
  await answer(page, key, 'Set API Key');
  await statusItem(page, user).waitFor({ state: 'visible' });
}

/** Polls `check` (on disk, in the service's record) until it holds; the message names what was awaited. */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
