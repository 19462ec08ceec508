// The workbench loads with the extension, and its commands are in the command palette.
import { strict as assert } from 'node:assert';
import type { Scenario } from '../harness/e2eRunner';
import { expectQuickInputFocus, quickInput } from './workbench';

export const scenario: Scenario = {
  name: 'the workbench loads and the palette lists the Gist commands',
  // A VS Code where the user has set nothing: no service URL, no key, no call yet.
  state: { serviceUrl: false },
  async run(context) {
    const { page } = context;
    await page.keyboard.press('F1');
    await expectQuickInputFocus(page);
    await page.keyboard.type('Gist:', { delay: 10 });
    const rows = page.locator('.quick-input-widget .monaco-list-row', { hasText: /^Gist: / });
    await rows.first().waitFor({ state: 'visible' });
    const labels = await rows.allInnerTexts();
    assert.ok(labels.some((label) => label.startsWith('Gist: Set API Key')), `palette rows: ${labels.join(' | ')}`);
    // With no key and no call yet, the gist.hasApiKey and gist.hasLastCallId context keys hide these.
    for (const hidden of ['Gist: Sign Out', 'Gist: Copy Last Call ID']) {
      assert.ok(!labels.some((label) => label.startsWith(hidden)), `${hidden} is hidden: ${labels.join(' | ')}`);
    }
    await context.screenshot('e2e-palette');
    await page.keyboard.press('Escape');
    await quickInput(page).waitFor({ state: 'hidden' });
  },
};
