// Through the UI: the insert mode button in the gist picker, and Compare Variants with two
// variants picked in the multi-select list, ending in a diff.
import { strict as assert } from 'node:assert';
import type { Scenario } from '../harness/e2eRunner';
import { answer, expectQuickInputFocus, openFile, pick, pressInQuickInput, runCommand, toggleRow } from './workbench';

export const scenario: Scenario = {
  name: 'insert mode button, then Compare Variants side by side',
  state: { signedIn: 'gk_demo_ada' },
  async run(context) {
    const { page, service } = context;

    const editor = await openFile(page, 'draft.md');
    const before = await editor.locator('.view-lines').innerText();
    await runCommand(page, 'Gist: Generate at Cursor…');
    await expectQuickInputFocus(page, /^Generate at Cursor \(/);
    await pressInQuickInput(page, 'Control+Alt+M');
    await pick(page, 'Copy to the clipboard', 'this call only');
    await pick(page, 'Commit message', /^Generate at Cursor \(/);
    await answer(page, 'tidy up', 'summary');
    const call = await waitFor(() => service.calls().find((record) => record.path === '/v1/generate/commit-message/default'));
    assert.ok(call.callId);
    const clipboard = await waitFor(async () => {
      // A string expression: the test code is compiled without DOM types.
      const text = await page.evaluate<string>('navigator.clipboard.readText()');
      return text.startsWith('chore: tidy up') ? text : undefined;
    });
    assert.match(clipboard, /Generated with Gist Generate/);
    assert.equal(await editor.locator('.view-lines').innerText(), before, 'the clipboard mode leaves the document alone');
    await context.screenshot('e2e-insert-mode-clipboard');

    await runCommand(page, 'Gist: Compare Variants…');
    await pick(page, 'Welcome e-mail', /^Compare Variants \(1\//);
    await expectQuickInputFocus(page, /Variants to Compare \(2\//);
    await toggleRow(page, 'formal', 1);
    await toggleRow(page, 'short', 2);
    await page.keyboard.press('Enter');
    // Back from the first value: both variants are still picked.
    await pressInQuickInput(page, 'Control+Alt+Minus', /— name \(3\/4\)/);
    await expectQuickInputFocus(page, /Variants to Compare \(2\//);
    await page.locator('.quick-input-widget').getByText('2 Selected').waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
    await answer(page, 'Grace', /— name \(3\/4\)/);
    await answer(page, 'the Loom', /— product \(4\/4\)/);
    await page.locator('.monaco-diff-editor').first().waitFor({ state: 'visible' });
    await page.locator('.tab', { hasText: /formal · / }).first().waitFor({ state: 'visible' });
    const variants = service
      .calls()
      .filter((record) => record.path.startsWith('/v1/generate/welcome-email/'))
      .map((record) => record.path)
      .sort();
    assert.deepEqual(variants, ['/v1/generate/welcome-email/formal', '/v1/generate/welcome-email/short']);
    await context.screenshot('e2e-compare-variants');
  },
};

async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error('timed out');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
