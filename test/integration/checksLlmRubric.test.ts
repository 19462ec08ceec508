// llm-rubric in the Test Explorer, in the real VS Code: a .gisttest.json run through the Testing
// API against the local service, graded by a chat model that a test-only extension provides
// (test/fixtures/languageModelProvider). The model is asked for once per run, after the user
// started it; nothing reaches the model before the consent, and when it is declined the llm-rubric
// tests are not run and say "Not graded: no model chosen", never passed. A pass, a failure at the
// assertion's line, an unreadable answer and a failing model each report as they should. The
// model pick and the consent are answered through api.testing.answerRubricGrading (the extension
// host can click neither). VS Code 1.100 has no API to provide a model: the suite skips there,
// saying so in its title.
import { strict as assert } from 'node:assert';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CheckReport } from '../../src/checks/checkTestRun';
import type { RubricConsentQuestion } from '../../src/checks/rubricModel';
import { extensionApi, resetForTest, service, signIn, type TestedApi } from './support';
import { PROVIDER_EXTENSION, SKIPPED_WITHOUT_PROVIDER_API, type TestModelProvider } from './testModelProvider';

const SKIPPED = SKIPPED_WITHOUT_PROVIDER_API;

/** The echo gist gives its `text` back. Line 4 and 5 hold the llm-rubric assertions (from 1). */
const FILE = [
  '{',
  '  "gist": "echo",',
  '  "tests": [',
  '    { "description": "warm", "vars": { "text": "Hello Ada, welcome!" }, "assert": [{ "type": "llm-rubric", "value": "Greets the person warmly" }] },',
  '    { "description": "cold", "vars": { "text": "Go away" }, "assert": [{ "type": "contains", "value": "Go" }, { "type": "llm-rubric", "value": "Greets the person warmly" }] },',
  '    { "description": "plain", "vars": { "text": "plain text" }, "assert": [{ "type": "contains", "value": "plain" }] }',
  '  ]',
  '}',
].join('\n');

const verdict = (pass: boolean, reason: string): string => JSON.stringify({ reason, score: pass ? 1 : 0, pass });

