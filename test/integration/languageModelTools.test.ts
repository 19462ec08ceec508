// gist_generate and gist_list as language model tools, in the real VS Code: listed in
// vscode.lm.tools and called through vscode.lm.invokeTool as an agent calls them, no chat needed.
// VS Code calls prepareInvocation, shows its confirmation, then calls invoke. Outside a chat the
// confirmation is a modal dialog, which VS Code's dialog service answers "yes" by itself while
// extension tests run ("DialogService: refused to show confirmation dialog in tests."): so the
// confirmation's text is checked by calling the registered tool's prepareInvocation
// (api.testing.languageModelTools), and the tests that need something to happen between
// prepareInvocation and invoke call both on the registered tool, in VS Code's order.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { ConsentChoice, ConsentQuestion } from '../../src/catalog/workspaceGistConsent';
import { readExtensionLog } from './logFiles';
import { markdownText } from '../../src/shared/markdown';
import { at, closeAllEditors, DEMO_KEY, nextOutcome, OTHER_KEY, openEditor, resetForTest, service, serviceUrl, signIn, signedInApi, waitFor, type TestedApi } from './support';

const config = () => vscode.workspace.getConfiguration('gist');

/** The user's own catalog for this suite (user settings win over the fixture workspace's entries with the same id). */
const USER_GISTS = [
  { id: 'echo', label: 'Echo (mine)', description: 'Repeats its text', variant: 'plain', variables: [{ name: 'text', description: 'What to repeat' }] },
  { id: 'welcome-email', label: 'Welcome', variants: ['formal', 'friendly', 'short'], variables: [{ name: 'name', description: 'The customer' }, { name: 'product', default: 'Loom' }] },
  { id: 'commit-message', label: 'Commit', variant: 'default', variables: [{ name: 'summary', default: '${selection}' }] },
];

function texts(result: vscode.LanguageModelToolResult): string[] {
  return result.content.map((part) => {
    assert.ok(typeof part === 'object' && part !== null && typeof (part as { value?: unknown }).value === 'string', `a text part: ${JSON.stringify(part)}`);
    return (part as { value: string }).value;
  });
}

/** Through VS Code's own API, as an agent calls it: the reply's text parts. */
async function invokeTool(name: string, input: object, token?: vscode.CancellationToken): Promise<string[]> {
  return texts(await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token));
}

async function invokeThroughVsCode(name: string, input: object): Promise<string> {
  return (await invokeTool(name, input)).join('');
}

function messageOf(prepared: vscode.PreparedToolInvocation | null | undefined): string {
  const message = prepared?.confirmationMessages?.message;
  assert.ok(message !== undefined, 'a confirmation is shown');
  return typeof message === 'string' ? message : message.value;
}

