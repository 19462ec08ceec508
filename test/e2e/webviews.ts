// Driving a webview (the lab's results view) the way a user does: keys go to the page, and land
// in the webview only when keyboard focus is in it, which every helper checks first. A webview is
// two frames deep: the workbench's `iframe.webview`, then its `#active-frame`.
import type { FrameLocator, Page } from 'playwright-core';
import { describeFocus, expectQuickInputFocus, moveToRow } from './workbench';

/** The visible webview editor's document (there is one on screen at a time in these scenarios). */
export function resultsWebview(page: Page): Promise<FrameLocator> {
  return Promise.resolve(page.frameLocator('iframe.webview.ready:visible').frameLocator('iframe#active-frame'));
}

/**
 * Holds back by `ms` the focus VS Code gives the visible webview's page once a quick input over it
 * closes (50 ms later, through a message to the view's outer frame, which then focuses the page's
 * window), as a busy machine can: what lands in between is shown before the view takes the keyboard.
 * Resolves with a wait for that focus to have been given. Lasts until the view's page is made again.
 */
export async function delayViewFocus(page: Page, ms: number): Promise<() => Promise<void>> {
  const installed = await page.evaluate<boolean>(`(() => {
    const shown = [...document.querySelectorAll('iframe.webview.ready')].filter((frame) => frame.getClientRects().length > 0 && getComputedStyle(frame).visibility !== 'hidden');
    const inner = shown.length === 1 ? shown[0].contentWindow.document.querySelector('iframe#active-frame') : null;
    if (inner === null) return false;
    const view = inner.contentWindow;
    const focus = view.focus;
    window.__gistViewFocusGiven = false;
    view.focus = function () {
      setTimeout(() => {
        focus.call(view);
        window.__gistViewFocusGiven = true;
      }, ${ms});
    };
    return true;
  })()`);
  if (!installed) throw new Error('No single webview on screen to hold the focus of');
  return async () => {
    try {
      await page.waitForFunction('window.__gistViewFocusGiven === true', undefined, { timeout: 5_000 });
    } catch {
      throw new Error(`VS Code did not give the view the keyboard back after the quick input closed: something was shown first (focus is in ${await describeFocus(page)})`);
    }
  };
}

/** Asserts keyboard focus is inside the webview, on the element matching `selector`. */
export async function expectWebviewFocus(page: Page, view: FrameLocator, selector: string): Promise<void> {
  const inWebview = `(() => { const a = document.activeElement; return a !== null && a.tagName === 'IFRAME' && a.classList.contains('webview'); })()`;
  try {
    await page.waitForFunction(inWebview, undefined, { timeout: 5_000 });
    await view.locator(`${selector}:focus`).waitFor({ state: 'attached', timeout: 5_000 });
  } catch {
    const inside = (await view.locator(':focus').count()) === 0 ? 'nothing' : String(await view.locator(':focus').evaluate('(element) => element.tagName.toLowerCase() + "." + element.className'));
    throw new Error(`Keyboard focus is not on ${selector} in the webview (the webview's focus: ${inside})`);
  }
}

/** Presses `key` once focus is checked to be on `selector` in the webview. */
export async function pressInWebview(page: Page, view: FrameLocator, selector: string, key: string): Promise<void> {
  await expectWebviewFocus(page, view, selector);
  await page.keyboard.press(key);
}

/** What a screen reader says for the grid's active cell (aria-activedescendant's label). */
export async function activeCell(view: FrameLocator): Promise<string> {
  const id = await view.locator('.grid').getAttribute('aria-activedescendant');
  if (id === null) throw new Error('The grid names no active cell');
  const label = await view.locator(`[id="${id}"]`).getAttribute('aria-label');
  return label ?? (await view.locator(`[id="${id}"]`).innerText());
}

export async function webviewText(view: FrameLocator, selector: string): Promise<string> {
  return view.locator(selector).first().innerText();
}

/** Presses Tab (or Shift+Tab) until the focused element in the webview is the button `label`, reading focus at every press. */
export async function tabToButton(page: Page, view: FrameLocator, label: string, key: 'Tab' | 'Shift+Tab' = 'Shift+Tab'): Promise<void> {
  const heard: string[] = [];
  for (let presses = 0; presses < 12; presses++) {
    // Read without waiting: innerText() would wait its whole timeout for a focused element.
    const focused = (await view.locator(':focus').count()) === 0 ? '(nothing)' : (await view.locator(':focus').innerText()).trim();
    if (focused === label) return;
    heard.push(focused.slice(0, 30));
    await page.keyboard.press(key);
  }
  throw new Error(`${key} did not reach the button “${label}”; focus went through: ${heard.join(' | ')}`);
}

/**
 * After Developer: Reload Window, the results view VS Code restores: the active tab, its webview
 * loaded and its table focused. VS Code hands focus to the restored editor only when its webview has
 * loaded, seconds after the workbench shows; a key pressed before that goes to a palette that the
 * webview then takes focus from, so a user (and this test) waits for the view first.
 */
export async function restoredResultsView(page: Page, name: string): Promise<FrameLocator> {
  await page.locator('.tab.active', { hasText: name }).first().waitFor({ state: 'visible' });
  const view = await resultsWebview(page);
  await view.locator('.grid').waitFor({ state: 'visible' });
  await expectWebviewFocus(page, view, '.grid');
  return view;
}

/** Opens a results file from Quick Open in its results view and waits for the table to have keyboard focus. */
export async function openResultsView(page: Page, name: string): Promise<FrameLocator> {
  await page.keyboard.press('Control+P');
  await expectQuickInputFocus(page);
  await page.keyboard.type(name, { delay: 10 });
  await moveToRow(page, name);
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: name }).first().waitFor({ state: 'visible' });
  const view = await resultsWebview(page);
  await expectWebviewFocus(page, view, '.grid');
  return view;
}
