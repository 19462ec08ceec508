// A Test Explorer run counts its calls from the test files (tests × variants × samples) before it
// makes a cell or sends a call: past CHECK_RUN_ASK_CALLS it asks, as Run over Data's summary does
// (how many calls, how fast, to where), and Cancel sends nothing; past MAX_CHECK_RUN_CALLS it is
// refused with the count and the limit, without a question. The question is a modal, which the
// extension host cannot click: the test answers it by wrapping `vscode.window` (shownMessages.ts).
import { strict as assert } from 'node:assert';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CheckReport } from '../../src/checks/checkTestRun';
import { recordShownMessages, type MessageAnswer } from './shownMessages';
import { extensionApi, resetForTest, service, signIn, type TestedApi } from './support';

/** `tests` tests of the echo gist, each on `variants` variants (plain, Automatic, then unknown slugs) `repeat` times. */
function testFile(tests: number, variants: number, repeat: number): string {
  return JSON.stringify({
    gist: 'echo',
    variants: ['plain', null, ...Array.from({ length: Math.max(0, variants - 2) }, (_, index) => `v${index}`)].slice(0, variants),
    repeat,
    tests: Array.from({ length: tests }, (_, index) => ({ vars: { text: `t${index}` }, assert: [{ type: 'contains', value: 't' }] })),
  });
}

describe('Checks in the Test Explorer: the calls of a run', function () {
  this.timeout(120_000);
  let api: TestedApi;
  let folder: string;

  before(async function () {
    api = await extensionApi();
    await signIn(api);
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(workspace);
    folder = path.join(workspace, 'checks-run-size-it');
    mkdirSync(folder, { recursive: true });
  });

  beforeEach(async function () {
    await resetForTest();
  });

  after(async function () {
    if ((folder as string | undefined) !== undefined) rmSync(folder, { recursive: true, force: true });
    await api.testing.checks.discover(true);
  });

  /** The file written and found, then run whole (less the tests `exclude` picks) from the Test Explorer with its messages answered by `answer`. */
  async function runFile(name: string, text: string, answer: MessageAnswer, exclude: (file: vscode.TestItem) => vscode.TestItem[] = () => []): Promise<{ reports: CheckReport[]; shown: string[]; item: vscode.TestItem; generateCalls: number }> {
    const file = path.join(folder, name);
    writeFileSync(file, text);
    await api.testing.checks.discover(true);
    const item = api.testing.checks.controller.items.get(vscode.Uri.file(file).toString());
    assert.ok(item, 'the test file is in the Test Explorer');
    const reports: CheckReport[] = [];
    const listener = api.testing.checks.onDidReport((report) => reports.push(report));
    const messages = recordShownMessages(answer);
    try {
      await api.testing.checks.runProfile.runHandler(new vscode.TestRunRequest([item], exclude(item), api.testing.checks.runProfile), new vscode.CancellationTokenSource().token);
    } finally {
      messages.dispose();
      listener.dispose();
    }
    const generateCalls = (await service().calls()).filter((call) => call.path.startsWith('/v1/generate')).length;
    return { reports, shown: messages.shown.map((message) => [...message.texts, message.detail ?? ''].join(' | ')), item, generateCalls };
  }

  it('asks before a run of 1,100 calls (11 tests × 1 variant × 100 samples), saying how many, how fast and where; Cancel sends nothing and skips the file', async function () {
    const { reports, shown, item, generateCalls } = await runFile('asked.gisttest.json', testFile(11, 1, 100), () => undefined);
    assert.equal(generateCalls, 0, 'no call after Cancel');
    assert.equal(shown.length, 1, shown.join('\n'));
    assert.match(shown[0] ?? '', /^Run 1,100 calls to check asked\.gisttest\.json\? \| Each test runs once per variant and sample: 1,100 calls, up to \d+ at a time, to profile .+ at \S+\. Runs of more than 1,000 calls are asked about first\.$/);
    assert.deepEqual(
      reports.map((report) => [report.item, report.state]),
      [[item.id, 'skipped']],
    );
  });

  it('runs the 1,100 calls once the user says "Run 1,100 Calls"', async function () {
    const { reports, shown, generateCalls } = await runFile('agreed.gisttest.json', testFile(11, 1, 100), (_message, buttons) => buttons.find((button) => button === 'Run 1,100 Calls'));
    assert.equal(shown.length, 1, shown.join('\n'));
    assert.equal(generateCalls, 1_100);
    assert.equal(reports.filter((report) => report.state === 'passed').length, 1_100);
  });

  it('counts tests left out of the run off: 11 tests less 2 excluded, × 100 samples, is 900 calls, run without a question', async function () {
    const excludeTwo = (file: vscode.TestItem): vscode.TestItem[] => [0, 1].map((index) => file.children.get(`${file.id}#${index}`)).filter((test): test is vscode.TestItem => test !== undefined);
    const { shown, generateCalls } = await runFile('excluded.gisttest.json', testFile(11, 1, 100), () => undefined, excludeTwo);
    assert.deepEqual(shown, []);
    assert.equal(generateCalls, 900);
  });

  it('refuses a run of 102,400 calls (32 tests × 32 variants × 100 samples) without a question or a call, and before making its cells', async function () {
    const { reports, shown, item, generateCalls } = await runFile('refused.gisttest.json', testFile(32, 32, 100), () => undefined);
    assert.equal(generateCalls, 0, 'no call');
    assert.deepEqual(shown, ['The checks did not run: they would make 102,400 calls, and a Test Explorer run makes at most 100,000. Pick fewer tests, variants or samples, or run the file with gist-check --max-calls. | ']);
    assert.equal(reports.length, 1, JSON.stringify(reports.slice(0, 3)));
    assert.equal(reports[0]?.item, item.id);
    assert.equal(reports[0]?.state, 'errored');
    assert.match(reports[0]?.messages[0]?.message ?? '', /^Not run: this run would make 102,400 calls, and a Test Explorer run makes at most 100,000\./);
    let cells = 0;
    item.children.forEach((test) => (cells += test.children.size));
    assert.equal(cells, 0, 'no variant or sample item was made');
  });
});
