// Compare with an Earlier Run in the real VS Code: two results files written by the test, compared
// through the command; the counts per variant, the filter Only regressions, the diff editor of a
// cell's two outputs, both runs' verdict panels (this run's votes change only its own), hostile
// text inert; and two runs that cannot be compared are refused with the reason.
import { strict as assert } from 'node:assert';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMPARISON_VIEW_TYPE } from '../../src/lab/comparisonPanel';
import type { ComparisonOutcome } from '../../src/lab/runComparisons';
import type { VerdictsView } from '../../src/lab/resultsViewProtocol';
import { votesFileName } from '../../src/review/votesFileName';
import { formatVotesEntry, formatVotesHeader, voteEntry } from '../../src/review/votesWriter';
import { closeAllEditors, extensionApi, waitFor, type TestedApi } from './support';
import { resultsHeaderOf } from '../fixtures/resultsHeader';
import { resultLineOf } from '../fixtures/resultLine';

const ROWS = 12;
const VARIANTS = ['formal', 'friendly'];

function header(startedAt: string, gist = 'welcome-email'): string {
  return JSON.stringify(resultsHeaderOf({ gist, variants: VARIANTS, startedAt }, ROWS));
}

function result(row: number, variant: string, content: string | null): string {
  const failed = content === null;
  return JSON.stringify(
    resultLineOf({ row, variant, content, latencyMs: 100 + row, callId: failed ? null : `call-${row}-${variant}-${content.length}`, error: failed ? { kind: 'timeout', message: 'The gist service did not answer in 30 s.' } : null }),
  );
}

/**
 * The earlier run: every cell passed. This run: formal fails on rows 1–3 (newly failing) and
 * changed its text on rows 4–5; friendly failed before on row 6 and passes now (newly passing)
 * and its text on row 7 holds a right-to-left override.
 */
function runs(folder: string): { earlier: string; later: string } {
  const earlier = [header('2026-11-20T10:00:00.000Z')];
  const later = [header('2026-11-24T10:00:00.000Z')];
  for (let row = 1; row <= ROWS; row++) {
    earlier.push(result(row, 'formal', `Dear Person ${row}`), result(row, 'friendly', row === 6 ? null : `Hi Person ${row}`));
    later.push(
      result(row, 'formal', row <= 3 ? null : row <= 5 ? `Dear Person ${row}, welcome.` : `Dear Person ${row}`),
      result(row, 'friendly', row === 7 ? 'Hi \u202eevil\u202c Person 7' : `Hi Person ${row}`),
    );
  }
  const files = { earlier: path.join(folder, 'monday.welcome-email.gistrun.jsonl'), later: path.join(folder, 'tuesday.welcome-email.gistrun.jsonl') };
  writeFileSync(files.earlier, `${earlier.join('\n')}\n`);
  writeFileSync(files.later, `${later.join('\n')}\n`);
  return files;
}

const headline = (view: VerdictsView | undefined): string => view?.headline.parts.map((part) => part.text).join('') ?? '';

