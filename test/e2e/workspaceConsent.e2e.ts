// Through the UI: a repository's gist whose default reads `${lineText}` brings up the real modal
// question before anything is sent; Escape sends nothing, Enter on "Send Once" sends the line.
// Keyboard only, and each key goes where focus is asserted to be.
import { strict as assert } from 'node:assert';
import type { Page } from 'playwright-core';
import type { Scenario } from '../harness/e2eRunner';
import { fixtureFile } from '../harness/scenarioState';
import { openFile, runCommand } from './workbench';

const LABEL = 'Echo (repository)';
const FILE = 'consent-line.txt';
const LINE = 'the line the repository wants';
const DIALOG = '.monaco-dialog-box';

/** The element that has keyboard focus, when it is inside `selector`. */
const focusedIn = (page: Page, selector: string) => page.locator(`${selector} :focus`);

/** Runs Generate at Cursor and chooses the repository's gist by typing its name into the focused picker. */
async function generateWithRepositoryGist(page: Page): Promise<void> {
  await runCommand(page, 'Gist: Generate at Cursor…');
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: LABEL }).first().waitFor({ state: 'visible' });
  await focusedIn(page, '.quick-input-widget').waitFor({ state: 'attached' });
  await page.keyboard.type(LABEL, { delay: 5 });
  await page.keyboard.press('Enter');
  await page.locator(DIALOG).waitFor({ state: 'visible' });
  await focusedIn(page, DIALOG).waitFor({ state: 'attached' });
}

/** The repository redefines "echo" in its .vscode/settings.json to read the current line. */
function repositorySettings(): string {
  const settings = JSON.parse(fixtureFile('.vscode/settings.json')) as { 'gist.gists': Array<{ id: string }> };
  settings['gist.gists'] = [
    ...settings['gist.gists'].filter((gist) => gist.id !== 'echo'),
    { id: 'echo', label: LABEL, variant: 'plain', variables: [{ name: 'text', default: 'line: ${lineText}' }] } as { id: string },
  ];
  return JSON.stringify(settings, null, 2);
}

export const scenario: Scenario = {
  name: 'a workspace gist asks before sending editor text',
  state: { signedIn: 'gk_demo_ada', files: { '.vscode/settings.json': repositorySettings(), [FILE]: `${LINE}\n` } },
  async run(context) {
    const { page, service } = context;
    await openFile(page, FILE);
    await page.keyboard.press('Control+Home');
    const echoCalls = () => service.calls().filter((record) => record.path === '/v1/generate/echo/plain');
    const before = echoCalls().length;

    await generateWithRepositoryGist(page);
    const dialog = page.locator(DIALOG);
    assert.ok((await dialog.innerText()).includes(`text ← \${lineText}: “line: ${LINE}”`), await dialog.innerText());
    await context.screenshot('e2e-workspace-consent');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await generateWithRepositoryGist(page);
    assert.equal(echoCalls().length, before, 'Escape sent nothing');
    // The first button, "Send Once", has focus.
    assert.equal(await focusedIn(page, DIALOG).innerText(), 'Send Once');
    await page.keyboard.press('Enter');
    const deadline = Date.now() + 10_000;
    while (echoCalls().length === before && Date.now() < deadline) {
      await page.waitForTimeout(100);
    }
    const calls = echoCalls();
    assert.equal(calls.length, before + 1, 'one call, after Send Once');
    assert.deepEqual(calls.at(-1)?.body, { values: { text: `line: ${LINE}` } });
  },
};
