// Blind review from the keyboard, as a reviewer does it: open a results file, Gist: Review Results
// Blind…, vote on ten pairs with the number keys (the side that says "Hi" each time, wherever it
// was drawn), see the names for a moment after the first vote and then choose to stay blind, undo
// the last vote, reload the window, come back to the review where it was (the pair taken back
// first), and see the verdict sentence over the table change from "no votes" to the friendly
// variant winning.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import type { Scenario } from '../harness/e2eRunner';
import { answer, reloadWindow, runCommand, waitUntil } from './workbench';
import { expectWebviewFocus, openResultsView, pressInWebview, restoredResultsView, webviewText } from './webviews';
import { resultsHeaderOf } from '../fixtures/resultsHeader';

const ROWS = 12;
const RESULTS = 'people.welcome-email.gistrun.jsonl';

function resultsFile(): string {
  const header = resultsHeaderOf({ profile: 'Default', host: '127.0.0.1' }, ROWS);
  const lines = [JSON.stringify(header)];
  for (let row = 1; row <= ROWS; row++) {
    for (const [variant, content] of [
      ['formal', `Dear Person ${row},\n\nWe are pleased to welcome you.`],
      ['friendly', `Hi Person ${row}! Great to have you here.`],
    ] as const) {
      lines.push(JSON.stringify({ type: 'result', row, line: row + 1, values: { name: `Person ${row}` }, variant, sample: 1, callId: `call-${row}-${variant}`, content, length: content.length, error: null, attempts: 1, latencyMs: 100 + row, finishedAt: '2026-11-24T10:00:01.000Z' }));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The votes files' lines of kind `type`, across every reviewer's file in `folder`. */
function votesLines(folder: string, type: string): number {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.votes.jsonl'))
    .flatMap((name) => readFileSync(path.join(folder, name), 'utf8').split('\n'))
    .filter((line) => line.includes(`"type":"${type}"`)).length;
}

async function progress(view: FrameLocator): Promise<string> {
  return webviewText(view, '.review-progress');
}

/** Votes for the side that says "Hi", once the pair on screen is `row`-free of the last one; returns the pair's row text. */
async function voteForFriendly(page: Page, view: FrameLocator, voted: number): Promise<string> {
  await view.locator('.review-progress', { hasText: new RegExp(`^${voted} of ${ROWS} pairs voted`) }).waitFor({ state: 'visible' });
  const left = await webviewText(view, '.answer-left .answer-text');
  const row = await webviewText(view, '.review-values');
  await pressInWebview(page, view, '.review', left.startsWith('Hi') ? '1' : '2');
  return row;
}

export const scenario: Scenario = {
  name: 'blind review by keyboard: ten votes, undo, reload, resume, the verdict changes',
  state: { signedIn: 'gk_demo_ada', files: { [`data/${RESULTS}`]: resultsFile() } },
  async run(context) {
    const { page } = context;
    const folder = path.join(context.workspace, 'data');
    let view = await openResultsView(page, RESULTS);
    await view.locator('.headline', { hasText: /^No votes or checks yet/ }).waitFor({ state: 'visible' });
    const before = await webviewText(view, '.headline');

    await runCommand(page, 'Gist: Review Results Blind…');
    await expectWebviewFocus(page, view, '.review');
    assert.match(await progress(view), /^0 of 12 pairs voted · reviewing as Ada Lovelace$/);
    // Names stay hidden until the vote; after it they show for a moment.
    assert.equal(await view.locator('.reveal:visible').count(), 0);
    await voteForFriendly(page, view, 0);
    await view.locator('.answer-left .reveal', { hasText: /^was (formal|friendly)$/ }).waitFor({ state: 'visible' });
    await context.screenshot('e2e-review-revealed');
    // B: stay blind for the rest of the session (the names do not show again).
    await view.locator('.review-progress', { hasText: /^1 of 12/ }).waitFor({ state: 'visible' });
    await pressInWebview(page, view, '.review', 'b');
    assert.equal(await view.locator('#stay-blind').isChecked(), true);
    let lastRow = '';
    for (let voted = 1; voted < 10; voted++) {
      lastRow = await voteForFriendly(page, view, voted);
      assert.equal(await view.locator('.reveal:visible').count(), 0, 'staying blind: no names after the vote');
    }
    await view.locator('.review-progress', { hasText: /^10 of 12 pairs voted/ }).waitFor({ state: 'visible' });
    await waitUntil('ten votes on disk', () => votesLines(folder, 'vote') === 10);

    // U takes the last vote back: that pair is asked again.
    await pressInWebview(page, view, '.review', 'u');
    await view.locator('.review-progress', { hasText: /^9 of 12 pairs voted/ }).waitFor({ state: 'visible' });
    assert.equal(await webviewText(view, '.review-values'), lastRow, 'the pair taken back is shown again');
    await waitUntil('the undo on disk', () => votesLines(folder, 'undo') === 1);
    await context.screenshot('e2e-review');

    // A reload loses nothing: the review resumes at the pair taken back.
    await reloadWindow(page);
    view = await restoredResultsView(page, RESULTS);
    await runCommand(page, 'Gist: Review Results Blind…');
    // This web workbench keeps SecretStorage in the page's memory: after the reload the window is
    // signed out, so the review asks for the reviewer's name (the one /v1/me gave before).
    await answer(page, 'Ada Lovelace', 'Your Name for Reviews');
    await expectWebviewFocus(page, view, '.review');
    assert.match(await progress(view), /^9 of 12 pairs voted/);
    assert.equal(await webviewText(view, '.review-values'), lastRow, 'resumed at the pair taken back');
    await voteForFriendly(page, view, 9);
    await view.locator('.review-progress', { hasText: /^10 of 12 pairs voted/ }).waitFor({ state: 'visible' });

    // Escape: back to the table, where the verdict now counts the ten votes.
    await pressInWebview(page, view, '.review', 'Escape');
    await expectWebviewFocus(page, view, '.grid');
    await view.locator('.headline', { hasText: /^friendly beats formal in 100% of 10 rows with a winner/ }).waitFor({ state: 'visible' });
    assert.notEqual(await webviewText(view, '.headline'), before);
    assert.equal(votesLines(folder, 'vote'), 11, 'ten votes, one taken back, one more: eleven lines, never changed');
  },
};
