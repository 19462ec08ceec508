// The status bar item as a keyboard user reaches it: View: Focus Status Bar, the arrows to the
// item (its accessible name is the signed-in user's), Enter. Its menu opens with focus in it, and
// Generate at Cursor… from there puts the text where the cursor was in the editor.
import { strict as assert } from 'node:assert';
import type { Scenario } from '../harness/e2eRunner';
import { answer, expectEditorFocus, focusStatusItem, pick, runCommand } from './workbench';

export const scenario: Scenario = {
  name: 'the status bar item by keyboard opens its menu, and Generate from it inserts at the cursor',
  state: { signedIn: 'gk_demo_ada' },
  async run(context) {
    const { page, service } = context;
    // A new document: what the user types in it, the generated text follows.
    await runCommand(page, 'File: New Untitled Text File');
    await expectEditorFocus(page);
    await page.keyboard.type('Dear reader,', { delay: 5 });
    await page.keyboard.press('Enter');
    const editor = page.locator('.editor-group-container .monaco-editor', { has: page.locator('.view-lines', { hasText: 'Dear reader,' }) }).first();
    service.clearCalls();

    await runCommand(page, 'View: Focus Status Bar');
    await focusStatusItem(page, 'Ada Lovelace');
    await page.keyboard.press('Enter');
    // The menu is titled with the user's name; its first row is Generate at Cursor….
    await pick(page, 'Generate at Cursor…', 'Ada Lovelace', 'Generate');
    await pick(page, 'Welcome e-mail', /Generate at Cursor/);
    await pick(page, 'formal', /Variant/);
    await answer(page, 'Barbara', /name/);
    await answer(page, 'the Status Bar', /product/);
    await editor.locator('.view-lines', { hasText: 'the Status Bar' }).first().waitFor({ state: 'visible' });
    const call = service.calls().find((record) => record.path === '/v1/generate/welcome-email/formal');
    assert.deepEqual(call?.body, { values: { name: 'Barbara', product: 'the Status Bar' } });
    assert.match((await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' '), /^Dear reader,\s+\S/, 'the text went in after the line typed');
    await context.screenshot('e2e-status-bar-menu');
  },
};
