// Checks in the Testing view, keyboard only: the view shown from the palette finds the test file,
// a test expanded with the arrow keys shows its variant (made only then), the file's tests run
// from the palette (Test: Run Tests in Current File), one fails, and its message opens at the
// failing assertion's line (Test: Go to Next Test Failure) with expected and actual. Every key goes
// where focus is checked to be.
import { strict as assert } from 'node:assert';
import type { Scenario } from '../harness/e2eRunner';
import { describeFocus, expectEditorFocus, openFile, runCommand, waitUntil } from './workbench';

const FILE = 'checks/echo.gisttest.json';
const TEXT = [
  '{',
  '  "gist": "echo",',
  '  "tests": [',
  '    { "description": "greets", "vars": { "text": "Hello Ada" }, "assert": [{ "type": "starts-with", "value": "Hello" }] },',
  '    { "description": "says goodbye", "vars": { "text": "Goodbye" }, "assert": [',
  '      { "type": "contains", "value": "Good" },',
  '      { "type": "equals", "value": "Hello" }',
  '    ] }',
  '  ]',
  '}',
  '',
].join('\n');

export const scenario: Scenario = {
  name: 'runs a test file’s checks from the Testing view, sees one fail and opens its message',
  state: { signedIn: 'gk_demo_ada', files: { [FILE]: TEXT } },
  async run(context) {
    const { page, service } = context;
    // The Testing view, from the palette: it finds the test file when it is first shown.
    await runCommand(page, 'View: Show Testing');
    const tree = page.locator('.test-explorer');
    await tree.locator('.monaco-list-row', { hasText: 'echo.gisttest.json' }).first().waitFor({ state: 'visible' });
    context.log('  step: the test file is listed');
    await context.screenshot('e2e-checks-testing-view');

    // A test's variants appear when it is expanded, from the keyboard, in the tree that has focus.
    // The view's focus command puts the keyboard in its filter box; Tab goes on (past the filter's button) into the tree.
    await runCommand(page, 'Testing: Focus on Test Explorer View');
    const inView = `(() => { const a = document.activeElement; const pane = a === null ? null : a.closest('.pane'); return pane !== null && pane.querySelector('.test-explorer') !== null; })()`;
    const inTree = `(() => { const a = document.activeElement; return a !== null && a.closest('.test-explorer .monaco-list') !== null; })()`;
    try {
      await page.waitForFunction(inView, undefined, { timeout: 5_000 });
    } catch {
      throw new Error(`Focus on Test Explorer View left keyboard focus in ${await describeFocus(page)}, not in the Testing view`);
    }
    for (let presses = 0; !(await page.evaluate<boolean>(inTree)); presses++) {
      if (presses >= 3) throw new Error(`Tab from the Testing view's filter did not reach its tree: keyboard focus in ${await describeFocus(page)}`);
      await page.keyboard.press('Tab');
    }
    const focused = tree.locator('.monaco-list-row.focused');
    await page.keyboard.press('Home');
    await focused.filter({ hasText: 'echo.gisttest.json' }).waitFor({ state: 'visible' });
    if ((await focused.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('ArrowRight');
    const greets = tree.locator('.monaco-list-row', { hasText: /^greets/ });
    await greets.waitFor({ state: 'visible' });
    assert.equal(await tree.locator('.monaco-list-row', { hasText: /^plain/ }).count(), 0, 'no variant listed before a test is expanded');
    for (let presses = 0; !(await focused.innerText()).startsWith('greets'); presses++) {
      if (presses >= 5) throw new Error(`ArrowDown did not reach the test “greets”: focus on “${await focused.innerText()}”`);
      await page.keyboard.press('ArrowDown');
    }
    assert.equal(await focused.getAttribute('aria-expanded'), 'false', 'the test shows it can be expanded');
    await page.keyboard.press('ArrowRight');
    await tree.locator('.monaco-list-row[aria-level="3"]', { hasText: /^plain/ }).first().waitFor({ state: 'visible' });
    context.log('  step: a test expanded by keyboard shows its variant');

    // Its tests run from the palette, with the file in the editor.
    await openFile(page, 'echo.gisttest.json');
    await runCommand(page, 'Test: Run Tests in Current File');
    await waitUntil('both tests called', () => service.calls().filter((call) => call.path === '/v1/generate/echo/plain').length === 2);
    // The tree marks the file failed; the editor shows the failure at the assertion's line.
    await tree.locator('.monaco-list-row', { hasText: 'echo.gisttest.json', has: page.locator('.codicon-testing-failed-icon') }).first().waitFor({ state: 'visible' });
    await page.locator('.editor-group-container .monaco-editor').getByText('Goodbye != Hello').first().waitFor({ state: 'visible' });
    context.log('  step: one passed, one failed');
    await context.screenshot('e2e-checks-failed');

    // Its message, at the failing assertion: Test: Peek Output, in the file's editor, opens the
    // failure's peek at line 7 with expected and actual.
    await openFile(page, 'echo.gisttest.json');
    await expectEditorFocus(page);
    await runCommand(page, 'Test: Peek Output');
    const peek = page.locator('.editor-group-container .peekview-widget').first();
    await peek.waitFor({ state: 'visible' });
    await peek.locator('.peekview-title', { hasText: /says goodbye|plain/ }).first().waitFor({ state: 'visible' });
    // equals carries a diff: the peek shows expected and actual side by side.
    await peek.locator('.monaco-diff-editor').first().waitFor({ state: 'visible' });
    const peekText = await peek.innerText();
    assert.match(peekText, /Expected the output "Goodbye" to equal "Hello"/);
    assert.match(peekText, /Goodbye/);
    // The peek sits under the assertion's line: the editor's cursor is on line 7.
    const position = await page.locator('#workbench\\.parts\\.statusbar .statusbar-item', { hasText: /^Ln \d+, Col \d+/ }).first().innerText();
    assert.match(position, /^Ln 7,/);
    await context.screenshot('e2e-checks-message');
  },
};