(SKIPPED === undefined ? describe : describe.skip)(`Checks with llm-rubric in the Test Explorer (a test model provider)${SKIPPED === undefined ? '' : `, ${SKIPPED}`}`, function () {
  this.timeout(60_000);
  let api: TestedApi;
  let provider: TestModelProvider;
  let folder: string;
  let uri: vscode.Uri;
  let asked: Array<{ readonly question: RubricConsentQuestion; readonly requestsSoFar: number; readonly offered: string[] }>;

  /** Answers the pick with the test model and the consent with `agree`, noting what was asked and when. */
  const answer = (agree: boolean): void => {
    let offered: string[] = [];
    api.testing.answerRubricGrading({
      pickModel: (models) => {
        offered = models.map((model) => `${model.vendor}/${model.id}`);
        return models.find((model) => model.vendor === provider.vendor && model.id === provider.model);
      },
      consent: (question) => {
        asked.push({ question, requestsSoFar: provider.requests.length, offered });
        return agree;
      },
    });
  };

  const run = async (): Promise<Record<string, CheckReport>> => {
    const item = api.testing.checks.controller.items.get(uri.toString());
    assert.ok(item, 'the test file is in the Test Explorer');
    const reports: CheckReport[] = [];
    const listener = api.testing.checks.onDidReport((report) => reports.push(report));
    try {
      await api.testing.checks.runProfile.runHandler(new vscode.TestRunRequest([item], undefined, api.testing.checks.runProfile), new vscode.CancellationTokenSource().token);
    } finally {
      listener.dispose();
    }
    return Object.fromEntries(reports.map((report) => [report.item.split('#')[1] ?? report.item, report]));
  };

  const generatedTexts = async (): Promise<string[]> =>
    (await service().calls())
      .filter((call) => call.path.startsWith('/v1/generate'))
      .map((call) => (call.body as { values: { text: string } }).values.text)
      .sort();

  before(async function () {
    const extension = vscode.extensions.getExtension<TestModelProvider>(PROVIDER_EXTENSION);
    assert.ok(extension, `${PROVIDER_EXTENSION} is loaded beside Gist Generate`);
    provider = await extension.activate();
    assert.ok(provider.available, provider.reason);
    api = await extensionApi();
    await signIn(api);
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(workspace);
    folder = path.join(workspace, 'checks-rubric-it');
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, 'greeting.gisttest.json');
    writeFileSync(file, FILE);
    uri = vscode.Uri.file(file);
  });

  beforeEach(async function () {
    await resetForTest();
    await api.testing.checks.discover(true);
    provider.requests.length = 0;
    provider.respond = undefined;
    asked = [];
  });

  afterEach(function () {
    api?.testing.answerRubricGrading(undefined);
    if (provider !== undefined) provider.respond = undefined;
  });

  after(function () {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  });

  it('declined: sends nothing to the model, runs no llm-rubric test, and says "Not graded: no model chosen"', async function () {
    provider.respond = () => verdict(true, 'warm');
    answer(false);
    const reports = await run();
    assert.equal(asked.length, 1, 'asked once for the run');
    assert.deepEqual(provider.requests, [], 'no request to the model');
    assert.equal(reports['2/plain']?.state, 'passed', 'the test without llm-rubric runs');
    for (const key of ['0/plain', '1/plain']) {
      assert.equal(reports[key]?.state, 'errored', key);
      assert.match(reports[key]?.messages[0]?.message ?? '', /^Not graded: no model chosen\./, key);
    }
    assert.deepEqual(await generatedTexts(), ['plain text'], 'no call for the tests a model would grade');
  });

  it('agreed: asks once with the model and the counts, then passes and fails as the model grades, at the assertion line', async function () {
    provider.respond = (prompt) => (prompt.includes('Hello Ada') ? verdict(true, 'A warm welcome.') : verdict(false, 'Not a greeting at all.'));
    answer(true);
    const reports = await run();
    assert.equal(asked.length, 1);
    assert.equal(asked[0]?.requestsSoFar, 0, 'nothing sent before the consent');
    assert.ok(asked[0]?.offered.includes(`${provider.vendor}/${provider.model}`), 'the provided model is offered');
    assert.deepEqual(asked[0]?.question, { model: { name: 'Test Judge', vendor: provider.vendor, family: 'gist-test-judge', id: provider.model }, outputs: 2, requests: 2, files: ['greeting.gisttest.json'] });
    assert.equal(provider.requests.length, 2);
    for (const prompt of provider.requests) {
      assert.match(prompt, /<<<RUBRIC [0-9a-f]{12}>>>\nGreets the person warmly\n<<<END RUBRIC/);
      assert.doesNotMatch(prompt, /plain|call-/, 'no variant name or call id');
    }
    assert.equal(reports['0/plain']?.state, 'passed');
    assert.equal(reports['1/plain']?.state, 'failed');
    assert.deepEqual(reports['1/plain']?.messages, [{ message: 'llm-rubric: Not a greeting at all.', uri: uri.toString(), line: 5 }]);
    assert.equal(reports['2/plain']?.state, 'passed');
  });

  it('an answer that is not the object asked for errors the test; it never passes', async function () {
    provider.respond = () => 'PASS, definitely.';
    answer(true);
    const reports = await run();
    assert.equal(reports['0/plain']?.state, 'errored');
    assert.match(reports['0/plain']?.messages[0]?.message ?? '', /^llm-rubric: The grading model's answer could not be read \(the answer is not the JSON object asked for\)/);
    assert.equal(reports['0/plain']?.messages[0]?.line, 4);
  });

  it('a model failure errors the test with the model\'s message as inert text', async function () {
    provider.respond = () => {
      throw new Error('quota\u202E exhausted');
    };
    answer(true);
    const reports = await run();
    for (const key of ['0/plain', '1/plain']) {
      assert.equal(reports[key]?.state, 'errored', key);
      const message = reports[key]?.messages[0]?.message ?? '';
      assert.match(message, /^llm-rubric: The grading model gave no answer: /, key);
      assert.doesNotMatch(message, /\u202E/, 'hidden characters shown, not applied');
    }
  });
});
