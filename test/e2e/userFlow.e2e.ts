// A user's first session, through the UI only: set the key, generate into a file, find the call
// id in the call log, sign out. Screenshots of each step land in test-results/.
import { strict as assert } from 'node:assert';
import type { Scenario } from '../harness/e2eRunner';
import { answer, openFile, pick, runCommand, statusItem } from './workbench';

export const scenario: Scenario = {
  name: 'set key, generate at the cursor, find the call id, sign out',
  // A first-time user: nothing set, so the key command asks for the service URL first.
  state: { serviceUrl: false },
  async run(context) {
    const { page, service } = context;
    const screenshot = (name: string): Promise<string> => context.screenshot(name);
    await screenshot('e2e-1-workbench');

    // First run: no service URL yet, so the key command asks for it first.
    await runCommand(page, 'Gist: Set API Key…');
    await answer(page, service.url, 'Service URL');
    await answer(page, 'gk_demo_ada', 'Set API Key');
    await statusItem(page, 'Ada Lovelace').waitFor({ state: 'visible' });
    await screenshot('e2e-2-signed-in');

    const editor = await openFile(page, 'notes.txt');
    await page.keyboard.press('Enter');
    await runCommand(page, 'Gist: Generate at Cursor…');
    await pick(page, 'Welcome e-mail', /^Generate at Cursor \(/);
    await pick(page, 'Automatic (traffic allocation)', 'Variant');
    await answer(page, 'Grace', /— name \(/);
    await answer(page, 'the Analytical Engine', /— product \(/);
    await editor.locator('.view-lines', { hasText: 'Grace' }).waitFor({ state: 'visible' });
    const text = (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');
    assert.match(text, /Analytical Engine/);
    await screenshot('e2e-3-generated');

    const call = service.calls().filter((record) => record.path.startsWith('/v1/generate/')).at(-1);
    assert.ok(call?.callId, 'the service recorded the call');
    await runCommand(page, 'Gist: Show Call Log');
    const output = page.locator('.part.panel .monaco-editor .view-lines');
    await output.filter({ hasText: call.callId }).waitFor({ state: 'visible' });
    await screenshot('e2e-4-call-log');

    await runCommand(page, 'Gist: Sign Out');
    await statusItem(page, 'Gist: Sign In').waitFor({ state: 'visible' });
    await screenshot('e2e-5-signed-out');
  },
};
