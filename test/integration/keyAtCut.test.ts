// The key echoed JSON-\u-escaped so that it straddles the 300-character cut of an error text (issue
// 23, item B6), in the real VS Code: nothing of it reaches the notification, the log, the history,
// the tool reply or the status bar tooltip. The unit test keyForms.test.ts feeds every form at every
// cut position; this one follows one through every surface of the extension.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { readExtensionLog } from './logFiles';
import { recordShownMessages } from './shownMessages';
import { DEMO_KEY, generate, nextOutcome, openEditor, resetForTest, service, signIn, signedInApi, waitFor, type TestedApi } from './support';

/** The key with every other character written `\uXXXX`, as the body's JSON holds it. */
const ESCAPED = [...DEMO_KEY].map((char, index) => (index % 2 === 0 ? `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}` : char)).join('');
/** The error text's cut keeps 299 characters: the key starts 5 before it. */
const body = (before: number): string => `{"error":"${'e'.repeat(before)}${ESCAPED} is over its quota","data":{"id":"call-${ESCAPED}"}}`;
const PIECES = Array.from({ length: DEMO_KEY.length - 7 }, (_, start) => DEMO_KEY.slice(start, start + 8));

function assertNothingOfKey(where: string, text: string): void {
  const decoded = text.replace(/\\+u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  for (const candidate of [text, decoded]) {
    const piece = PIECES.find((eight) => candidate.includes(eight));
    assert.equal(piece, undefined, `${JSON.stringify(piece)} of the key in ${where}: ${JSON.stringify(text.slice(-400))}`);
  }
}

describe('The key straddling a cut of the error text', function () {
  let api: TestedApi;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(resetForTest);

  after(async function () {
    await service().clearFaults();
    await signIn(api);
  });

  it('a failed generate: the notification, the outcome, the history and the log hold nothing of it', async function () {
    const recording = recordShownMessages();
    try {
      await openEditor('');
      for (const before of [290, 294, 295, 297]) {
        await service().injectFaults({ path: '/v1/generate', kind: 'raw', status: 500, body: body(before) }, 1);
        const outcome = nextOutcome(api);
        assert.equal(await generate({ gistId: 'echo', variant: 'plain', values: { text: 'x' } }), undefined);
        const { error } = await outcome;
        assert.match(error?.serviceError ?? '', /\*\*\* is over its quota/, 'the key was there, redacted');
        assertNothingOfKey(`the outcome (${before})`, JSON.stringify({ message: error?.message, serviceError: error?.serviceError, callId: error?.callId }));
      }
      assertNothingOfKey('the notifications', JSON.stringify(recording.shown));
      await api.testing.historySettled();
      assertNothingOfKey('the history', JSON.stringify(await api.history()));
      await waitFor('the failures in the log', () => readExtensionLog(api).includes('is over its quota'));
      assertNothingOfKey('the log', readExtensionLog(api));
    } finally {
      recording.dispose();
    }
  });

  it('gist_generate: the reply to the model holds nothing of it', async function () {
    const config = vscode.workspace.getConfiguration('gist');
    const before = config.inspect('gists')?.globalValue;
    await config.update('gists', [{ id: 'echo', label: 'Echo', variant: 'plain', variables: ['text'] }], vscode.ConfigurationTarget.Global);
    try {
      const input = { gistId: 'echo', values: { text: 'x' } };
      const token = new vscode.CancellationTokenSource().token;
      await api.testing.languageModelTools.generate.prepareInvocation?.({ input }, token);
      await service().injectFaults({ path: '/v1/generate', kind: 'raw', status: 500, body: body(290) }, 1);
      const result = await api.testing.languageModelTools.generate.invoke({ input, toolInvocationToken: undefined }, token);
      const reply = JSON.stringify(result?.content);
      assert.match(reply, /over its quota|\*\*\*/);
      assertNothingOfKey('the tool reply', reply);
    } finally {
      await config.update('gists', before, vscode.ConfigurationTarget.Global);
    }
  });

  it('an account check: the status bar tooltip holds nothing of it', async function () {
    await service().injectFaults({ path: '/v1/me', kind: 'raw', status: 401, body: `{"error":"${'e'.repeat(290)}${ESCAPED} is suspended","data":null}` }, 1);
    await vscode.commands.executeCommand('gist.refreshAccount');
    assert.equal(api.state().status.kind, 'error');
    assertNothingOfKey('the status bar item', JSON.stringify(api.testing.statusBarItem()));
    assertNothingOfKey('the account state', JSON.stringify(api.state()));
  });
});
