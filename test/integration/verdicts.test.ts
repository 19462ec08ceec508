// The verdict panel in the real VS Code: a results file and votes files beside it, opened in the
// results view, give the figures worked out by hand (Wilson interval, exact sign test), computed
// in the worker thread; a second reviewer's file appearing while the view is open changes the
// verdict; names from a votes file reach the view with their invisible characters made visible.
import { strict as assert } from 'node:assert';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { VerdictsView } from '../../src/lab/resultsViewProtocol';
import type { Verdict } from '../../src/review/votes';
import { votesFileName } from '../../src/review/votesFileName';
import { formatVotesEntry, formatVotesHeader, voteEntry } from '../../src/review/votesWriter';
import { closeAllEditors, extensionApi, waitFor, type TestedApi } from './support';
import { resultsHeaderOf } from '../fixtures/resultsHeader';

const VARIANTS = ['formal', 'friendly', 'short'];
const ROWS = 40;

function resultsText(): string {
  const header = resultsHeaderOf({ variants: VARIANTS }, ROWS);
  const lines = [JSON.stringify(header)];
  for (let row = 1; row <= ROWS; row++) {
    for (const variant of VARIANTS) {
      const content = `${variant} welcome for person ${row}`;
      lines.push(
        JSON.stringify({ type: 'result', row, line: row + 1, values: { name: `Person ${row}` }, variant, sample: 1, callId: `call-${row}-${variant}`, content, length: content.length, error: null, attempts: 1, latencyMs: 100 + row, finishedAt: '2026-11-24T10:00:01.000Z' }),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A reviewer's votes file: on rows `from`–`to`, `left` against `right`, `verdict(row)` each. */
function votesText(reviewer: string, from: number, to: number, verdict: (row: number) => Verdict, left = 'formal', right = 'friendly'): string {
  let text = formatVotesHeader({ results: 'people.welcome-email.gistrun.jsonl', reviewer, source: 'person', createdAt: '2026-11-24T11:00:00.000Z' });
  for (let row = from; row <= to; row++) {
    const pair = { row, sample: 1, left: { variant: left, callId: `call-${row}-${left}` }, right: { variant: right, callId: `call-${row}-${right}` } };
    text += formatVotesEntry(voteEntry(pair, verdict(row), { reviewer, source: 'person' }));
  }
  return text;
}

const RESULTS = 'people.welcome-email.gistrun.jsonl';
/** A person's votes file as the review names it. */
const votesFile = (reviewer: string): string => votesFileName(RESULTS, reviewer, 'person');

const headline = (view: VerdictsView | undefined): string => view?.headline.parts.map((part) => part.text).join('') ?? '';

describe('Verdicts: the panel over a results file and its votes, in VS Code', function () {
  this.timeout(60_000);
  let api: TestedApi;
  let folder: string;
  let results: string;

  before(async function () {
    api = await extensionApi();
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(workspace);
    folder = path.join(workspace, 'verdicts-data');
    mkdirSync(folder, { recursive: true });
    results = path.join(folder, 'people.welcome-email.gistrun.jsonl');
  });

  beforeEach(function () {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    writeFileSync(results, resultsText());
  });

  afterEach(async function () {
    await closeAllEditors();
  });

  after(function () {
    rmSync(folder, { recursive: true, force: true });
  });

  it('shows the figures worked out by hand, and a second reviewer’s votes change the verdict while the view is open', async function () {
    // Ada: friendly better on rows 1–24, formal on 25–30.
    writeFileSync(path.join(folder, votesFile('Ada')), votesText('Ada', 1, 30, (row) => (row <= 24 ? 'right' : 'left')));
    await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(results), 'gist.results');
    const first = await waitFor('the verdict panel', () => api.testing.resultsVerdicts(results), 20_000);
    // 24 of 30: Wilson 95% interval 0.627–0.905; exact two-sided sign test 2·P(X ≥ 24 | n = 30, ½) = 2 · 768,212 / 2³⁰ = 0.00143.
    assert.equal(headline(first), 'friendly beats formal in 80% of 30 rows with a winner (95% CI 63–90%, p = 0.001).');
    assert.deepEqual(
      first.headline.parts.filter((part) => part.name === 'variant').map((part) => part.text),
      ['friendly', 'formal'],
    );
    const people = first.sections.find((section) => section.title.startsWith('People’s votes'));
    assert.ok(people, JSON.stringify(first.sections.map((section) => section.title)));
    assert.deepEqual(people.tables[0]?.rows[0], ['formal vs friendly', '30', '6', '0', '24', '0', '20% (10%–37%)', '0.001']);
    assert.equal(people.tables.length, 1, 'no Bradley–Terry strengths while only two variants have votes');
    const latency = first.sections.find((section) => section.title.startsWith('Length and latency'));
    assert.equal(latency?.boxes?.items.length, 3);
    // Grace votes on rows 31–40, all for friendly: 34 of 40.
    writeFileSync(path.join(folder, votesFile('Grace')), votesText('Grace', 31, 40, () => 'right'));
    const second = await waitFor('the verdict with Grace’s votes', () => {
      const view = api.testing.resultsVerdicts(results);
      return headline(view).includes('of 40 rows') ? view : undefined;
    }, 20_000);
    // 34 of 40: Wilson 95% interval 0.709–0.929; p = 2·P(X ≥ 34 | 40, ½) ≈ 0.0000104.
    assert.equal(headline(second), 'friendly beats formal in 85% of 40 rows with a winner (95% CI 71–93%, p < 0.001).');
    assert.match(second.sections[0]?.title ?? '', /2 reviewers: Ada, Grace/);
  });

  it('rates three variants with Bradley–Terry strengths and seeded bootstrap intervals once all three have votes', async function () {
    // friendly beats formal 30–10, formal beats short 30–10, friendly beats short 36–4: friendly > formal > short.
    const lines = [
      votesText('Ada', 1, 40, (row) => (row <= 30 ? 'right' : 'left')),
      votesText('Ada', 1, 40, (row) => (row <= 30 ? 'left' : 'right'), 'formal', 'short').split('\n').slice(1).join('\n'),
      votesText('Ada', 1, 40, (row) => (row <= 36 ? 'left' : 'right'), 'friendly', 'short').split('\n').slice(1).join('\n'),
    ];
    writeFileSync(path.join(folder, votesFile('Ada')), lines.join(''));
    await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(results), 'gist.results');
    const view = await waitFor('the verdict panel', () => api.testing.resultsVerdicts(results), 20_000);
    const people = view.sections.find((section) => section.title.startsWith('People’s votes'));
    const strengths = people?.tables[1];
    assert.ok(strengths, JSON.stringify(people?.tables.map((table) => table.caption)));
    assert.match(strengths.caption, /1,000 seeded bootstrap resamples/);
    assert.deepEqual(strengths.rows.map((row) => row[0]), ['friendly', 'formal', 'short']);
    for (const row of strengths.rows) {
      const [low, high] = (row[2] ?? '').split('–').map(Number);
      assert.ok(low !== undefined && high !== undefined && low <= Number(row[1]) && Number(row[1]) <= high, `${row.join(' | ')}: the rating lies in its interval`);
    }
    assert.match(headline(view), /^friendly/);
    // Reproducible: the same files give the same figures (the bootstrap is seeded).
    await closeAllEditors();
    await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(results), 'gist.results');
    const again = await waitFor('the verdict panel again', () => {
      const shown = api.testing.resultsVerdicts(results);
      return shown !== view ? shown : undefined;
    }, 20_000);
    assert.deepEqual(again.sections.find((section) => section.title.startsWith('People’s votes'))?.tables[1]?.rows, strengths.rows);
  });

  it('shows a votes file’s reviewer name and problems as inert text', async function () {
    writeFileSync(path.join(folder, votesFile('Eve\u202Eevil\u200B')), `${votesText('Eve\u202Eevil\u200B', 1, 3, () => 'left')}{"type":"vote","id":"cut-`);
    await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(results), 'gist.results');
    const view = await waitFor('the verdict panel', () => api.testing.resultsVerdicts(results), 20_000);
    const title = view.sections[0]?.title ?? '';
    assert.match(title, /Eve⟨U\+202E⟩evil⟨U\+200B⟩/);
    assert.doesNotMatch(JSON.stringify(view), /\u202E|\u200B/);
    assert.equal(view.problems.length, 1);
    assert.match(view.problems[0] ?? '', /its last line was cut short/);
  });

  it('counts a votes file only for the reviewer its name and header agree on, and says whose votes it counted from which file', async function () {
    // Grace prefers formal on rows 1–10. A file named as Ada's claims to be Grace's, with twenty
    // votes the other way: merged by the name inside, it would reverse Grace's verdict.
    writeFileSync(path.join(folder, votesFile('Grace')), votesText('Grace', 1, 10, () => 'left'));
    writeFileSync(path.join(folder, votesFile('Ada')), votesText('Grace', 11, 30, () => 'right'));
    await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(results), 'gist.results');
    const view = await waitFor('the verdict panel', () => api.testing.resultsVerdicts(results), 20_000);
    assert.equal(headline(view), 'formal beats friendly in 100% of 10 rows with a winner (95% CI 72–100%, p = 0.002).');
    assert.match(view.sections[0]?.title ?? '', /\(1 reviewer: Grace\)/);
    assert.equal(view.problems.length, 1, view.problems.join('\n'));
    assert.ok(view.problems[0]?.startsWith(`${votesFile('Ada')} is not counted: its header says it holds the votes of the reviewer "Grace", but it is not named as that reviewer's votes file (${votesFile('Grace')})`), view.problems[0]);
    assert.equal(view.counted?.title, 'Whose votes were counted');
    assert.deepEqual(view.counted.tables[0]?.rows, [['Grace', 'person', votesFile('Grace'), '10']]);
  });
});
