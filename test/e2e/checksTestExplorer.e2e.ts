// Checks in the Testing view, keyboard only: the view shown from the palette finds the test file,
// the file's tests run from the palette (Test: Run Tests in Current File), one fails, and its
// message opens at the failing assertion's line (Test: Go to Next Test Failure) with expected and
// actual. Every key goes where focus is checked to be.
import { strict as assert } from 'node:assert';
import type { Scenario } from '../harness/e2eRunner';
import { expectEditorFocus, openFile, runCommand, waitUntil } from './workbench';

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
