// A stored key goes only to the service it was checked with (issue 23 B5), in a real VS Code with
// two local services: "old", where the key was checked, and "new", which must never see it.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { startService, type CallRecord, type RunningService } from '../../tools/service/index';
import { recordShownMessages } from './shownMessages';
import { DEMO_KEY, OTHER_KEY, extensionApi, service, serviceUrl, signIn, waitFor, type TestedApi } from './support';

const WORK_SECRET = 'gist.apiKey/Work';

const keysSent = (calls: readonly CallRecord[]): unknown[] => calls.map((call) => call.headers['service-api-key']);

describe('Stored keys are bound to the service they were checked with', function () {
  let api: TestedApi;
  let oldService: RunningService;
  let newService: RunningService;
  let first: string;

  const gist = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('gist');

  async function setProfiles(entries: unknown[] | undefined, expected: string[]): Promise<void> {
    await gist().update('profiles', entries, vscode.ConfigurationTarget.Global);
    await waitFor(`the profiles ${expected.join(', ')}`, () => JSON.stringify(api.state().profiles) === JSON.stringify(expected));
  }

  async function switchTo(profile: string): Promise<void> {
    assert.equal(await vscode.commands.executeCommand('gist.switchAccount', { profile }), profile);
    await api.testing.whenAccountSettled();
  }

  before(async function () {
    api = await extensionApi();
    first = new URL(serviceUrl()).host;
    oldService = await startService({ control: false });
    newService = await startService({ control: false });
  });

  beforeEach(async function () {
    await service().clearCalls();
    oldService.clearCalls();
    newService.clearCalls();
  });

  afterEach(async function () {
    await gist().update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
    await api.testing.forgetProfilePick();
    await setProfiles(undefined, [first]);
    await api.testing.secrets.delete(WORK_SECRET);
    await signIn(api);
  });

  after(async function () {
    await oldService.close();
    await newService.close();
  });

  it('a removed profile’s key is not sent to a new profile of the same name at another URL; it is asked for again (issue 23 B5)', async function () {
    await setProfiles([{ name: 'Work', baseUrl: oldService.url }], [first, 'Work']);
    assert.equal((await vscode.commands.executeCommand<{ name: string }>('gist.setApiKey', { apiKey: OTHER_KEY, profile: 'Work' }))?.name, 'Grace Hopper');
    assert.ok(keysSent(oldService.calls()).includes(OTHER_KEY), 'checked with the old service');
    await setProfiles(undefined, [first]);
    await setProfiles([{ name: 'Work', baseUrl: newService.url }], [first, 'Work']);
    await switchTo('Work');
    const { status } = api.state();
    assert.equal(status.kind, 'error');
    assert.match(status.kind === 'error' ? status.message : '', new RegExp(`checked with ${new URL(oldService.url).host.replace(/\./g, '\\.')}`));
    // A language model tool reads the connection without prompting: no key for this service.
    const reply = (await vscode.lm.invokeTool('gist_generate', { input: { gistId: 'echo', values: { text: 'x' } }, toolInvocationToken: undefined })).content;
    assert.match(JSON.stringify(reply), /Not signed in to the gist service/);
    assert.ok(!keysSent(newService.calls()).includes(OTHER_KEY), 'the old key never reached the new service');
    // The key for the new service, given again, is bound to it and works.
    assert.equal((await vscode.commands.executeCommand<{ name: string }>('gist.setApiKey', { apiKey: DEMO_KEY, profile: 'Work' }))?.name, 'Ada Lovelace');
    await waitFor('signed in to the new Work', () => api.state().status.kind === 'signedIn');
  });

  it('the first profile’s key is not sent once gist.baseUrl names another service, and works again when it names its own', async function () {
    await signIn(api, DEMO_KEY);
    await gist().update('baseUrl', newService.url, vscode.ConfigurationTarget.Global);
    await waitFor('the key no longer used', () => api.state().status.kind === 'error');
    assert.deepEqual(keysSent(newService.calls()), [], 'nothing reached the new service');
    await gist().update('baseUrl', serviceUrl(), vscode.ConfigurationTarget.Global);
    await waitFor('signed in again with the same key', () => api.state().status.kind === 'signedIn');
  });

  it('keys of profiles that no longer exist are listed for removal, and removed by Gist: Remove Unused API Keys…', async function () {
    await setProfiles([{ name: 'Work', baseUrl: oldService.url }], [first, 'Work']);
    await vscode.commands.executeCommand('gist.setApiKey', { apiKey: OTHER_KEY, profile: 'Work' });
    await setProfiles(undefined, [first]);
    const removed = await vscode.commands.executeCommand<Array<{ profile: string; reason: string }>>('gist.removeUnusedKeys', { all: true });
    assert.deepEqual(removed, [{ profile: 'Work', reason: 'profileGone', service: oldService.url }]);
    assert.equal(await api.testing.secrets.get(WORK_SECRET), undefined);
    assert.deepEqual(await vscode.commands.executeCommand('gist.removeUnusedKeys', { all: true }), [], 'nothing left to remove');
    assert.equal(api.state().status.kind, 'signedIn', 'the first profile’s key stays');
    assert.ok(!keysSent(await service().calls()).includes(OTHER_KEY));
  });

  it('a key whose name another window’s write of global state lost is listed for removal again once its profile is used (VS Code 1.100 cannot list secrets)', async function () {
    await setProfiles([{ name: 'Work', baseUrl: oldService.url }], [first, 'Work']);
    await vscode.commands.executeCommand('gist.setApiKey', { apiKey: OTHER_KEY, profile: 'Work' });
    // Another window, its copy of this extension's global state older than the key, writes it whole:
    // the list of secret names no longer holds Work's.
    const names = api.testing.globalState.get<string[]>('gist.apiKeySecrets') ?? [];
    assert.ok(names.includes(WORK_SECRET), JSON.stringify(names));
    await api.testing.globalState.update(
      'gist.apiKeySecrets',
      names.filter((name) => name !== WORK_SECRET),
    );
    // Work is used (its status checked), then removed from the settings.
    await switchTo('Work');
    assert.equal(api.state().status.kind, 'signedIn');
    await switchTo(first);
    await setProfiles(undefined, [first]);
    const removed = await vscode.commands.executeCommand<Array<{ profile: string; reason: string }>>('gist.removeUnusedKeys', { all: true });
    assert.deepEqual(removed, [{ profile: 'Work', reason: 'profileGone', service: oldService.url }]);
    assert.equal(await api.testing.secrets.get(WORK_SECRET), undefined);
  });

  it('one unused key: Switch Account offers to remove it and Remove Unused API Keys… removes it, both in the singular', async function () {
    await setProfiles([{ name: 'Work', baseUrl: oldService.url }], [first, 'Work']);
    await vscode.commands.executeCommand('gist.setApiKey', { apiKey: OTHER_KEY, profile: 'Work' });
    await setProfiles(undefined, [first]);
    // Switch Account offers to remove it, counted in the singular: its pick, read and closed.
    const created: Array<vscode.QuickPick<vscode.QuickPickItem>> = [];
    const windowWithPicks = vscode.window as { createQuickPick: typeof vscode.window.createQuickPick };
    const createQuickPick = windowWithPicks.createQuickPick;
    windowWithPicks.createQuickPick = (<T extends vscode.QuickPickItem>(): vscode.QuickPick<T> => {
      const picker = createQuickPick.call(vscode.window) as vscode.QuickPick<T>;
      created.push(picker);
      return picker;
    });
    try {
      const switched = vscode.commands.executeCommand('gist.switchAccount');
      const picker = await waitFor('the Switch Account pick with its items', () => created.find((one) => one.items.length > 0));
      const removal = picker.items.find((one) => one.label.includes('Remove Unused API Keys'));
      picker.hide();
      await switched;
      assert.equal(removal?.detail, '1 stored key is never sent: its profile is gone, or names another service now');
    } finally {
      windowWithPicks.createQuickPick = createQuickPick;
    }
    // The pick of keys to remove is a quick pick this extension host cannot answer: what it offers
    // is taken as offered (every key picked), as Enter does.
    const window = vscode.window as { showQuickPick: typeof vscode.window.showQuickPick };
    const original = window.showQuickPick;
    const offered: vscode.QuickPickItem[] = [];
    window.showQuickPick = (async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => {
      const all = await items;
      offered.push(...all);
      return all.filter((one) => one.picked === true);
    }) as unknown as typeof vscode.window.showQuickPick;
    const messages = recordShownMessages(() => undefined);
    let removed: unknown;
    try {
      removed = await vscode.commands.executeCommand('gist.removeUnusedKeys');
    } finally {
      window.showQuickPick = original;
      messages.dispose();
    }
    assert.deepEqual(removed, [{ profile: 'Work', reason: 'profileGone', service: oldService.url }]);
    assert.deepEqual(
      offered.map((one) => one.label),
      ['Work'],
    );
    assert.deepEqual(
      messages.shown.map((message) => message.texts[0]),
      ['Removed 1 unused API key from the system keychain.'],
    );
    assert.equal(await api.testing.secrets.get(WORK_SECRET), undefined);
  });

  it('migration: a key stored before keys were bound still works for its unchanged service; a plain value found later is never sent', async function () {
    // As the version before this one stored it: the plain key.
    await api.testing.secrets.store('gist.apiKey', OTHER_KEY);
    await api.testing.bindKeysAsOnFirstStart();
    await waitFor('signed in with the key stored before', () => { const { status } = api.state(); return status.kind === 'signedIn' && status.user.name === 'Grace Hopper'; });
    const bound = (await api.testing.secrets.get('gist.apiKey')) ?? '';
    assert.ok(bound.startsWith('gist-key-v1 '), 'bound to the service now');
    assert.equal(JSON.parse(bound.slice('gist-key-v1 '.length)).baseUrl, serviceUrl());
    // Once bound, a plain value (from no version that binds keys) is not a key for any service.
    await setProfiles([{ name: 'Work', baseUrl: newService.url }], [first, 'Work']);
    await api.testing.secrets.store(WORK_SECRET, OTHER_KEY);
    await switchTo('Work');
    assert.equal(api.state().status.kind, 'error');
    assert.deepEqual(keysSent(newService.calls()), []);
  });
});
