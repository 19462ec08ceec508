// A user keeps typing in their editor while a run over data starts: the run's results view opens
// beside that editor without taking focus, and every key lands in the editor. Opened in the
// editor's own group, the view covered it and the keys went to the page's body, lost.
import { strict as assert } from 'node:assert';
import type { Scenario } from '../harness/e2eRunner';
import { acceptAsIs, answer, expectEditorFocus, openFile, pick, runOverDataWith, waitUntil } from './workbench';

const ROWS = 6;
const DATA = 'data/customers.csv';
const CSV = `name,product\r\n${Array.from({ length: ROWS }, (_, i) => `Customer ${i + 1},Loom ${i + 1}`).join('\r\n')}\r\n`;
const RESULTS_TAB = 'customers.welcome-email.gistrun.jsonl';
/** Typed a key at a time, focus checked before each, from Run until well after the first results. */
const TYPED = 'typing on while the run goes';

export const scenario: Scenario = {
  name: 'typing goes on in the editor while a run over data opens its results beside it',
  state: { signedIn: 'gk_demo_ada', files: { [DATA]: CSV, 'notes.txt': 'notes\n' }, userSettings: { 'gist.lab.concurrency': 4 } },
  async run(context) {
    const { page, service } = context;
    const editor = await openFile(page, 'notes.txt');
    // The run's 12 calls answer 250 ms late, 4 at a time: the first results (and the view) come while the user types.
    service.injectFaults({ path: '/v1/generate/welcome-email', latencyMs: 250 }, 2 * ROWS);

    await runOverDataWith(page, 'Welcome e-mail', ['formal', 'short']);
    await pick(page, 'customers.csv', /Data File/);
    await answer(page, '1', /Samples per Cell/);
    await acceptAsIs(page, /Run 12 Calls\?/);

    const resultsTab = page.locator('.tab', { hasText: RESULTS_TAB });
    for (const key of TYPED) {
      await expectEditorFocus(page);
      await page.keyboard.type(key);
      await page.waitForTimeout(40);
    }
    await resultsTab.first().waitFor({ state: 'visible' });
    await expectEditorFocus(page);
    // Beside: two groups, the user's editor still the active tab of its own and still focused.
    assert.equal(await page.locator('.editor-group-container').count(), 2, 'the results view opened in a group of its own');
    await page.locator('.tab.active', { hasText: 'notes.txt' }).first().waitFor({ state: 'visible' });
    // openFile put the cursor at the end, on the line after `notes`.
    await waitUntil('every key typed in notes.txt', async () => (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ').split('\n').includes(TYPED));
  },
};