describe('Compare with an Earlier Run, in VS Code', function () {
  this.timeout(60_000);
  let api: TestedApi;
  let folder: string;

  before(async function () {
    api = await extensionApi();
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(workspace);
    folder = path.join(workspace, 'compare-runs');
  });

  beforeEach(function () {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
  });

  afterEach(async function () {
    await closeAllEditors();
    rmSync(folder, { recursive: true, force: true });
  });

  it('counts each variant’s cells, filters the regressions, opens a cell’s diff and shows both runs’ verdicts', async function () {
    const files = runs(folder);
    // Ada's votes on this run only: friendly better on every row.
    let votes = formatVotesHeader({ results: path.basename(files.later), reviewer: 'Ada', source: 'person', createdAt: '2026-11-24T11:00:00.000Z' });
    for (let row = 4; row <= ROWS; row++) {
      const formal = JSON.parse(result(row, 'formal', row <= 5 ? `Dear Person ${row}, welcome.` : `Dear Person ${row}`)) as { callId: string };
      const friendly = JSON.parse(result(row, 'friendly', row === 7 ? 'Hi \u202eevil\u202c Person 7' : `Hi Person ${row}`)) as { callId: string };
      const pair = { row, sample: 1, left: { variant: 'formal', callId: formal.callId }, right: { variant: 'friendly', callId: friendly.callId } };
      votes += formatVotesEntry(voteEntry(pair, 'right', { reviewer: 'Ada', source: 'person' }));
    }
    writeFileSync(path.join(path.dirname(files.later), votesFileName(path.basename(files.later), 'Ada', 'person')), votes);

    // Given this run first and the earlier one as the other, as the Explorer's menu and the pick do.
    const outcome = await vscode.commands.executeCommand<ComparisonOutcome>('gist.lab.compareRuns', vscode.Uri.file(files.later), vscode.Uri.file(files.earlier));
    assert.ok(outcome?.compared === true, JSON.stringify(outcome));
    assert.equal(outcome.earlier, files.earlier);
    const state = await waitFor('the comparison with both verdicts', async () => {
      const current = await api.testing.comparison();
      return current?.verdicts.earlier !== undefined && current.verdicts.later !== undefined ? current : undefined;
    }, 30_000);
    assert.deepEqual(
      state.variants.map((variant) => [variant.label, variant.counts]),
      [
        ['formal', { newlyFailing: 3, changed: 2, newlyPassing: 0, same: 7, onlyEarlier: 0, onlyLater: 0 }],
        ['friendly', { newlyFailing: 0, changed: 1, newlyPassing: 1, same: 10, onlyEarlier: 0, onlyLater: 0 }],
      ],
    );
    assert.equal(state.matching, ROWS * VARIANTS.length);
    assert.equal(state.shownCells.length, ROWS * VARIANTS.length);
    const hostile = state.shownCells.find((cell) => cell.row === 7 && cell.variant === 'friendly');
    assert.equal(hostile?.change, 'changed');
    assert.ok(hostile !== undefined && !hostile.later.includes('\u202e') && hostile.later.includes('U+202E'), `inert: ${hostile?.later}`);
    assert.match(state.shownCells.find((cell) => cell.row === 1 && cell.variant === 'formal')?.later ?? '', /timeout: The gist service did not answer/);

    // The verdicts: only this run has votes.
    assert.doesNotMatch(headline(state.verdicts.earlier), /friendly.*beats/);
    assert.match(headline(state.verdicts.later), /friendly/);
    assert.notEqual(headline(state.verdicts.earlier), headline(state.verdicts.later));

    const regressions = await api.testing.setComparisonFilter(true);
    assert.ok(regressions?.onlyRegressions);
    assert.deepEqual(
      regressions.shownCells.map((cell) => [cell.row, cell.variant, cell.change]),
      [
        [1, 'formal', 'newlyFailing'],
        [2, 'formal', 'newlyFailing'],
        [3, 'formal', 'newlyFailing'],
      ],
    );
    assert.equal(regressions.matching, 3);

    // Enter on a row: the diff of its two outputs, the earlier run's on the left, read-only.
    const back = await api.testing.setComparisonFilter(false);
    const changed = back?.shownCells.find((cell) => cell.row === 4 && cell.variant === 'formal');
    assert.ok(changed);
    await api.testing.openComparisonDiff(changed.key);
    const diff = await waitFor('the diff editor', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.equal(diff.original.scheme, 'gist-result');
    assert.equal((await vscode.workspace.openTextDocument(diff.original)).getText(), 'Dear Person 4');
    assert.equal((await vscode.workspace.openTextDocument(diff.modified)).getText(), 'Dear Person 4, welcome.');
  });

  it('asked again for the same two runs, shows them read anew in the one view it has open, even while that view loads', async function () {
    const files = runs(folder);
    const discardedBefore = api.testing.webviewsLoading().discardedWhileLoading;
    const compare = (): Thenable<ComparisonOutcome | undefined> => vscode.commands.executeCommand<ComparisonOutcome>('gist.lab.compareRuns', vscode.Uri.file(files.later), vscode.Uri.file(files.earlier));
    const first = await compare();
    assert.ok(first?.compared === true, JSON.stringify(first));
    // This run's text changes on row 8 before the view could load (a run added to it meanwhile): asked again, the comparison reads it anew.
    writeFileSync(files.later, readFileSync(files.later, 'utf8').replace('"content":"Dear Person 8"', '"content":"Dear Person 8, hello."'));
    const second = await compare();
    assert.ok(second?.compared === true, JSON.stringify(second));
    assert.equal(second.total.changed, first.total.changed + 1);
    const state = await waitFor('the comparison read anew, with both verdicts', async () => {
      const current = await api.testing.comparison();
      return current?.verdicts.earlier !== undefined && current.verdicts.later !== undefined && current.total.changed === second.total.changed ? current : undefined;
    }, 30_000);
    assert.deepEqual(state.variants.find((variant) => variant.label === 'formal')?.counts, { newlyFailing: 3, changed: 3, newlyPassing: 0, same: 6, onlyEarlier: 0, onlyLater: 0 });
    assert.equal(state.shownCells.find((cell) => cell.row === 8 && cell.variant === 'formal')?.later, 'Dear Person 8, hello.');
    const views = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(COMPARISON_VIEW_TYPE));
    assert.equal(views.length, 1, `one comparison view: ${views.map((tab) => tab.label).join(', ')}`);
    assert.equal(api.testing.webviewsLoading().discardedWhileLoading, discardedBefore, 'no view was closed or hidden while it loaded');
  });

  it('refuses two runs of different gists, or over different data, and says why', async function () {
    const files = runs(folder);
    const other = path.join(folder, 'people.invoice.gistrun.jsonl');
    writeFileSync(other, `${header('2026-11-21T10:00:00.000Z', 'invoice-reminder')}\n${result(1, 'formal', 'Pay now')}\n`);
    const refused = await vscode.commands.executeCommand<ComparisonOutcome>('gist.lab.compareRuns', vscode.Uri.file(files.later), vscode.Uri.file(other));
    assert.ok(refused?.compared === false);
    assert.equal(refused.reason, 'differentGist');
    assert.equal(refused.message, 'tuesday.welcome-email.gistrun.jsonl is a run of the gist “welcome-email”, people.invoice.gistrun.jsonl of “invoice-reminder”: only runs of the same gist can be compared.');

    const edited = path.join(folder, 'edited.welcome-email.gistrun.jsonl');
    writeFileSync(edited, `${header('2026-11-22T10:00:00.000Z').replace('a'.repeat(64), 'b'.repeat(64))}\n`);
    const data = await vscode.commands.executeCommand<ComparisonOutcome>('gist.lab.compareRuns', vscode.Uri.file(edited), vscode.Uri.file(files.earlier));
    assert.ok(data?.compared === false);
    assert.equal(data.reason, 'differentData');
    assert.match(data.message, /^The data file “people\.csv” changed between the two runs/);
    assert.equal(await api.testing.comparison(), undefined, 'no comparison view was opened');
  });
});
