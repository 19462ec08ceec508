// A key typed into a value (`SERVICE_API_KEY=gk_…`) is sent as typed, and redacted wherever values
// are kept or handed out (issue 23, item B7): the public API's onDidFinishCall, the last values in
// global state (gist.lastValues), the history, Compare Variants' result and the tool reply, all by
// the one function the history uses.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { CallOutcome } from '../../src/generation/runner';
import { DEMO_KEY, openEditor, resetForTest, service, signedInApi, waitFor, type TestedApi } from './support';

const TYPED = `SERVICE_API_KEY=${DEMO_KEY}`;
const config = () => vscode.workspace.getConfiguration('gist');

function assertNoKey(where: string, value: unknown): void {
  const text = JSON.stringify(value) ?? '';
  assert.ok(!text.includes(DEMO_KEY), `the key is in ${where}: ${text}`);
}

/** The next outcome on the public API's event (what other extensions receive). */
function nextPublicOutcome(api: TestedApi): Promise<CallOutcome> {
  return new Promise((resolve) => {
    const subscription = api.onDidFinishCall((outcome) => {
      subscription.dispose();
      resolve(outcome);
    });
  });
}

describe('A key typed into a value', function () {
  let api: TestedApi;
  let originalGists: unknown;
  let originalRecent: unknown;
  let originalLastValues: unknown;

  before(async function () {
    api = await signedInApi();
    originalGists = config().inspect('gists')?.globalValue;
    originalRecent = api.testing.globalState.get('gist.recentGists');
    originalLastValues = api.testing.globalState.get('gist.lastValues');
  });

  beforeEach(resetForTest);

  after(async function () {
    await config().update('gists', originalGists, vscode.ConfigurationTarget.Global);
    await api.testing.globalState.update('gist.recentGists', originalRecent);
    await api.testing.globalState.update('gist.lastValues', originalLastValues);
  });

  it('typed in Generate at Cursor: sent as typed; not in onDidFinishCall, gist.lastValues or the history', async function () {
    // The gist first in the picker, its one value prefilled with the key: accepting types it.
    await config().update('gists', [{ id: 'echo', label: 'Echo (typed)', variant: 'plain', variables: [{ name: 'text', default: TYPED }] }], vscode.ConfigurationTarget.Global);
    await api.testing.globalState.update('gist.recentGists', ['echo']);
    await api.testing.globalState.update('gist.lastValues', {});
    await openEditor('');
    const published = nextPublicOutcome(api);
    const pending = vscode.commands.executeCommand('gist.generate');
    await waitFor('the call', async () => {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      return (await service().calls()).length > 0;
    });
    await pending;
    const [sent] = await service().calls();
    assert.equal((JSON.parse(sent?.rawBody ?? '{}') as { values: { text?: string } }).values.text, TYPED, 'sent as typed');
    const outcome = await published;
    await api.testing.historySettled();
    const holding = Object.entries({ 'the public outcome': outcome, 'gist.lastValues': api.testing.globalStateSnapshot()['gist.lastValues'], 'the history': await api.history() })
      .filter(([, value]) => (JSON.stringify(value) ?? '').includes(DEMO_KEY))
      .map(([where]) => where);
    assert.deepEqual(holding, [], 'places that hold the key');
    assert.equal(outcome.request.values.text, 'SERVICE_API_KEY=***');
  });

  it('passed to gist.generate: not in onDidFinishCall or the history', async function () {
    await openEditor('');
    const published = nextPublicOutcome(api);
    await vscode.commands.executeCommand('gist.generate', { gistId: 'echo', variant: 'plain', values: { text: TYPED } });
    assertNoKey('the public outcome', await published);
    await api.testing.historySettled();
    assertNoKey('the history', (await api.history())[0]);
  });

  it('passed to Compare Variants: not in the values it returns', async function () {
    const result = await vscode.commands.executeCommand<{ values: Record<string, string> }>('gist.compareVariants', { gistId: 'welcome-email', variants: ['short', 'formal'], values: { name: TYPED, product: 'Loom' } });
    assert.equal(result.values.name, 'SERVICE_API_KEY=***');
    assertNoKey('the returned values', result.values);
  });

  it('given to gist_generate: not in the reply to the model', async function () {
    await config().update('gists', [{ id: 'echo', label: 'Echo', variant: 'plain', variables: ['text'] }], vscode.ConfigurationTarget.Global);
    const input = { gistId: 'echo', values: { text: TYPED } };
    const token = new vscode.CancellationTokenSource().token;
    await api.testing.languageModelTools.generate.prepareInvocation?.({ input }, token);
    const result = await api.testing.languageModelTools.generate.invoke({ input, toolInvocationToken: undefined }, token);
    assertNoKey('the tool reply', result?.content);
  });
});