describe('Gists as language model tools', function () {
  let api: TestedApi;
  let originalWorkspaceGists: unknown;

  const tools = () => api.testing.languageModelTools;

  before(async function () {
    api = await signedInApi();
    originalWorkspaceGists = config().inspect('gists')?.workspaceValue;
    await config().update('gists', USER_GISTS, vscode.ConfigurationTarget.Global);
  });

  beforeEach(resetForTest);

  after(async function () {
    api.testing.answerConsent(undefined);
    await config().update('gists', undefined, vscode.ConfigurationTarget.Global);
    await config().update('gists', originalWorkspaceGists, vscode.ConfigurationTarget.Workspace);
    await closeAllEditors();
  });

  it('are listed in vscode.lm.tools with their input schema, description and tags', function () {
    const generate = vscode.lm.tools.find((tool) => tool.name === 'gist_generate');
    const list = vscode.lm.tools.find((tool) => tool.name === 'gist_list');
    assert.ok(generate && list, vscode.lm.tools.map((tool) => tool.name).join(', '));
    assert.deepEqual((generate.inputSchema as { required?: string[] }).required, ['gistId', 'values']);
    assert.match(generate.description, /call gist_list first/);
    assert.ok(generate.tags.includes('gist'));
    assert.deepEqual(Object.keys((list.inputSchema as { properties: object }).properties), ['search']);
  });

  it('gist_list through vscode.lm.invokeTool: ids, labels, descriptions, variants, variables; a search narrows it', async function () {
    const reply = await invokeThroughVsCode('gist_list', {});
    const listed = JSON.parse(reply.split('\n')[1] ?? '') as { gists: Array<{ id: string; label: string; definedBy: string; variants?: string[]; variables: Array<{ name: string; description?: string }> }> };
    const echo = listed.gists.find((gist) => gist.id === 'echo');
    assert.deepEqual(echo, {
      id: 'echo',
      label: 'Echo (mine)',
      description: 'Repeats its text',
      definedBy: 'user',
      source: 'settings (gist.gists)',
      variants: ['plain'],
      variables: [{ name: 'text', description: 'What to repeat' }],
    });
    assert.deepEqual(listed.gists.find((gist) => gist.id === 'welcome-email')?.variants, ['formal', 'friendly', 'short']);
    // The fixture workspace's haiku, from its settings.
    assert.equal(listed.gists.find((gist) => gist.id === 'haiku')?.definedBy, 'workspace');
    const searched = JSON.parse((await invokeThroughVsCode('gist_list', { search: 'REPEATS' })).split('\n')[1] ?? '') as { gists: Array<{ id: string }> };
    assert.deepEqual(searched.gists.map((gist) => gist.id), ['echo']);
    assert.deepEqual(await service().calls(), [], 'listing calls nothing');
  });

  it('gist_generate shows gist, variant and every value for confirmation, then returns the text and the call id, inserting nothing', async function () {
    const editor = await openEditor('keep me as I am');
    const input = { gistId: 'welcome-email', variant: 'short', values: { name: 'Ada' } };
    const prepared = await tools().generate.prepareInvocation?.({ input }, new vscode.CancellationTokenSource().token);
    assert.match(prepared?.confirmationMessages?.title ?? '', /Welcome/);
    const message = messageOf(prepared);
    assert.match(message, /\*\*Welcome\*\* \(welcome\\-email\)\. From your own settings\./);
    assert.match(message, /Variant: short\./);
    assert.match(message, /\*\*name\*\* \(from the chat\):\n\n```text\nAda\n```/);
    assert.match(message, /\*\*product\*\* \(default of your gist\):\n\n```text\nLoom\n```/);
    assert.deepEqual(await service().calls(), [], 'preparing sends nothing');
    const [header, content] = await invokeTool('gist_generate', input);
    assert.equal(content, 'Welcome to Loom, Ada.');
    const callId = /call id (\S+)\./.exec(header ?? '')?.[1];
    assert.ok(callId, header);
    const [sent] = await service().calls();
    assert.equal(sent?.callId, callId);
    assert.equal(sent?.path, '/v1/generate/welcome-email/short');
    assert.equal(editor.document.getText(), 'keep me as I am', 'nothing inserted');
    assert.equal(api.state().lastCallId, callId);
    // The same runner as every other call: history entry and call log line.
    const [entry] = await api.history();
    assert.equal(entry?.callId, callId);
    assert.equal(entry?.label, 'Welcome');
    assert.deepEqual({ ...entry?.values }, { name: 'Ada', product: 'Loom' });
    await waitFor('the call log line', () => readExtensionLog(api).includes(`gist=welcome-email variant=short callId=${callId} status=ok`));
  });

  it('fills a default from the selection, says so in the confirmation, and sends what it showed even if the selection changes', async function () {
    const editor = await openEditor('fix the parser\nsomething else');
    at(editor, [0, 14]);
    const input = { gistId: 'commit-message', values: {} };
    const prepared = await tools().generate.prepareInvocation?.({ input }, new vscode.CancellationTokenSource().token);
    assert.match(messageOf(prepared), /\*\*summary\*\* \(default of your gist, filled from \\\$\\\{selection\\\}\):\n\n```text\nfix the parser\n```/);
    at(editor, [15, 29]);
    const reply = texts((await tools().generate.invoke({ input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token)) ?? assert.fail());
    assert.equal(reply[1], 'chore: fix the parser\n\nGenerated with Gist Generate.');
    assert.equal(editor.document.getText(), 'fix the parser\nsomething else');
  });

  it('a cancelled call is never sent: the same input prepared again, showing nothing this time, sends nothing (issue 23 B4)', async function () {
    const editor = await openEditor('hunter2-is-my-password');
    at(editor, [0, 22]);
    const input = { gistId: 'commit-message', values: {} };
    // The first question shows the selected text; the user cancels it, so VS Code never invokes it.
    assert.match(messageOf(await tools().generate.prepareInvocation?.({ input }, new vscode.CancellationTokenSource().token)), /hunter2-is-my-password/);
    // The selection is gone; the model calls again with the same input: nothing to confirm now.
    at(editor, 0);
    const again = await tools().generate.prepareInvocation?.({ input }, new vscode.CancellationTokenSource().token);
    assert.equal(again?.confirmationMessages, undefined, 'this preparation showed nothing');
    const reply = texts((await tools().generate.invoke({ input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token)) ?? assert.fail());
    assert.match(reply.join(''), /^Missing value for "summary" of gist "commit-message"\. Nothing was sent\./);
    assert.deepEqual(await service().calls(), [], 'the cancelled plan, with the password, was not sent');
  });

  it('the confirmation names the profile and its service host; a call confirmed for one profile is not sent once the window uses another', async function () {
    const host = new URL(serviceUrl()).host;
    const input = { gistId: 'echo', values: { text: 'where does this go' } };
    const message = messageOf(await tools().generate.prepareInvocation?.({ input }, new vscode.CancellationTokenSource().token));
    assert.ok(message.includes(`Sent to **${markdownText(host)}** with the key of profile ${markdownText(host)}.`), message);
    await config().update('profiles', [{ name: 'Twin', baseUrl: serviceUrl() }], vscode.ConfigurationTarget.Global);
    try {
      await waitFor('the second profile', () => api.state().profiles.includes('Twin'));
      await vscode.commands.executeCommand('gist.setApiKey', { apiKey: OTHER_KEY, profile: 'Twin' });
      assert.equal(await vscode.commands.executeCommand('gist.switchAccount', { profile: 'Twin' }), 'Twin');
      await service().clearCalls();
      const reply = texts((await tools().generate.invoke({ input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token)) ?? assert.fail());
      assert.match(reply.join(''), /^The account changed after the user confirmed the call/);
      assert.deepEqual((await service().calls()).filter((call) => call.path.startsWith('/v1/generate')), []);
    } finally {
      await vscode.commands.executeCommand('gist.switchAccount', { profile: host });
      await vscode.commands.executeCommand('gist.signOut', { profile: 'Twin' });
      await config().update('profiles', undefined, vscode.ConfigurationTarget.Global);
      await waitFor('one profile again', () => api.state().profiles.length === 1);
      await api.testing.forgetProfilePick();
    }
  });

  describe('a workspace gist whose default reads the editor', function () {
    let asked: ConsentQuestion[];
    let answer: ConsentChoice;

    beforeEach(async function () {
      asked = [];
      api.testing.answerConsent((question) => {
        asked.push(question);
        return Promise.resolve(answer);
      });
      await config().update('gists', [{ id: 'haiku', label: 'Haiku (repository)', variant: 'en', variables: [{ name: 'topic', default: '${selection}' }] }], vscode.ConfigurationTarget.Workspace);
    });

    afterEach(async function () {
      api.testing.answerConsent(undefined);
      await config().update('gists', originalWorkspaceGists, vscode.ConfigurationTarget.Workspace);
    });

    it('is marked as the workspace’s in the confirmation, and still asks before the selection is sent: Cancel sends nothing', async function () {
      const editor = await openEditor('my private notes');
      at(editor, [0, 16]);
      answer = 'cancel';
      const input = { gistId: 'haiku', values: {} };
      const message = messageOf(await tools().generate.prepareInvocation?.({ input }, new vscode.CancellationTokenSource().token));
      assert.match(message, /Defined by this workspace in workspace settings \\\(gist\\\.gists\\\), not by you\./);
      assert.match(message, /\*\*topic\*\* \(default of the workspace gist, filled from \\\$\\\{selection\\\}\)/);
      assert.match(message, /you will be asked about it before it is sent/);
      const reply = await invokeTool('gist_generate', input);
      assert.equal(asked.length, 1, 'the consent question was asked');
      assert.deepEqual(asked[0]?.filled.map((value) => value.preview), ['my private notes']);
      assert.match(reply.join(''), /did not agree to send text from their editor/);
      assert.deepEqual(await service().calls(), [], 'nothing was sent');
    });

    it('sends after "Send Once", and a value the chat gave needs no question', async function () {
      const editor = await openEditor('autumn');
      at(editor, [0, 6]);
      answer = 'once';
      assert.match((await invokeTool('gist_generate', { gistId: 'haiku', values: {} }))[1] ?? '', /autumn/);
      assert.equal(asked.length, 1);
      assert.match((await invokeTool('gist_generate', { gistId: 'haiku', values: { topic: 'winter' } }))[1] ?? '', /winter/);
      assert.equal(asked.length, 1, 'not asked for a value the chat passed');
    });
  });

  describe('failures: a short reply, nothing sent, no exception', function () {
    const cases: Array<[string, object, RegExp]> = [
      ['an unknown gist', { gistId: 'nope', values: {} }, /^Unknown gist "nope": it is not in the user's gist catalog\. Nothing was sent\. Call gist_list/],
      ['an unknown variant', { gistId: 'welcome-email', variant: 'casual', values: { name: 'Ada' } }, /no variant "casual"\. Nothing was sent\. Its variants: "formal", "friendly", "short"/],
      ['a missing variable', { gistId: 'welcome-email', values: {} }, /^Missing value for "name" of gist "welcome-email"\. Nothing was sent\./],
      ['a variable the gist does not have', { gistId: 'echo', values: { txt: 'x' } }, /no variable "txt"/],
      ['a value that is not a string', { gistId: 'echo', values: { text: 42 } }, /^Invalid input: value "text" must be a string\./],
      ['a field the tool does not take', { gistId: 'echo', values: { text: 'x' }, insertMode: 'cursor' }, /^Unknown input field "insertMode"/],
    ];
    for (const [what, input, expected] of cases) {
      it(`${what}, through vscode.lm.invokeTool (no confirmation is shown)`, async function () {
        const prepared = await tools().generate.prepareInvocation?.({ input }, new vscode.CancellationTokenSource().token);
        assert.equal(prepared?.confirmationMessages, undefined, 'nothing to confirm');
        assert.match(await invokeThroughVsCode('gist_generate', input), expected);
        assert.deepEqual(await service().calls(), []);
      });
    }

    it('not signed in: asks the user to run Gist: Set API Key…, through vscode.lm.invokeTool', async function () {
      await vscode.commands.executeCommand('gist.signOut');
      try {
        const reply = await invokeThroughVsCode('gist_generate', { gistId: 'echo', values: { text: 'x' } });
        assert.match(reply, /^Not signed in to the gist service\. Nothing was sent\. Ask the user to run “Gist: Set API Key…”/);
        assert.deepEqual(await service().calls(), []);
      } finally {
        await signIn(api);
      }
    });

    it('a call prepared while signed out is not sent after signing in: it was never shown for confirmation', async function () {
      const input = { gistId: 'echo', values: { text: 'x' } };
      await vscode.commands.executeCommand('gist.signOut');
      let prepared: vscode.PreparedToolInvocation | null | undefined;
      try {
        prepared = await tools().generate.prepareInvocation?.({ input }, new vscode.CancellationTokenSource().token);
      } finally {
        await signIn(api);
      }
      assert.equal(prepared?.confirmationMessages, undefined);
      // VS Code prepares again before each invoke; invoke after this preparation, as it would have.
      const reply = texts((await tools().generate.invoke({ input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token)) ?? assert.fail());
      assert.match(reply.join(''), /^The call was not shown to the user for confirmation/);
      assert.deepEqual((await service().calls()).filter((call) => call.path.startsWith('/v1/generate')), []);
    });

    it('the service refuses the key: the reply says to set the API key and never holds it; no notification buttons', async function () {
      await service().injectFaults({ path: '/v1/generate', status: 401, error: 'Invalid API key' });
      const outcome = nextOutcome(api);
      const reply = await invokeTool('gist_generate', { gistId: 'echo', values: { text: 'x' } });
      assert.match(reply.join(''), /The API key was refused: ask the user to run “Gist: Set API Key…”/);
      assert.equal(reply.join('').includes(DEMO_KEY), false);
      assert.equal((await outcome).actions, undefined, 'the model is told; no notification is shown');
    });

    it('a service error: the reply names it, the history and the log record the failed call', async function () {
      await service().injectFaults({ path: '/v1/generate', status: 500, error: 'the model is down' });
      const reply = await invokeTool('gist_generate', { gistId: 'echo', values: { text: 'x' } });
      assert.match(reply.join(''), /^The gist service call failed: .*the model is down.*“Gist: Diagnose Connection”/);
      const [entry] = await api.history();
      assert.equal(entry?.gistId, 'echo');
      assert.match(entry?.error ?? '', /the model is down/);
      await waitFor('the failure in the log', () => readExtensionLog(api).includes('gist=echo variant=plain callId=- status=service'));
    });
  });

  describe('cancellation', function () {
    beforeEach(async function () {
      // Longer than a test may take: only the cancellation can end the call.
      await service().injectFaults({ path: '/v1/generate', latencyMs: 120_000 });
    });

    it('by the token given to vscode.lm.invokeTool: VS Code rejects at once, and the call is aborted, logged, not kept', async function () {
      const historyBefore = (await api.history()).length;
      const source = new vscode.CancellationTokenSource();
      const pending = invokeTool('gist_generate', { gistId: 'echo', values: { text: 'never' } }, source.token);
      await waitFor('the call in flight', () => api.state().generating === 1);
      source.cancel();
      await assert.rejects(pending, (error: Error) => error.name === 'Canceled' || error.message === 'Canceled');
      await waitFor('the call aborted', () => api.state().generating === 0);
      await waitFor('the cancelled call in the log', () => readExtensionLog(api).includes('gist=echo variant=plain callId=- status=cancelled'));
      assert.equal((await api.history()).length, historyBefore, 'a cancelled call is not kept');
    });

    it('by the token of invoke: the reply says it was cancelled', async function () {
      const source = new vscode.CancellationTokenSource();
      const input = { gistId: 'echo', values: { text: 'never' } };
      await tools().generate.prepareInvocation?.({ input }, source.token);
      const pending = tools().generate.invoke({ input, toolInvocationToken: undefined }, source.token);
      await waitFor('the call in flight', () => api.state().generating === 1);
      source.cancel();
      assert.deepEqual(texts((await pending) ?? assert.fail()), ['The call was cancelled; nothing was generated.']);
      assert.equal(api.state().generating, 0);
    });
  });

  it('invoke without prepareInvocation sends nothing', async function () {
    const reply = texts((await tools().generate.invoke({ input: { gistId: 'echo', values: { text: 'x' } }, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token)) ?? assert.fail());
    assert.match(reply.join(''), /^The call was not shown to the user for confirmation/);
    assert.deepEqual(await service().calls(), []);
  });
});
