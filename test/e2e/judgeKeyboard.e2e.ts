// Judge with a Language Model from the keyboard, over the results view: the palette, the model
// picked in its quick pick (the test-only "Test Judge" that test/fixtures/languageModelProvider
// provides, loaded by the harness beside Gist Generate), the instruction taken as it is, and the
// consent modal closed with Escape: nothing is sent, no votes file is written, and the keyboard is
// back on the results table. The judge's input shows before it reads the results file: shown after,
// it could land in the moment VS Code gives the webview its deferred focus and lose the keyboard to
// it. VS Code 1.100 lets no extension provide a model: there the judge says that no model is
// available, and the keyboard is back on the table too.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { Scenario } from '../harness/e2eRunner';
import { votesFileName } from '../../src/review/votesFileName';
import { resultsHeaderOf } from '../fixtures/resultsHeader';
import { expectWebviewFocus, openResultsView } from './webviews';
import { expectDialogKeepsFocus, followFocus, pick, runCommand } from './workbench';

const ROWS = 4;
const RESULTS = 'people.welcome-email.gistrun.jsonl';
const TITLE = /Judge with a Language Model/;

function resultsFile(): string {
  const header = resultsHeaderOf({ profile: 'Default', host: '127.0.0.1' }, ROWS);
  const lines = [JSON.stringify(header)];
  for (let row = 1; row <= ROWS; row++) {
    for (const [variant, content] of [
      ['formal', `Dear Person ${row}, welcome.`],
      ['friendly', `Hi Person ${row}! Great to have you here.`],
    ] as const) {
      lines.push(JSON.stringify({ type: 'result', row, line: row + 1, values: { name: `Person ${row}` }, variant, sample: 1, callId: `call-${row}-${variant}`, content, length: content.length, error: null, attempts: 1, latencyMs: 100 + row, finishedAt: '2026-11-24T10:00:01.000Z' }));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Whether this VS Code lets an extension provide a chat model (vscode.lm.registerLanguageModelChatProvider came after 1.100). */
function offersModelProviders(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 1 || minor > 100;
}

export const scenario: Scenario = {
  name: 'judge by keyboard over the results view: pick the model, take the instruction, Escape at the consent sends nothing',
  state: { signedIn: 'gk_demo_ada', files: { [`data/${RESULTS}`]: resultsFile() } },
  async run(context) {
    const { page } = context;
    const view = await openResultsView(page, RESULTS);
    await runCommand(page, 'Gist: Judge with a Language Model…');

    if (!offersModelProviders(context.vscodeVersion)) {
      await page.locator('.notifications-toasts', { hasText: 'No language model is available for judging' }).first().waitFor({ state: 'visible' });
      await expectWebviewFocus(page, view, '.grid');
      return;
    }

    await pick(page, 'Test Judge', TITLE);
    const focus = await followFocus(page);
    await pick(page, 'Judge with This Instruction', TITLE, 'Judge with This');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible' });
    // The flow's last input hands the keyboard straight to the consent (never back to the view).
    await page.locator('.monaco-dialog-box :focus').waitFor({ state: 'attached' });
    const trail = await focus.trail();
    if (trail.join(' → ') !== 'the quick input → the dialog') throw new Error(`the keyboard went ${trail.join(' → ')}`);
    const said = await dialog.innerText();
    if (!/Test Judge/.test(said) || !/4 pairs/.test(said)) throw new Error(`the consent says ${JSON.stringify(said)}`);
    // The modal holds the keyboard (past the moment VS Code focuses the view again): Escape is its Cancel.
    await expectDialogKeepsFocus(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectWebviewFocus(page, view, '.grid');
    const votes = path.join(context.workspace, 'data', votesFileName(RESULTS, 'Test Judge', 'judge'));
    if (existsSync(votes)) throw new Error(`${path.basename(votes)} was written after the consent was cancelled`);
  },
};
