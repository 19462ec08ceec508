// "Gist: Compare Variants…" with arguments: concurrent calls, results side by side, partial failures.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { CompareResult } from '../../src/generation/compareResults';
import { resultTitle } from '../../src/generation/compareArgs';
import { closeAllEditors, resetForTest, service, signedInApi, waitFor, type TestedApi } from './support';

function compare(args: unknown): Thenable<CompareResult | undefined> {
  return vscode.commands.executeCommand<CompareResult | undefined>('gist.compareVariants', args);
}

const values = { name: 'Ada', product: 'Engine' };

function textOf(uri: string | undefined): string | undefined {
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri)?.getText();
}

describe('Compare Variants', function () {
  let api: TestedApi;

  before(async function () {
    api = await signedInApi();
  });

  beforeEach(resetForTest);

  after(closeAllEditors);

  it('opens exactly two variants in a diff, each titled with its variant and call id', async function () {
    const compared = await compare({ gistId: 'welcome-email', variants: ['formal', 'friendly'], values });
    assert.ok(compared);
    assert.deepEqual(
      compared.results.map((result) => result.variant),
      ['formal', 'friendly'],
    );
    const [formal, friendly] = compared.results;
    assert.ok(formal?.id && friendly?.id);
    assert.match(formal.content ?? '', /^Dear Ada,/);
    assert.match(friendly.content ?? '', /^Hi Ada!/);
    const calls = await service().calls();
    assert.deepEqual(calls.map((call) => call.path).sort(), ['/v1/generate/welcome-email/formal', '/v1/generate/welcome-email/friendly']);
    assert.ok(calls.every((call) => JSON.stringify(call.body) === JSON.stringify({ values })));
    const tab = await waitFor('the diff', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.equal(tab.original.toString(), formal.document);
    assert.equal(tab.modified.toString(), friendly.document);
    // Call ids are opaque and may hold '/', which the title replaces.
    assert.equal(tab.original.path, resultTitle('Welcome e-mail', 'formal', formal.id));
    assert.equal(tab.modified.path, resultTitle('Welcome e-mail', 'friendly', friendly.id));
    assert.match(tab.original.path, /^Welcome e-mail · formal · /);
    assert.equal(textOf(formal.document), formal.content);
    assert.equal(textOf(friendly.document), friendly.content);
  });

  it('calls the variants concurrently and puts three or more side by side', async function () {
    // Each answer is held 3 s. Called together, all three requests reach the service before the
    // first answer leaves; one after the other, each would arrive 3 s after the previous. Judged by
    // arrival times at the service, not by the test's clock (opening editors under load is slow).
    await service().injectFaults({ path: '/v1/generate', latencyMs: 3000 }, 3);
    const compared = await compare({ gistId: 'welcome-email', variants: ['formal', 'friendly', 'short'], values });
    assert.ok(compared);
    const arrivals = (await service().calls()).filter((call) => call.path.startsWith('/v1/generate/')).map((call) => Date.parse(call.time));
    assert.equal(arrivals.length, 3);
    const spread = Math.max(...arrivals) - Math.min(...arrivals);
    assert.ok(spread < 3000, `the requests arrived ${spread} ms apart: the third came after the first was answered`);
    assert.equal(compared.results.filter((result) => result.content !== undefined).length, 3);
    const columns = new Set<number>();
    for (const result of compared.results) {
      const editor = vscode.window.visibleTextEditors.find((visible) => visible.document.uri.toString() === result.document);
      assert.ok(editor, `${result.variant} is visible`);
      assert.equal(editor.document.getText(), result.content);
      columns.add(editor.viewColumn ?? 0);
    }
    assert.equal(columns.size, 3);
  });

  it('reports a failed variant without losing the others, and records all of them in the history', async function () {
    const compared = await compare({ gistId: 'welcome-email', variants: ['formal', 'nope', 'short'], values });
    assert.ok(compared);
    const byVariant = new Map(compared.results.map((result) => [result.variant, result]));
    assert.match(byVariant.get('nope')?.error ?? '', /./);
    assert.equal(byVariant.get('nope')?.document, undefined);
    assert.match(byVariant.get('formal')?.content ?? '', /Dear Ada/);
    assert.equal(byVariant.get('short')?.content, 'Welcome to Engine, Ada.');
    // Exactly two successes: shown in a diff.
    const tab = await waitFor('the diff', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.equal(tab.original.toString(), byVariant.get('formal')?.document);
    await waitFor('the history', async () => (await api.history()).filter((entry) => entry.gistId === 'welcome-email').length >= 3);
    const recent = (await api.history()).slice(0, 3);
    assert.deepEqual(recent.map((entry) => entry.variant).sort(), ['formal', 'nope', 'short']);
    assert.ok(recent.find((entry) => entry.variant === 'nope')?.error);
  });

  it('fills values from catalog defaults when none are given', async function () {
    const document = await vscode.workspace.openTextDocument({ content: 'Grace' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 0, 5);
    const config = vscode.workspace.getConfiguration('gist');
    // The user's own gist: one from the workspace would first ask (workspaceGistConsent.test.ts).
    await config.update(
      'gists',
      [{ id: 'welcome-email', variables: [{ name: 'name', default: '${selection}' }, { name: 'product', default: 'Loom' }] }],
      vscode.ConfigurationTarget.Global,
    );
    try {
      const compared = await compare({ gistId: 'welcome-email', variants: ['short', 'friendly'] });
      assert.equal(compared?.results[0]?.content, 'Welcome to Loom, Grace.');
      assert.deepEqual({ ...compared?.values }, { name: 'Grace', product: 'Loom' });
    } finally {
      await config.update('gists', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('refuses fewer than two variants without calling the service', async function () {
    assert.equal(await compare({ gistId: 'welcome-email', variants: ['formal'] }), undefined);
    assert.equal((await service().calls()).length, 0);
  });
});
