// The variant lab through the UI, keyboard only: Run over Data… from the palette over the CSV in
// the active editor (two variants, a few cells failing), the results view opening as the results
// arrive, moving through its table, opening a cell's text, comparing two cells in the diff
// editor, Rerun Failed and Export CSV. Every key goes where focus is checked to be.
import { strict as assert } from 'node:assert';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Scenario } from '../harness/e2eRunner';
import { acceptAsIs, acceptDialog, answer, expectQuickInputFocus, openFile, runOverDataWith, showOpenEditor, waitUntil } from './workbench';
import { activeCell, expectWebviewFocus, pressInWebview, resultsWebview, tabToButton, webviewText } from './webviews';

const ROWS = 6;
const DATA = 'data/customers.csv';
const CSV = `name,product\r\n${Array.from({ length: ROWS }, (_, i) => `Customer ${i + 1},Loom ${i + 1}`).join('\r\n')}\r\n`;

export const scenario: Scenario = {
  name: 'runs a gist over a CSV, reads the results by keyboard, compares two cells, reruns failures, exports CSV',
  state: { signedIn: 'gk_demo_ada', files: { [DATA]: CSV }, userSettings: { 'gist.lab.maxRetries': 0 } },
  async run(context) {
    const { page, service } = context;
    await openFile(page, 'customers.csv');
    // Two calls of the short variant fail (no retries): Rerun Failed has something to do.
    service.injectFaults({ path: '/v1/generate/welcome-email/short', status: 500, error: 'Upstream model timed out' }, 2);

    await runOverDataWith(page, 'Welcome e-mail', ['formal', 'short']);
    // The data file is the active editor's; name and product match its columns: samples next.
    await answer(page, '1', /Samples per Cell/);
    await expectQuickInputFocus(page, /Run 12 Calls\?/);
    await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: '6 rows × 2 variants × 1 = 12 calls' }).waitFor({ state: 'visible' });
    await context.screenshot('e2e-lab-summary');
    await acceptAsIs(page, /Run 12 Calls\?/);

    const resultsFile = path.join(context.workspace, 'data', 'customers.welcome-email.gistrun.jsonl');
    await waitUntil('all 12 results on disk', () => existsSync(resultsFile) && readFileSync(resultsFile, 'utf8').split('\n').filter((line) => line.includes('"type":"result"')).length === 12);
    // The view opened as results came in; the list of open editors brings it to the front, focused.
    await showOpenEditor(page, 'customers.welcome-email.gistrun.jsonl');
    const view = await resultsWebview(page);
    await view.locator('.status', { hasText: '6 rows' }).waitFor({ state: 'visible' });
    assert.match(await webviewText(view, '.status'), /2 failed cells/);
    assert.equal(await view.locator('.grid .text.failed').count(), 2, 'the two failed cells show as failed');
    await expectWebviewFocus(page, view, '.grid');
    await context.screenshot('e2e-lab-results');

    context.log('  step: '+'Row 1, the formal column');
    // Row 1, the formal column: the arrows move, Enter opens its whole text beside.
    assert.match(await activeCell(view), /^formal: Dear Customer 1/);
    await pressInWebview(page, view, '.grid', 'ArrowDown');
    assert.match(await activeCell(view), /^formal: Dear Customer 2/);
    await pressInWebview(page, view, '.grid', 'ArrowRight');
    assert.match(await activeCell(view), /^short: /);
    await pressInWebview(page, view, '.grid', 'ArrowLeft');
    await pressInWebview(page, view, '.grid', 'ArrowUp');
    await pressInWebview(page, view, '.grid', 'Enter');
    await page.locator('.tab', { hasText: 'welcome-email · formal · row 1' }).first().waitFor({ state: 'visible' });

    context.log('  step: '+'Back in the view: C on row 1');
    // Back in the view: C on row 1, Down, C on row 2: one variant on two rows, in a diff editor.
    await showOpenEditor(page, 'customers.welcome-email.gistrun.jsonl');
    await expectWebviewFocus(page, view, '.grid');
    await pressInWebview(page, view, '.grid', 'c');
    await pressInWebview(page, view, '.grid', 'ArrowDown');
    await pressInWebview(page, view, '.grid', 'c');
    await page.locator('.tab', { hasText: /formal · row 1 ↔ .*formal · row 2/ }).first().waitFor({ state: 'visible' });
    await page.locator('.monaco-diff-editor').first().waitFor({ state: 'visible' });
    await context.screenshot('e2e-lab-compare');

    context.log('  step: '+'Rerun Failed:');
    // Rerun Failed: Shift+Tab from the table goes back along the toolbar to its button.
    await showOpenEditor(page, 'customers.welcome-email.gistrun.jsonl');
    await expectWebviewFocus(page, view, '.grid');
    await tabToButton(page, view, 'Rerun Failed');
    await page.keyboard.press('Enter');
    await acceptDialog(page, /Rerun the failed and missing cells of customers\.welcome-email\.gistrun\.jsonl\?[\s\S]*2 calls of the gist welcome-email/, /^Run 2 Calls$/);
    await view.locator('.status', { hasText: /^6 rows$/ }).waitFor({ state: 'visible' });
    const lines = readFileSync(resultsFile, 'utf8').split('\n').filter((line) => line.includes('"type":"result"'));
    assert.equal(lines.length, 14, 'the two failed cells ran again: their new lines count');
    // The same rows in the same order, two of them changed: the table shows their new results.
    await waitUntil('the rerun cells shown with their results', async () => (await view.locator('.grid .text.failed').count()) === 0);

    context.log('  step: '+'Export CSV:');
    // Export CSV, a Tab further along the toolbar: the save dialog takes the path; the file has a row per data row.
    await tabToButton(page, view, 'Export CSV', 'Tab');
    await page.keyboard.press('Enter');
    await expectQuickInputFocus(page);
    const exported = path.join(context.workspace, 'data', 'customers.welcome-email.csv');
    // The dialog fills in the proposed path once it has read the folder; a user waits for it too.
    const saveAs = page.locator('.quick-input-widget .quick-input-box input');
    await waitUntil('the proposed file name', async () => /customers\.welcome-email\.csv$/.test(await saveAs.inputValue()));
    await expectQuickInputFocus(page);
    await page.keyboard.press('Enter');
    await waitUntil('the exported CSV', () => existsSync(exported));
    const csv = readFileSync(exported, 'utf8').split('\r\n');
    assert.equal(csv[0], 'row,name,product,formal,short');
    assert.equal(csv.filter((line) => line !== '').length, 1 + ROWS);
    assert.match(csv[1] ?? '', /^1,Customer 1,Loom 1,"Dear Customer 1/);

    context.log('  step: '+'A line appended that changes no row');
    // The view learns of it (its problems list grows) and keeps its rows as drawn: a run's every
    // second used to redraw them all, "…" first, the active cell's node with them.
    const firstRow = view.locator('.grid-row[aria-rowindex="2"]');
    await firstRow.evaluate((node: { setAttribute(name: string, value: string): void }) => node.setAttribute('data-probe', 'kept'));
    appendFileSync(resultsFile, 'not a results line\n');
    await view.locator('.problems li').first().waitFor({ state: 'visible' });
    await view.locator('body').evaluate(() => {
      const frames = globalThis as unknown as { requestAnimationFrame(callback: () => void): number };
      return new Promise<void>((resolve) => frames.requestAnimationFrame(() => frames.requestAnimationFrame(resolve)));
    });
    assert.equal(await view.locator('.grid-row[data-probe="kept"]').count(), 1, 'the rows were not drawn again');
  },
};

/** Presses Shift+Tab (focus checked at each press) until the focused element is the button named `label`. */
