// Through the UI: a multi-line value typed in "Edit in Editor…" and taken with "Use Text".
import { strict as assert } from 'node:assert';
import type { Scenario } from '../harness/e2eRunner';
import { expectEditorFocus, expectQuickInputFocus, openFile, pick, pressInQuickInput, runCommand } from './workbench';

export const scenario: Scenario = {
  name: 'a multi-line value from Edit in Editor…',
  // Word suggestions off: they are VS Code's, not this scenario's, and their timing raced the
  // keys. The quick-suggest timer fires 10 ms after the last letter: an Escape pressed before it
  // closed nothing, the list then opened, and Enter took a suggestion instead of starting a line
  // ('first linesecond line', seen once in CI on 1.100.3).
  state: { signedIn: 'gk_demo_ada', userSettings: { 'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' }, 'editor.suggestOnTriggerCharacters': false } },
  async run(context) {
    const { page, service } = context;

    const editor = await openFile(page, 'notes.txt');
    await runCommand(page, 'Gist: Generate at Cursor…');
    await pick(page, /^Echo/, /^Generate at Cursor \(/);
    await expectQuickInputFocus(page, /— text \(/);
    await pressInQuickInput(page, 'Control+Alt+E');
    await page.locator('.tab', { hasText: 'text (' }).first().waitFor({ state: 'visible' });
    // The temporary editor has the focus: the user types straight away.
    await expectEditorFocus(page);
    await page.keyboard.type('first line', { delay: 5 });
    await page.keyboard.press('Enter');
    await page.keyboard.type('second line', { delay: 5 });
    await context.screenshot('e2e-edit-in-editor');
    // "Use Text" from the keyboard: its keybinding, Ctrl+Enter, in the value's editor.
    await expectEditorFocus(page);
    await page.keyboard.press('Control+Enter');
    await page.locator('.tab', { hasText: 'text (' }).waitFor({ state: 'detached' });
    const deadline = Date.now() + 10_000;
    while (!service.calls().some((record) => record.path === '/v1/generate/echo/plain') && Date.now() < deadline) {
      await page.waitForTimeout(100);
    }
    const call = service.calls().find((record) => record.path === '/v1/generate/echo/plain');
    assert.deepEqual(call?.body, { values: { text: 'first line\nsecond line' } });
    // The temporary editor is gone; the text lands in notes.txt.
    await editor.locator('.view-lines', { hasText: 'second line' }).waitFor({ state: 'visible' });
    await context.screenshot('e2e-edit-in-editor-inserted');
  },
};
