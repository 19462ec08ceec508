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

/** Waits for the quick input to show `title` (or any, when omitted), types `text` and presses Enter. */
export async function answer(page: Page, text: string, title?: string | RegExp): Promise<void> {
  const widget = page.locator(QUICK_INPUT);
  await widget.waitFor({ state: 'visible' });
  if (title !== undefined) {
    await widget.locator('.quick-input-title', { hasText: title }).waitFor({ state: 'visible' });
  }
  await quickInput(page).fill('');
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Picks the first quick pick row whose label contains `label`. */
export async function pick(page: Page, label: string | RegExp, title?: string | RegExp): Promise<void> {
  const widget = page.locator(QUICK_INPUT);
  await widget.waitFor({ state: 'visible' });
  if (title !== undefined) {
    await widget.locator('.quick-input-title', { hasText: title }).waitFor({ state: 'visible' });
  }
  await widget.locator('.monaco-list-row', { hasText: label }).first().click();
}

/** Runs a command from the palette (F1) by its full title, e.g. "Gist: Sign Out". */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  await quickInput(page).waitFor({ state: 'visible' });
  // The palette does not match on a trailing ellipsis, so it is typed without one.
  const typed = title.replace(/…$/, '');
  // Typed key by key: the palette filters on keyboard input.
  await quickInput(page).fill('>');
  await page.keyboard.type(typed, { delay: 10 });
  await page.locator(`${QUICK_INPUT} .monaco-list-row`, { hasText: typed }).first().waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
}

/** Opens a workspace file with Quick Open and puts the cursor at its end. */
export async function openFile(page: Page, name: string): Promise<Locator> {
  await page.keyboard.press('Control+P');
  await quickInput(page).waitFor({ state: 'visible' });
  await page.keyboard.type(name, { delay: 10 });
  await page.locator(`${QUICK_INPUT} .monaco-list-row`, { hasText: name }).first().waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  const editor = page.locator('.editor-group-container .monaco-editor', { has: page.locator('.view-lines') }).first();
  await page.locator('.tab', { hasText: name }).first().waitFor({ state: 'visible' });
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+End');
  return editor;
}

/**
 * Signs in through the palette with the demo key, entering the service URL first when VS Code
 * asks for it (after the user flow it is set and the user signed out; a scenario run alone has neither).
 */
export async function signInThroughUi(page: Page, serviceUrl: string): Promise<void> {
  await runCommand(page, 'Gist: Set API Key…');
  const title = page.locator(`${QUICK_INPUT} .quick-input-title`);
  await title.waitFor({ state: 'visible' });
  if ((await title.innerText()).includes('Service URL')) {
    await answer(page, serviceUrl, 'Service URL');
  }
  await answer(page, 'gk_demo_ada', 'Set API Key');
  await statusItem(page, 'Ada Lovelace').waitFor({ state: 'visible' });
}
