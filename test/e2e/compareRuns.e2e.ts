// Compare with an Earlier Run from the keyboard: open this run's results, Gist: Compare with an
// Earlier Run…, pick Monday's run in the quick pick, move through the table with the arrow keys,
// Shift+Tab to "Only regressions" and Space, back to the table, Enter on the regression: the diff
// editor of its two outputs. Focus is checked before every key. VS Code's focus of the view after
// the palette closes is held back (as on a busy machine): the pick, shown before it landed, lost the
// keyboard to the view (CI, one run in many); the command now waits for the view to have it back.
import { strict as assert } from 'node:assert';
import type { Scenario } from '../harness/e2eRunner';
import { pick, runCommand } from './workbench';
import { delayViewFocus, expectWebviewFocus, openResultsView, pressInWebview, resultsWebview, webviewText } from './webviews';
import { resultsHeaderOf } from '../fixtures/resultsHeader';

const ROWS = 6;

function run(startedAt: string, content: (row: number, variant: string) => string | null): string {
  const header = resultsHeaderOf({ profile: 'Default', host: '127.0.0.1', startedAt }, ROWS);
  const lines = [JSON.stringify(header)];
  for (let row = 1; row <= ROWS; row++) {
    for (const variant of ['formal', 'friendly']) {
      const text = content(row, variant);
      const error = text === null ? { kind: 'timeout', message: 'The gist service did not answer in 30 s.' } : null;
      lines.push(JSON.stringify({ type: 'result', row, line: row + 1, values: { name: `Person ${row}` }, variant, sample: 1, callId: text === null ? null : `call-${row}-${variant}-${startedAt}`, content: text, length: text?.length ?? null, error, attempts: 1, latencyMs: 100 + row, finishedAt: startedAt }));
    }
  }
  return `${lines.join('\n')}\n`;
}

const greeting = (row: number, variant: string): string => (variant === 'formal' ? `Dear Person ${row}` : `Hi Person ${row}`);
const EARLIER = run('2026-11-20T10:00:00.000Z', greeting);
// This run: formal fails on row 3 (the regression), friendly says more on row 5.
const LATER = run('2026-11-24T10:00:00.000Z', (row, variant) => (row === 3 && variant === 'formal' ? null : row === 5 && variant === 'friendly' ? 'Hi Person 5, welcome aboard!' : greeting(row, variant)));

export const scenario: Scenario = {
  name: 'compare with an earlier run by keyboard: pick the run, only regressions, Enter opens the diff',
  state: { signedIn: 'gk_demo_ada', files: { 'data/monday.welcome-email.gistrun.jsonl': EARLIER, 'data/tuesday.welcome-email.gistrun.jsonl': LATER } },
  async run(context) {
    const { page } = context;
    await openResultsView(page, 'tuesday.welcome-email.gistrun.jsonl');
    const viewFocused = await delayViewFocus(page, 400);
    await runCommand(page, 'Gist: Compare with an Earlier Run…');
    await viewFocused();
    await pick(page, 'monday.welcome-email.gistrun.jsonl', /Compare tuesday\.welcome-email\.gistrun\.jsonl with an Earlier Run/, 'monday');

    await page.locator('.tab.active', { hasText: /^Compare: monday/ }).first().waitFor({ state: 'visible' });
    const view = await resultsWebview(page);
    await view.locator('#comparison-status', { hasText: `${ROWS * 2} compared cells.` }).waitFor({ state: 'visible' });
    // The table has the keyboard as soon as it is shown: its first cell.
    await expectWebviewFocus(page, view, 'tr.cell[data-position="0"]');
    assert.equal(await view.locator('tr.cell:focus').getAttribute('aria-label'), 'Row 1, formal: Same');
    for (let presses = 0; presses < 4; presses++) await pressInWebview(page, view, 'tr.cell', 'ArrowDown');
    await expectWebviewFocus(page, view, 'tr.cell[data-position="4"]');
    assert.equal(await view.locator('tr.cell:focus').getAttribute('aria-label'), 'Row 3, formal: Newly failing');
    await pressInWebview(page, view, 'tr.cell', 'End');
    assert.equal(await view.locator('tr.cell:focus').getAttribute('aria-label'), `Row ${ROWS}, friendly: Same`);
    assert.match(await webviewText(view, '.comparison-counts'), /formal\s+1\s+0\s+0\s+5\s+0\s+0/);

    // Shift+Tab to the filter, Space turns it on; the status (a live region) says what is left.
    await pressInWebview(page, view, 'tr.cell', 'Shift+Tab');
    await pressInWebview(page, view, '#only-regressions', 'Space');
    await view.locator('#comparison-status', { hasText: '1 regressions.' }).waitFor({ state: 'visible' });
    assert.equal(await view.locator('tr.cell').count(), 1);

    // Tab back to the table, Enter: the diff of row 3's formal outputs, the earlier run's on the left.
    await pressInWebview(page, view, '#only-regressions', 'Tab');
    await expectWebviewFocus(page, view, 'tr.cell[data-position="0"]');
    await pressInWebview(page, view, 'tr.cell', 'Enter');
    await page.locator('.tab.active', { hasText: 'formal · row 3: monday.welcome-email.gistrun.jsonl ↔ tuesday.welcome-email.gistrun.jsonl' }).first().waitFor({ state: 'visible' });
    const diff = page.locator('.monaco-diff-editor').first();
    await diff.locator('.original .view-lines', { hasText: 'Dear Person 3' }).waitFor({ state: 'visible' });
    await diff.locator('.modified .view-lines', { hasText: 'The call failed (timeout)' }).waitFor({ state: 'visible' });
  },
};
