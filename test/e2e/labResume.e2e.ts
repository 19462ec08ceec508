// A run over data survives the window: Developer: Reload Window in the middle of a run (the
// extension host stops with calls in flight and the file half written), then Resume in the
// results view, which runs only the cells still missing (the web workbench forgot the key with the
// page, so Resume asks for it first). The file ends with every cell exactly once.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Scenario } from '../harness/e2eRunner';
import { acceptAsIs, acceptDialog, answer, followFocus, openFile, reloadWindow, runOverDataWith, showOpenEditor, waitUntil } from './workbench';
import { restoredResultsView, tabToButton } from './webviews';

const ROWS = 40;
const DATA = 'data/people.csv';
const CSV = `name,product\n${Array.from({ length: ROWS }, (_, i) => `Person ${i + 1},Loom`).join('\n')}\n`;
const RESULTS = 'people.welcome-email.gistrun.jsonl';

function resultKeys(file: string): string[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line.includes('"type":"result"'))
    .map((line) => {
      const result = JSON.parse(line) as { row: number; variant: string; sample: number };
      return `${result.row}/${result.variant}/${result.sample}`;
    });
}

export const scenario: Scenario = {
  name: 'a run interrupted by a window reload resumes to every cell exactly once',
  // At most 4 calls at once: a run long enough for the reload to fall in its middle (the engine would find the local service's capacity in a few round trips).
  state: { signedIn: 'gk_demo_ada', files: { [DATA]: CSV }, userSettings: { 'gist.lab.concurrency': 4 } },
  async run(context) {
    const { page, service } = context;
    const resultsFile = path.join(context.workspace, 'data', RESULTS);
    // Slow answers, so the reload falls in the middle of the run.
    service.injectFaults({ path: '/v1/generate', latencyMs: 250 }, 10_000);
    await openFile(page, 'people.csv');
    await runOverDataWith(page, 'Welcome e-mail', ['formal', 'friendly']);
    await answer(page, '1', /Samples per Cell/);
    await acceptAsIs(page, /Run 80 Calls\?/);
    await waitUntil('a few results', () => resultKeys(resultsFile).length >= 10);

    await reloadWindow(page);
    const kept = resultKeys(resultsFile);
    assert.ok(kept.length < ROWS * 2, `the reload stopped the run (${kept.length} results)`);
    service.clearFaults();

    // The results view is back with the window, beside the data file that kept the focus (as before
    // the reload); the list of open editors takes the user to it, and it offers Resume.
    await showOpenEditor(page, RESULTS);
    const view = await restoredResultsView(page, RESULTS);
    await view.locator('.status', { hasText: 'without a result (the run stopped)' }).waitFor({ state: 'visible' });
    await context.screenshot('e2e-lab-resume');
    await tabToButton(page, view, 'Resume');
    await page.keyboard.press('Enter');
    // This web workbench keeps SecretStorage in the page's memory: after the reload the key is asked again.
    const focus = await followFocus(page);
    await answer(page, 'gk_demo_ada', 'Set API Key');
    // The key's input hands the keyboard straight to Resume's question: were it to close first, VS
    // Code would give the view its focus back 50 ms later, over the question (and Enter to the view).
    await page.locator('.monaco-dialog-box :focus').waitFor({ state: 'attached' });
    const trail = await focus.trail();
    assert.deepEqual(trail.slice(trail.indexOf('the quick input')), ['the quick input', 'the dialog'], `the keyboard went ${trail.join(' → ')}`);
    // Resume says how many calls it makes, and to where, before any.
    await acceptDialog(page, new RegExp(`Resume ${RESULTS.replace(/\./g, '\\.')}\\?[\\s\\S]*${ROWS * 2 - kept.length} calls of the gist welcome-email over people\\.csv`), new RegExp(`^Run ${ROWS * 2 - kept.length} Calls$`));
    await waitUntil('every cell', () => resultKeys(resultsFile).length >= ROWS * 2);
    await view.locator('.status', { hasText: /^40 rows$/ }).waitFor({ state: 'visible' });
    const keys = resultKeys(resultsFile);
    assert.equal(keys.length, ROWS * 2, 'no cell twice, none missing');
    assert.equal(new Set(keys).size, ROWS * 2);
  },
};
