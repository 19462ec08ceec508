// The same reviewer in two windows, from the keyboard: a blind review is open on a pair when the
// reviewer's other window votes on that very pair (its line appended to their votes file, as that
// window writes it). The vote key pressed here then records nothing: the review says the pair was
// judged in another window, counts that window's vote, and shows the next pair, whose vote is
// recorded as usual.
import { strict as assert } from 'node:assert';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Scenario } from '../harness/e2eRunner';
import { formatVotesEntry, formatVotesHeader, voteEntry } from '../../src/review/votesWriter';
import { votesFileName } from '../../src/review/votesFileName';
import { resultLineOf } from '../fixtures/resultLine';
import { resultsHeaderOf } from '../fixtures/resultsHeader';
import { runCommand, waitUntil } from './workbench';
import { expectWebviewFocus, openResultsView, pressInWebview, webviewText } from './webviews';

const ROWS = 6;
const RESULTS = 'people.welcome-email.gistrun.jsonl';
const REVIEWER = 'Ada Lovelace';

function resultsFile(): string {
  const lines = [resultsHeaderOf({ profile: 'Default', host: '127.0.0.1' }, ROWS)];
  for (let row = 1; row <= ROWS; row++) {
    lines.push(resultLineOf({ row, variant: 'formal', content: `Dear Person ${row}, welcome.` }), resultLineOf({ row, variant: 'friendly', content: `Hi Person ${row}!` }));
  }
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** The vote lines of the reviewer's file. */
function votes(file: string): number {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((line) => line.includes('"type":"vote"')).length : 0;
}

export const scenario: Scenario = {
  name: 'blind review: a pair the reviewer judged in another window meanwhile is not voted on twice',
  state: { signedIn: 'gk_demo_ada', files: { [`data/${RESULTS}`]: resultsFile() } },
  async run(context) {
    const { page } = context;
    const votesFile = path.join(context.workspace, 'data', votesFileName(RESULTS, REVIEWER, 'person'));
    const view = await openResultsView(page, RESULTS);
    await runCommand(page, 'Gist: Review Results Blind…');
    await expectWebviewFocus(page, view, '.review');
    await view.locator('.review-progress', { hasText: /^0 of 6 pairs voted · reviewing as Ada Lovelace$/ }).waitFor({ state: 'visible' });
    const shown = await webviewText(view, '.review-values');
    const row = Number(/Person (\d+)/.exec(shown)?.[1]);
    const friendlyLeft = (await webviewText(view, '.answer-left .answer-text')).startsWith('Hi');
    const side = (variant: string): { variant: string; callId: string } => ({ variant, callId: `call-${row}-${variant}` });
    const pair = { row, sample: 1, left: side(friendlyLeft ? 'friendly' : 'formal'), right: side(friendlyLeft ? 'formal' : 'friendly') };

    // The other window votes on the pair shown here: it makes the reviewer's file, header first.
    writeFileSync(votesFile, formatVotesHeader({ results: RESULTS, reviewer: REVIEWER, source: 'person', createdAt: new Date().toISOString() }));
    appendFileSync(votesFile, formatVotesEntry(voteEntry(pair, 'left', { reviewer: REVIEWER, source: 'person' })));

    await pressInWebview(page, view, '.review', '2');
    await view.locator('.review-message', { hasText: /^You had already judged that pair in another window, so this key was not recorded\. Here is your next pair\.$/ }).waitFor({ state: 'visible' });
    await view.locator('.review-progress', { hasText: /^1 of 6 pairs voted/ }).waitFor({ state: 'visible' });
    assert.notEqual(await webviewText(view, '.review-values'), shown, 'the next pair is shown');
    assert.equal(votes(votesFile), 1, 'only the other window’s vote is on disk');
    await context.screenshot('e2e-review-two-windows');

    // The next pair is voted on as usual, and the keyboard stays in the review.
    await expectWebviewFocus(page, view, '.review');
    await pressInWebview(page, view, '.review', '1');
    await view.locator('.review-progress', { hasText: /^2 of 6 pairs voted/ }).waitFor({ state: 'visible' });
    await waitUntil('the second vote on disk', () => votes(votesFile) === 2);
  },
};
