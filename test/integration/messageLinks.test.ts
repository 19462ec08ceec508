// Text from outside never becomes a link in a notification (issue 23, item A1). VS Code renders
// `[label](command:…)` and `[label](https://…)` in a notification's message, a progress title and a
// quick input prompt as links that run commands. Each test makes the extension show outside text
// there (the service's error, a workspace catalog's gist id, a user name, a workspace gist's label)
// and parses what VS Code was given with VS Code's own link grammar.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { renderedLinks } from '../unit/support/vscodeLinkedText';
import { recordShownMessages, type ShownMessage } from './shownMessages';
import { extensionApi, generate, nextOutcome, openEditor, resetForTest, service, signIn, waitFor, type TestedApi } from './support';

/** The service error seen in the real workbench, with two live links. */
const QUOTA = 'Quota exceeded. [Renew it here](command:workbench.action.openSettings?%22gist%22) or [docs](https://example.test/renew).';
const LINK = '[Open](command:workbench.action.openSettings?%22gist%22)';

function assertNoLinks(shown: readonly ShownMessage[], what: RegExp): void {
  const matching = shown.filter((message) => message.texts.some((text) => what.test(text)));
  assert.ok(matching.length > 0, `no message matching ${String(what)} in ${JSON.stringify(shown)}`);
  for (const message of matching) {
    for (const text of [...message.texts, message.detail ?? '']) {
      assert.deepEqual(renderedLinks(text), [], `a link in the ${message.kind} message ${JSON.stringify(text)}`);
    }
  }
}

describe('Outside text in notifications is never a link', function () {
  let api: TestedApi;
  let recording: ReturnType<typeof recordShownMessages>;

  before(async function () {
    api = await extensionApi();
    await signIn(api);
  });

  beforeEach(async function () {
    await resetForTest();
    recording = recordShownMessages();
  });

  afterEach(function () {
    recording.dispose();
  });

  after(async function () {
    await service().clearFaults();
    await signIn(api);
  });

  for (const status of [402, 401, 500]) {
    it(`a failed call whose service error (HTTP ${status}) holds links: the error notification shows them as text`, async function () {
      await openEditor('');
      await service().injectFaults({ path: '/v1/generate', status, error: QUOTA }, 1);
      const outcome = nextOutcome(api);
      assert.equal(await generate({ gistId: 'echo', variant: 'plain', values: { text: 'x' } }), undefined);
      await outcome;
      assertNoLinks(recording.shown, /Quota exceeded/);
    });
  }

  it('a slow call of a gist whose label holds a link: the progress notification shows it as text', async function () {
    const config = vscode.workspace.getConfiguration('gist');
    const before = config.inspect<unknown[]>('gists')?.workspaceValue;
    await config.update('gists', [{ id: 'echo', label: `Echo ${LINK}`, variant: 'plain', variables: ['text'] }], vscode.ConfigurationTarget.Workspace);
    try {
      await openEditor('');
      await service().injectFaults({ path: '/v1/generate', latencyMs: 600 }, 1);
      await generate({ gistId: 'echo', values: { text: 'x' } });
      assertNoLinks(recording.shown, /Generating/);
    } finally {
      await config.update('gists', before, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('a workspace catalog whose gist id holds a link: the warning about it shows the id as text', async function () {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const file = vscode.Uri.joinPath(folder.uri, '.vscode', 'gists.json');
    const original = await vscode.workspace.fs.readFile(file);
    const id = `x ${LINK}`;
    try {
      await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify([{ id }, { id }])));
      await waitFor('the warning', async () => {
        await api.catalog();
        return recording.shown.some((message) => message.texts.some((text) => text.includes('listed twice')));
      });
      assertNoLinks(recording.shown, /listed twice/);
    } finally {
      await vscode.workspace.fs.writeFile(file, original);
    }
  });

  it('a user name that holds a link: “Connection OK: signed in as …” shows it as text', async function () {
    await service().injectFaults({ path: '/v1/me', status: 200, error: null, data: { id: 'u', name: `Ada ${LINK}`, email: 'a@example.com', company_id: 'c' } }, 1);
    const report = await vscode.commands.executeCommand<{ outcome: string }>('gist.diagnoseConnection');
    assert.equal(report.outcome, 'ok');
    assertNoLinks(recording.shown, /Connection OK/);
  });

  it('a user name that holds a link: “Signed in … as …” shows it as text', async function () {
    await service().injectFaults({ path: '/v1/me', status: 200, error: null, data: { id: 'u', name: `Ada ${LINK}`, email: 'a@example.com', company_id: 'c' } }, 1);
    await vscode.commands.executeCommand('gist.setApiKey', { apiKey: 'gk_demo_ada' });
    assertNoLinks(recording.shown, /Signed in/);
  });
});
