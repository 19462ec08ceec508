// Compare Variants goes through the same pipeline as Generate (issue 14, item 2): the status bar
// spinner while its calls run, the last call id, one outcome per variant (so one history entry
// each), and Generate's failure buttons, whose Retry sends only the failed variant again.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { CompareResult } from '../../src/generation/compareResults';
import type { TestedCallOutcome } from '../../src/generation/runner';
import { closeAllEditors, resetForTest, service, signedInApi, waitFor, type TestedApi } from './support';

const values = { name: 'Ada', product: 'Engine' };

function compare(args: unknown): Thenable<CompareResult | undefined> {
  return vscode.commands.executeCommand<CompareResult | undefined>('gist.compareVariants', args);
}

describe('Compare Variants in the one generation pipeline', function () {
  let api: TestedApi;
  let outcomes: TestedCallOutcome[];
  let subscription: vscode.Disposable | undefined;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(async function () {
    await resetForTest();
    outcomes = [];
    subscription = api.testing.onDidFinishCall((outcome) => outcomes.push(outcome));
  });

  afterEach(function () {
    subscription?.dispose();
  });

  after(closeAllEditors);

  it('shows the spinner while the variants run, then sets the last call id and publishes one outcome per variant', async function () {
    await service().injectFaults({ path: '/v1/generate', latencyMs: 1500 }, 2);
    const pending = compare({ gistId: 'welcome-email', variants: ['formal', 'short'], values });
    await waitFor('both calls in flight', () => api.state().generating === 2);
    // The spinner comes once the calls have run FEEDBACK_DELAY_MS.
    await waitFor('the spinner', () => /loading~spin/.test(api.testing.statusBarItem().text));
    assert.equal(api.state().generating, 2);
    const compared = await pending;
    assert.ok(compared);
    assert.equal(api.state().generating, 0);
    const ids = compared.results.map((result) => result.id);
    assert.ok(ids.includes(api.state().lastCallId), `last call id ${api.state().lastCallId} is one of ${ids.join(', ')}`);
    assert.deepEqual(
      outcomes.map((outcome) => [outcome.request.variant, outcome.insertion, outcome.error]),
      [
        ['formal', 'newDocument', undefined],
        ['short', 'newDocument', undefined],
      ],
    );
    assert.deepEqual(
      (await api.history()).slice(0, 2).map((entry) => entry.callId).sort(),
      [...ids].sort(),
    );
  });

  it('a failed variant offers Generate’s buttons, and Retry sends only that variant again', async function () {
    await service().injectFaults({ path: '/v1/generate/welcome-email/short', status: 503, error: 'busy' }, 1);
    const compared = await compare({ gistId: 'welcome-email', variants: ['formal', 'short'], values });
    assert.ok(compared);
    const failed = outcomes.find((outcome) => outcome.error !== undefined);
    assert.equal(failed?.request.variant, 'short');
    assert.deepEqual(failed?.actions, ['retry', 'showLog']);
    assert.equal(outcomes.find((outcome) => outcome.error === undefined)?.actions, undefined, 'the successful variant offers nothing');
    assert.ok(failed?.retry);

    await service().clearCalls();
    outcomes = [];
    await failed.retry();
    assert.deepEqual(
      (await service().calls()).map((call) => call.path),
      ['/v1/generate/welcome-email/short'],
    );
    assert.equal(outcomes.length, 1);
    assert.equal(outcomes[0]?.error, undefined, outcomes[0]?.error?.message);
    assert.equal(outcomes[0]?.insertion, 'newDocument');
    const opened = vscode.workspace.textDocuments.find((document) => document.getText() === outcomes[0]?.result?.content);
    assert.ok(opened, 'the retried variant opened in a document');
  });
});
