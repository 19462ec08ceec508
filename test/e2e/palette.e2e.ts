// The workbench loads with the extension, and its commands are in the command palette.
import { strict as assert } from 'node:assert';
import type { Scenario } from '../harness/e2eRunner';
import { expectQuickInputFocus, quickInput, waitForWorkbench } from './workbench';

export const scenario: Scenario = {
  name: 'the workbench loads and the palette lists the Gist commands',
  async run(context) {
    const { page } = context;
    await waitForWorkbench(page);
    await page.keyboard.press('F1');
    await expectQuickInputFocus(page);
    await page.keyboard.type('Gist:', { delay: 10 });
    const rows = page.locator('.quick-input-widget .monaco-list-row', { hasText: /^Gist: / });
    await rows.first().waitFor({ state: 'visible' });
    const labels = await rows.allInnerTexts();
    assert.ok(labels.some((label) => label.startsWith('Gist: Set API Key')), `palette rows: ${labels.join(' | ')}`);
    // This scenario runs first, on a fresh VS Code with no key and no call yet: the gist.signedIn
    // and gist.hasLastCallId context keys hide these (the user flow runs Sign Out once signed in).
    for (const hidden of ['Gist: Sign Out', 'Gist: Copy Last Call ID']) {
      assert.ok(!labels.some((label) => label.startsWith(hidden)), `${hidden} is hidden: ${labels.join(' | ')}`);
    }
    await context.screenshot('e2e-palette');
    await page.keyboard.press('Escape');
    await quickInput(page).waitFor({ state: 'hidden' });
  },
};
